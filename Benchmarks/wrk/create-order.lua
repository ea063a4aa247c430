-- wrk script: POST /v1/order with a unique order id per request (threads get disjoint id ranges),
-- authenticated as the sandbox's seeded Button key.
local counter = 0
thread_id = 0
local threads = {}

function setup(thread)
  thread:set("thread_id", #threads)
  table.insert(threads, thread)
end

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Basic c2stc2FuZGJveDo="   -- sk-sandbox with an empty password
end

function request()
  counter = counter + 1
  local body = string.format(
    '{"order_id":"wrk-%d-%d-%d","total":5000,"currency":"USD","purchase_date":"2026-01-01T00:00:00Z",' ..
    '"line_items":[{"identifier":"sku-1","total":5000,"quantity":1}]}', os.time(), thread_id, counter)
  return wrk.format(nil, "/v1/order", nil, body)
end
