#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ (one harness per parser of outside data), each for a fixed time, and prints
# executions, speed and coverage per target.
#
#   scripts/fuzz.sh                    # every target, 600 s each
#   scripts/fuzz.sh json 60            # one target for a minute
#   scripts/fuzz.sh --list
#
# The build goes to its own scratch path (.build-fuzz) with -sanitize=fuzzer,address and -D FUZZING. Inputs
# libFuzzer finds are kept in .build-fuzz/corpus/<target> (reused by the next run, never committed); the seeds
# in Fuzz/Corpus/<target> are only read. A crash is written to .build-fuzz/artifacts/<target>/: replay it with
# `swift run CommerceFuzz <target> <file>`, fix the parser, and commit the input under Fuzz/Corpus/<target>/ so
# that CommerceFuzzTests replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--list" ]; then
    ls Fuzz/Corpus
    exit 0
fi
targets=${1:-all}
seconds=${2:-600}
[ "$targets" = all ] && targets=$(ls Fuzz/Corpus)

scratch=.build-fuzz
mkdir -p "$scratch/logs"
# SwiftPM links with the system's gold, which fails on this link (an internal error); the toolchain's lld works.
lld="$(dirname "$(readlink -f "$(command -v swift)")")/ld.lld"
printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" > "$scratch/toolset.json"
nice -n 10 swift build -c release --scratch-path "$scratch" --toolset "$scratch/toolset.json" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product CommerceFuzz
binary="$scratch/release/CommerceFuzz"

summary=()
status=0
for target in $targets; do
    [ -d "Fuzz/Corpus/$target" ] || { echo "no such target: $target (see --list)"; exit 2; }
    mkdir -p "$scratch/corpus/$target" "$scratch/artifacts/$target"
    log="$scratch/logs/$target.log"
    echo "== $target: $seconds s"
    # -timeout: an input slower than 25 s is a finding; the legitimate worst case (PKCS#12 KDF at the
    # 1,000,000-iteration limit under ASan) stays under it.
    # The Swift backtracer would run after libFuzzer reports a crash and trip ASan itself; libFuzzer prints the stack.
    if SWIFT_BACKTRACE=enable=no COMMERCE_FUZZ_TARGET=$target nice -n 10 "$binary" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$scratch/artifacts/$target/" \
        "$scratch/corpus/$target" "Fuzz/Corpus/$target" > "$log" 2>&1; then
        result=ok
    else
        result="FOUND (see $log and $scratch/artifacts/$target/)"
        status=1
    fi
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(sed -nE 's/.* cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+).*/cov \1, ft \2, corpus \3/p' <<< "$last")
    line="$target: ${runs:-?} executions, ${speed:-?} exec/s, ${cov:-no coverage line}, $result"
    echo "$line"
    summary+=("$line")
done
echo
printf '%s\n' "${summary[@]}"
exit $status
