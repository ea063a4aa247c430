#!/usr/bin/env bash
# Builds the package's tests with a sanitizer and runs the whole suite (or the `swift test` filters given after the
# sanitizer's name) under it. Each sanitizer has its own scratch path, so the plain `.build` stays as it is.
#
#   scripts/sanitize.sh address                     # AddressSanitizer, .build-asan
#   scripts/sanitize.sh thread                      # ThreadSanitizer, .build-tsan
#   scripts/sanitize.sh thread --filter RezolveSDKTests
#
# Fails when the build or a test fails, or when the sanitizer reported anything (the log is kept next to the build:
# .build-asan/sanitize.log, .build-tsan/sanitize.log). Reports that come from other packages, and only those, are
# suppressed in scripts/sanitizers/<sanitizer>.supp, each with a comment naming the upstream bug.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

case "${1:-}" in
    address) short=asan; label=AddressSanitizer ;;
    thread) short=tsan; label=ThreadSanitizer ;;
    *) echo "usage: $0 address|thread [swift test arguments, e.g. --filter RezolveSDKTests]" >&2; exit 2 ;;
esac
sanitizer=$1
shift
scratch="$ROOT/.build-$short"
log="$scratch/sanitize.log"
suppressions="$ROOT/scripts/sanitizers/$short.supp"
mkdir -p "$scratch"

# The Swift runtime's backtracer would catch the sanitizer's own abort and print over its report.
export SWIFT_BACKTRACE=enable=no
# Leak reports are off: the Swift runtime keeps metadata and caches for the life of the process, which LeakSanitizer
# reports as leaks in every test; leaks are not what these runs look for.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:suppressions=$suppressions}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-suppressions=$suppressions:second_deadlock_stack=1}"

SECONDS=0
echo "==> building the tests with --sanitize=$sanitizer in ${scratch#"$ROOT"/}"
swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
build_seconds=$SECONDS

SECONDS=0
echo "==> swift test under $label (log: ${log#"$ROOT"/})"
status=0
swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "$@" >"$log" 2>&1 || status=$?
run_seconds=$SECONDS
tail -n 5 "$log"

reports=$(grep -c -E "^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer)" "$log" || true)
echo "==> $label: build ${build_seconds}s, run ${run_seconds}s, ${reports} report(s), swift test exit status ${status}"
if [ "$reports" -gt 0 ]; then
    grep -E "^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer|SUMMARY: )" "$log" | sort | uniq -c | sort -rn
    echo "$label reported the above; the reports are in ${log#"$ROOT"/}"
    exit 1
fi
exit "$status"
