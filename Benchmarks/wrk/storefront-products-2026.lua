-- wrk script: the same Storefront query as storefront-products.lua on the 2026-04 version (shop name, ten
-- products, three variants each with a price; 2026-04's `price` is the MoneyV2 that 2021-10 called `priceV2`).
local query = '{ shop { name } products(first: 10) { edges { node { id title variants(first: 3) ' ..
  '{ edges { node { id price { amount } } } } } } } }'

function init(args)
  wrk.method = "POST"
  wrk.path = "/api/2026-04/graphql.json"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["X-Shopify-Storefront-Access-Token"] = "sandbox-storefront-token"
  wrk.body = '{"query":"' .. query .. '"}'
end

-- wrk counts answers outside 2xx/3xx; printed so a run that only measured errors is visible.
function done(summary, latency, requests)
  io.write(string.format("storefront-products-2026: %d non-200 answers\n", summary.errors.status))
end
