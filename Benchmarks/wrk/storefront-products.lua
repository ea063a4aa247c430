-- wrk script: the Storefront query of issue 12 (shop name, ten products, three variants each with a price),
-- the same document every time as the Buy SDK sends it, with the seeded demo token.
local query = '{ shop { name } products(first: 10) { edges { node { id title variants(first: 3) ' ..
  '{ edges { node { id priceV2 { amount } } } } } } } }'

function init(args)
  wrk.method = "POST"
  wrk.path = "/api/2021-10/graphql.json"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["X-Shopify-Storefront-Access-Token"] = "sandbox-storefront-token"
  wrk.body = '{"query":"' .. query .. '"}'
end

-- wrk counts answers outside 2xx/3xx; printed so a run that only measured errors is visible.
function done(summary, latency, requests)
  io.write(string.format("storefront-products: %d non-200 answers\n", summary.errors.status))
end
