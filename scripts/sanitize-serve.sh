#!/usr/bin/env bash
# Runs `commercekit serve` built with ThreadSanitizer (scripts/sanitize.sh thread builds it in .build-tsan) under wrk
# for DURATION (default 180s): create-order, the Storefront products query, and console polling of the request journal,
# all at once (Benchmarks/wrk/*.lua). Races in the server show under concurrent load, not in unit tests.
# Prints each wrk summary and every ThreadSanitizer report; fails when there is one. Needs Debian's `wrk`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DURATION=${DURATION:-180s}
scratch="$ROOT/.build-tsan"
if [ -z "${BIN:-}" ]; then   # BIN=<path to a TSan-built commercekit> skips the build
    swift build --product commercekit --sanitize=thread --scratch-path "$scratch"
    BIN="$(swift build --sanitize=thread --scratch-path "$scratch" --show-bin-path)/commercekit"
fi
DATA=$(mktemp -d)
log="$scratch/serve-under-wrk.log"
export SWIFT_BACKTRACE=enable=no
export TSAN_OPTIONS="${TSAN_OPTIONS:-suppressions=$ROOT/scripts/sanitizers/tsan.supp:second_deadlock_stack=1}"
"$BIN" serve --host 127.0.0.1 --port 0 --data-dir "$DATA" >"$log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; rm -rf "$DATA"' EXIT
URL=""
for _ in $(seq 1 300); do
    URL=$(sed -n 's/^CommerceKit sandbox listening on \(http[^ ]*\).*/\1/p' "$log" | head -n 1)
    [ -n "$URL" ] && curl -fsS "$URL/sandbox/health" >/dev/null 2>&1 && break
    sleep 0.2
done
[ -n "$URL" ] || { echo "sandbox did not start:"; cat "$log"; exit 1; }
echo "==> $URL under wrk for $DURATION: create-order, Storefront query, journal and console polling at once"
wrk -t1 -c4 -d"$DURATION" -s Benchmarks/wrk/create-order.lua "$URL" >"$scratch/wrk-create-order.txt" &
W1=$!
wrk -t1 -c4 -d"$DURATION" -s Benchmarks/wrk/storefront-products.lua "$URL" >"$scratch/wrk-storefront.txt" &
W2=$!
wrk -t1 -c2 -d"$DURATION" -s Benchmarks/wrk/console-poll.lua "$URL" >"$scratch/wrk-console.txt" &
W3=$!
wait $W1 $W2 $W3
for summary in create-order storefront console; do
    echo "--- $summary"
    grep -E "Requests/sec|requests in|Non-2xx|Socket errors|non-200" "$scratch/wrk-$summary.txt" || true
done
kill -INT $PID 2>/dev/null || true
wait $PID 2>/dev/null || true
trap 'rm -rf "$DATA"' EXIT
reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
echo "==> ThreadSanitizer: ${reports} report(s) from the server (log: ${log#"$ROOT"/})"
if [ "$reports" -gt 0 ]; then
    grep -A12 "WARNING: ThreadSanitizer" "$log"
    exit 1
fi
