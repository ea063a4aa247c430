#!/usr/bin/env bash
# Measures a release `commercekit serve` with wrk (Debian package `wrk`; install it yourself, this script
# installs nothing): the no-op GET /sandbox/ping, then POST /v1/order with unique ids and the Storefront
# products query (storefront-products.lua), same server, same run,
# 8 connections on 2 threads. Prints wrk's summaries and the throughput ratio.
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
measure() {
  local summary
  summary=$(wrk -t2 -c8 -d"$DURATION" --latency "$@")
  echo "$summary" >&2
  echo "$summary" | awk '/Requests\/sec/ {print $2}'
}
echo "== GET /sandbox/ping (no-op ceiling)" >&2
PING=$(measure "$URL/sandbox/ping")
echo "== POST /v1/order (durable SQLite, WAL)" >&2
ORDER=$(measure -s Benchmarks/wrk/create-order.lua "$URL")
echo "== POST /api/2021-10/graphql.json (Storefront: shop + 10 products x 3 variants, one document)" >&2
STOREFRONT=$(measure -s Benchmarks/wrk/storefront-products.lua "$URL")
awk -v o="$ORDER" -v p="$PING" 'BEGIN { printf "create-order / no-op throughput ratio: %.3f\n", o / p }'
awk -v s="$STOREFRONT" -v p="$PING" 'BEGIN { printf "storefront products query / no-op throughput ratio: %.3f\n", s / p }'
