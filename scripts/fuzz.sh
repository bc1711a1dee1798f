#!/usr/bin/env bash
# Fuzzing poda's parsers and protocol loops (the targets are in fuzz/, listed by `list`).
#
#   scripts/fuzz.sh short  [TARGET...]  a short run of each target (CI): FUZZ_SECONDS (5) seconds
#                                       each with libFuzzer, or the stable harness if libFuzzer
#                                       cannot run here
#   scripts/fuzz.sh long   [TARGET...]  FUZZ_RUNS (1000000) inputs a target with libFuzzer, one
#                                       target after another under nice; logs and a summary in
#                                       fuzz/logs/
#   scripts/fuzz.sh replay [TARGET...]  the stable harness: the seeds, then FUZZ_INPUTS (2000)
#                                       random and mutated inputs a target (up to 1 MiB long)
#   scripts/fuzz.sh list                the targets
#
# libFuzzer runs through cargo-fuzz (installed with `cargo install` if missing) and needs a C++
# compiler. With a nightly toolchain (`rustup toolchain list`) the targets are built with
# AddressSanitizer; without one, on stable with `--sanitizer none` (still coverage-guided).
# If cargo-fuzz cannot be installed or there is no C++ compiler, `short` falls back to the
# stable harness. FUZZ_ENGINE=replay forces the harness.
# Every input must be answered within a second (-timeout=1) and in 2 GiB (-rss_limit_mb,
# -malloc_limit_mb). A failing input is saved under fuzz/artifacts/TARGET/; keep it in
# fuzz/seeds/TARGET/ once the bug is fixed. The working corpora grow in fuzz/corpus/ (not
# committed).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

MODE="${1:-short}"
shift || true
ENGINE="${FUZZ_ENGINE:-auto}"
LIMITS=(-timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=2048)

targets() {
    if [ "$#" -gt 0 ]; then
        printf '%s\n' "$@"
    else
        sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v -x -e poda-fuzz -e replay
    fi
}

# nightly (with AddressSanitizer) if installed, else stable (no sanitizer).
if ! command -v rustup >/dev/null; then
    FUZZ=(cargo fuzz)
    SANITIZER=none
elif rustup toolchain list | grep -q '^nightly'; then
    FUZZ=(cargo +nightly fuzz)
    SANITIZER=address
else
    FUZZ=(cargo +stable fuzz)
    SANITIZER=none
fi

# Whether libFuzzer can run here (installs cargo-fuzz if missing).
libfuzzer_ready() {
    [ "$ENGINE" = replay ] && return 1
    command -v c++ >/dev/null || command -v clang++ >/dev/null || return 1
    if ! cargo fuzz --version >/dev/null 2>&1; then
        echo "-- installing cargo-fuzz" >&2
        cargo install cargo-fuzz --locked >&2 || return 1
    fi
}

build() {
    echo "-- building the targets (${FUZZ[*]}, sanitizer: $SANITIZER)"
    "${FUZZ[@]}" build --sanitizer "$SANITIZER"
}

replay() {
    cargo build --release --no-default-features --bin replay
    # shellcheck disable=SC2046
    ./target/release/replay --inputs "${FUZZ_INPUTS:-2000}" $(targets "$@")
}

# Targets whose code starts threads (the ugr-bot's time keeper, the tournament's worker) run
# without LeakSanitizer: glibc's record of a thread's thread-local destructors
# (__cxa_thread_atexit_impl, 32 bytes) is freed when the thread exits, just after the scope
# that joined it returns, and LeakSanitizer reported it now and then as a leak (not repeated
# by 9,000 reruns of the input). Memory growth is still bounded by -rss_limit_mb and
# -malloc_limit_mb.
leak_option() {
    case "$1" in
    ugr_session | tournament_resume | records) echo -detect_leaks=0 ;;
    *) echo -detect_leaks=1 ;;
    esac
}

run_libfuzzer() { # target, extra libFuzzer options...
    local t="$1"
    shift
    mkdir -p "corpus/$t"
    RUST_BACKTRACE=0 "${FUZZ[@]}" run --sanitizer "$SANITIZER" "$t" "corpus/$t" "seeds/$t" -- \
        -dict="dicts/$t.dict" "${LIMITS[@]}" "$(leak_option "$t")" "$@"
}

case "$MODE" in
list)
    targets
    ;;
replay)
    replay "$@"
    ;;
short)
    if [ "$ENGINE" = libfuzzer ] || { [ "$ENGINE" = auto ] && libfuzzer_ready; }; then
        build
        mkdir -p logs
        for t in $(targets "$@"); do
            status=0
            run_libfuzzer "$t" -max_total_time="${FUZZ_SECONDS:-5}" > "logs/short-$t.log" 2>&1 || status=$?
            echo "-- $t: $(grep -E '^Done [0-9]+ runs' "logs/short-$t.log" | tail -1)"
            if [ "$status" != 0 ]; then
                grep -E -A 12 'panicked|ERROR' "logs/short-$t.log" | head -40
                echo "fuzz target $t failed: input in fuzz/artifacts/$t/, log in fuzz/logs/short-$t.log"
                exit 1
            fi
        done
    else
        echo "-- libFuzzer cannot run here: the stable harness instead"
        replay "$@"
    fi
    ;;
long)
    libfuzzer_ready || { echo "long runs need libFuzzer (cargo-fuzz and a C++ compiler)"; exit 1; }
    build
    renice -n 10 -p $$ > /dev/null
    mkdir -p logs
    summary="logs/summary.md"
    echo "| target | inputs | seconds | inputs/s | coverage (cov, ft) | corpus | peak RSS MB | result |" > "$summary"
    echo "|---|---:|---:|---:|---|---:|---:|---|" >> "$summary"
    failed=()
    for t in $(targets "$@"); do
        echo "-- $t ($(date -u +%H:%M:%S))"
        start=$(date +%s)
        status=0
        run_libfuzzer "$t" -runs="${FUZZ_RUNS:-1000000}" -print_final_stats=1 > "logs/$t.log" 2>&1 || status=$?
        seconds=$(( $(date +%s) - start ))
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "logs/$t.log" | tail -1)
        rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "logs/$t.log" | tail -1)
        last=$(grep -E '^#[0-9]+' "logs/$t.log" | tail -1)
        cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/\1, \2/p')
        corp=$(echo "$last" | sed -n 's/.*corp: \([0-9]*\)\/.*/\1/p')
        result=clean
        if [ "$status" != 0 ]; then
            result="FAILED (fuzz/artifacts/$t/, logs/$t.log)"
            failed+=("$t")
        fi
        echo "| $t | ${runs:-?} | $seconds | $(( ${runs:-0} / (seconds > 0 ? seconds : 1) )) | ${cov:-?} | ${corp:-?} | ${rss:-?} | $result |" | tee -a "$summary"
    done
    echo "summary: fuzz/$summary"
    [ "${#failed[@]}" = 0 ] || { echo "failing targets: ${failed[*]}"; exit 1; }
    ;;
*)
    echo "usage: scripts/fuzz.sh short|long|replay|list [TARGET...]" >&2
    exit 2
    ;;
esac
