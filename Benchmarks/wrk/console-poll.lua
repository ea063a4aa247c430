-- wrk script: what an open sandbox console asks every tick (console.js): the request journal (whole, then only
-- what is new), one entry's detail, the faults, the clock and a panel's first page, in turn.
local paths = {
  "/sandbox/requests?limit=50",
  "/sandbox/requests?after=1&limit=50",
  "/sandbox/requests/1",
  "/sandbox/faults",
  "/sandbox/clock",
  "/sandbox/storefront/shops?limit=25&offset=0",
}
local next_path = 0

function request()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path])
end
