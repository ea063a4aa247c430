#!/usr/bin/env bash
# Measures a release `commercekit serve` with wrk (Debian package `wrk`; install it yourself, this script
# installs nothing): the no-op GET /sandbox/ping, then POST /v1/order with unique ids and the Storefront
# products query on 2021-10 (storefront-products.lua) and on 2026-04 (the same script with `-- 2026-04`), same server,
# same run,
# 8 connections on 2 threads, in ROUNDS (default 3) alternating rounds. Prints wrk's summaries, each round's
# throughput ratios and the ratios of the medians.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-10s}
BIN=${BIN:-"$(swift build -c release --scratch-path .build-release --show-bin-path)/commercekit"}
DATA=$(mktemp -d)
"$BIN" serve --host 127.0.0.1 --port 0 --data-dir "$DATA" >"$DATA/serve.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; rm -rf "$DATA"' EXIT
for _ in $(seq 1 100); do
  URL=$(sed -n 's/^CommerceKit sandbox listening on \(http[^ ]*\).*/\1/p' "$DATA/serve.log" | head -n 1)
  [ -n "$URL" ] && curl -fsS "$URL/sandbox/health" >/dev/null 2>&1 && break
  sleep 0.2
done
wrk -t2 -c8 -d2s "$URL/sandbox/ping" >/dev/null   # warm-up
# Each wrk summary is printed whole, then its req/s kept (tee to /dev/stderr would truncate a redirected file).
# Each measurement starts after `sync`: the orders of the previous one leave tens of megabytes of dirty pages,
# and the kernel writing them back during the next measurement took CPU from whichever route ran next.
measure() {
  local summary
  sync
  summary=$(wrk -t2 -c8 -d"$DURATION" --latency "$@")
  echo "$summary" >&2
  echo "$summary" | awk '/Requests\/sec/ {print $2}'
}
# The no-op ceiling itself moves by several per cent from one 10 s run to the next on a shared machine, so the
# three routes are measured in ROUNDS alternating rounds; each round's ratios are printed, then the ratios of
# the medians.
ROUNDS=${ROUNDS:-3}
PINGS=(); ORDERS=(); STOREFRONTS=(); STOREFRONTS_2026=()
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round: GET /sandbox/ping (no-op ceiling)" >&2
  PINGS+=("$(measure "$URL/sandbox/ping")")
  echo "== round $round: POST /v1/order (durable SQLite, WAL)" >&2
  ORDERS+=("$(measure -s Benchmarks/wrk/create-order.lua "$URL")")
  echo "== round $round: POST /api/2021-10/graphql.json (Storefront: shop + 10 products x 3 variants, one document)" >&2
  STOREFRONTS+=("$(measure -s Benchmarks/wrk/storefront-products.lua "$URL")")
  echo "== round $round: POST /api/2026-04/graphql.json (the same query on 2026-04)" >&2
  STOREFRONTS_2026+=("$(measure -s Benchmarks/wrk/storefront-products.lua "$URL" -- 2026-04)")
  awk -v r="$round" -v p="${PINGS[-1]}" -v o="${ORDERS[-1]}" -v s="${STOREFRONTS[-1]}" -v n="${STOREFRONTS_2026[-1]}" \
    'BEGIN { printf "round %d: no-op %.0f req/s, create-order %.0f (%.3fx), storefront %.0f (%.3fx), 2026-04 %.0f (%.3fx)\n", r, p, o, o / p, s, s / p, n, n / p }'
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
PING=$(median "${PINGS[@]}"); ORDER=$(median "${ORDERS[@]}"); STOREFRONT=$(median "${STOREFRONTS[@]}")
STOREFRONT_2026=$(median "${STOREFRONTS_2026[@]}")
awk -v o="$ORDER" -v p="$PING" 'BEGIN { printf "create-order / no-op throughput ratio (medians of the rounds): %.3f\n", o / p }'
awk -v s="$STOREFRONT" -v p="$PING" 'BEGIN { printf "storefront products query / no-op throughput ratio (medians of the rounds): %.3f\n", s / p }'
awk -v s="$STOREFRONT_2026" -v p="$PING" 'BEGIN { printf "storefront products query on 2026-04 / no-op throughput ratio (medians of the rounds): %.3f\n", s / p }'
