#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan) in build-fuzz and runs one or
# all of them for a given time each, one process at a time.
#
#   scripts/fuzz.sh all 300          # every target for 5 minutes
#   scripts/fuzz.sh query 60         # one target ("fuzz_" prefix optional)
#   scripts/fuzz.sh list             # the targets
#
# Seeds: fuzz/corpus/<target>/ (read only). New inputs found are kept in
# build-fuzz/corpus/<target>/ so later runs resume from them. A crash stops the
# target and leaves its input in build-fuzz/crashes/<target>/; fix the bug, then
# add the input as a regression test (tests/hardening/test_fuzz_regressions.cpp).
# Environment: CVSEARCH_FUZZ_BUILD (build directory, default build-fuzz),
# JOBS (build parallelism, default 2), FUZZ_ARGS (extra libFuzzer flags).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(text_reader markdown_reader latex_reader html_reader pdf_reader json_resume_reader profile_json_reader extractor query http_request)
what=${1:-}
seconds=${2:-60}
if [[ -z "$what" ]]; then
  echo "usage: scripts/fuzz.sh TARGET|all|list [SECONDS]" >&2
  exit 2
fi
if [[ "$what" == list ]]; then
  printf '%s\n' "${targets[@]}"
  exit 0
fi
what=${what#fuzz_}
if [[ "$what" == all ]]; then
  run=("${targets[@]}")
else
  if [[ ! " ${targets[*]} " =~ " $what " ]]; then
    echo "scripts/fuzz.sh: unknown target '$what'; one of: ${targets[*]}" >&2
    exit 2
  fi
  run=("$what")
fi
if ! command -v clang++ >/dev/null; then
  echo "scripts/fuzz.sh: clang++ not found; install it with: apt-get install -y clang" >&2
  exit 2
fi

build=${CVSEARCH_FUZZ_BUILD:-build-fuzz}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DCVSEARCH_FUZZ=ON \
      -DCVSEARCH_BUILD_TESTS=OFF -DCVSEARCH_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "${JOBS:-2}" --target "${run[@]/#/fuzz_}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
status=0
for t in "${run[@]}"; do
  corpus="$build/corpus/$t"
  crashes="$build/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  echo "== fuzz_$t for ${seconds}s"
  start=$(date +%s)
  # shellcheck disable=SC2086
  if "$build/fuzz/fuzz_$t" "$corpus" "fuzz/corpus/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" ${FUZZ_ARGS:-} 2>"$build/fuzz-$t.log"; then
    echo "   ok: $(( $(date +%s) - start ))s, $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$build/fuzz-$t.log" | grep -o '[0-9]*$') runs, corpus $(ls "$corpus" | wc -l) files"
  else
    status=1
    echo "   FAILED after $(( $(date +%s) - start ))s; input(s) in $crashes, log $build/fuzz-$t.log:" >&2
    grep -m5 -E 'ERROR|SUMMARY|contract broken|runtime error' "$build/fuzz-$t.log" >&2 || true
  fi
done
exit $status
