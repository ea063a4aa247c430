-- wrk script: the Storefront query of issue 12 (shop name, ten products, three variants each with a price),
-- the same document every time as the Buy SDK sends it, with the seeded demo token. With `-- 2026-04` after the
-- URL, the same query on 2026-04, where `price` is the MoneyV2 that 2021-10 calls `priceV2`.
local versions = {
  ["2021-10"] = "priceV2",
  ["2026-04"] = "price",
}

function init(args)
  local version = args[1] or "2021-10"
  local price = versions[version] or error("unknown API version " .. version)
  local query = '{ shop { name } products(first: 10) { edges { node { id title variants(first: 3) ' ..
    '{ edges { node { id ' .. price .. ' { amount } } } } } } } }'
  wrk.method = "POST"
  wrk.path = "/api/" .. version .. "/graphql.json"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["X-Shopify-Storefront-Access-Token"] = "sandbox-storefront-token"
  wrk.body = '{"query":"' .. query .. '"}'
end

-- wrk counts answers outside 2xx/3xx; printed so a run that only measured errors is visible.
function done(summary, latency, requests)
  io.write(string.format("storefront-products: %d non-200 answers\n", summary.errors.status))
end
