#!/usr/bin/env bash
# The reliability report: everything cvsearch claims to survive, run at once on
# this machine, ending in ONE Markdown table (docs/reliability.md holds the
# latest). Not part of the normal test run.
#
#   scripts/torture.sh                 # full: about 25 minutes on 2 cores, after the builds
#   TORTURE_QUICK=1 scripts/torture.sh # the same steps, small: a few minutes (development)
#
# Steps (each reuses the project's own harness; the table says what ran):
#   1. crash safety     scripts/crash-test.sh: SIGKILL at random moments of incremental,
#                       compacting (--compact-growth 1) and --full runs; after each kill
#                       xapian-check passes and the index holds exactly the old or new ids
#   2. readers/writes   tests/hardening/test_stress.cpp (8 reader threads, a writer that
#                       commits and swaps generations) with `cvsearch serve` reading the
#                       same index under a bounded HTTP loop (scripts/torture/http_load.py)
#   3. serve abuse      scripts/torture/serve_abuse.sh: 2,000 idle connections, slowloris,
#                       64 KB headers, 1 MB URLs, bodies, traversal, bad escapes, odd methods
#   4. fuzzers          the 10 libFuzzer targets (fuzz/, clang, ASan+UBSan), all at once
#                       for FUZZ_SECONDS of wall time each: 10 processes share the cores,
#                       so each gets about cores/10 of the CPU; the table gives each
#                       target's CPU seconds and executions (-timeout=25: a unit may take
#                       5x longer than alone before it counts as a hang)
#   5. bad inputs       the bad-input tests (tests/hardening/test_bad_input.cpp, the PDF
#                       reader's truncated and encrypted PDFs) through `index` and `parse`
#   6. size sweep       scripts/torture/size_sweep.sh 4 8 16 32 MB: CPU time per MB must
#                       stay flat (linear)
#
# Environment: TORTURE_QUICK=1; TORTURE_OUT (logs, default build-torture);
# CVSEARCH_BUILD_DIR (default build); CVSEARCH_FUZZ_BUILD (default build-fuzz);
# CRASH_KILLS, CRASH_FILES, STRESS_SECONDS, ABUSE_SECONDS, FUZZ_SECONDS,
# SWEEP_MB override the step sizes. Exit status 0 when every row passes.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
quick=${TORTURE_QUICK:-0}
if [[ "$quick" == 1 ]]; then
  : "${CRASH_KILLS:=6}" "${CRASH_FILES:=200}" "${STRESS_SECONDS:=10}" "${ABUSE_SECONDS:=20}" "${FUZZ_SECONDS:=20}"
  : "${SWEEP_MB:=1 2 4}"
else
  : "${CRASH_KILLS:=80}" "${CRASH_FILES:=1500}" "${STRESS_SECONDS:=60}" "${ABUSE_SECONDS:=60}" "${FUZZ_SECONDS:=600}"
  : "${SWEEP_MB:=4 8 16 32}"
fi
build=${CVSEARCH_BUILD_DIR:-build}
fuzz_build=${CVSEARCH_FUZZ_BUILD:-build-fuzz}
out=${TORTURE_OUT:-build-torture}
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
bin="$root/$build/cli/cvsearch"
rows=()   # area, what ran, measured, PASS or FAIL; separated by \x1f
sep=$'\x1f'
failed=0
row() {
  rows+=("$1$sep$2$sep$3$sep$4")
  [[ "$4" == PASS ]] || failed=1
  printf '  %-22s %s  (%s)\n' "$1" "$4" "$3" >&2
}
now() { date +%s; }
t_all=$(now)
fuzz_targets=(text_reader markdown_reader latex_reader html_reader pdf_reader json_resume_reader profile_json_reader
              extractor query http_request)

# ---- builds (timed apart from the steps) ---------------------------------------
echo "torture: building $build and $fuzz_build ..." >&2
t=$(now)
if ! scripts/build.sh >"$out/build.log" 2>&1; then
  echo "torture: the build failed; see $out/build.log" >&2
  exit 2
fi
have_fuzz=1
if ! command -v clang++ >/dev/null; then
  have_fuzz=0
  echo "torture: clang++ not found (apt-get install -y clang): no fuzzing" >&2
elif ! { cmake -S . -B "$fuzz_build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DCVSEARCH_FUZZ=ON \
           -DCVSEARCH_BUILD_TESTS=OFF -DCVSEARCH_BUILD_BENCH=OFF &&
         cmake --build "$fuzz_build" -j "${JOBS:-2}" --target "${fuzz_targets[@]/#/fuzz_}"; } >"$out/fuzz-build.log" 2>&1; then
  have_fuzz=0
  echo "torture: the fuzz build failed; see $out/fuzz-build.log" >&2
fi
build_seconds=$(( $(now) - t ))
t_steps=$(now)

# ---- 1. crash safety -------------------------------------------------------------
echo "torture: 1/6 crash safety ($CRASH_KILLS kills over $CRASH_FILES files) ..." >&2
t=$(now)
scripts/crash-test.sh "$CRASH_KILLS" "$CRASH_FILES" >"$out/crash.log" 2>&1
status=$?
summary=$(grep -a -o 'crash summary: .*' "$out/crash.log" | tail -1)
field() { grep -o "$1=[0-9]*" <<<"$summary" | cut -d= -f2; }
if [[ -n "$summary" ]]; then
  measured="$(field kills) SIGKILLs, $(field mid_run) mid-run (incremental $(field incremental), compacting $(field compacting), --full $(field full)); xapian-check failures $(field check_failures); mixed id sets $(field mixes); recovery run ok; seed $(field seed); $(( $(now) - t )) s"
else
  measured="no summary line; see crash.log"
fi
verdict=FAIL
# Kills that come after a run ended are no kills: the full run needs 50 that landed mid-run.
min_mid_run=$(( quick == 1 ? 1 : 50 ))
[[ $status -eq 0 && -n "$summary" && "$(field check_failures)" == 0 && "$(field mixes)" == 0 &&
   "$(field mid_run)" -ge $min_mid_run ]] && verdict=PASS
row "crash safety" "scripts/crash-test.sh $CRASH_KILLS $CRASH_FILES" "$measured" $verdict

# ---- 2. readers under writes -----------------------------------------------------
echo "torture: 2/6 readers under writes (${STRESS_SECONDS} s) ..." >&2
t=$(now)
stress_db="$out/stress-db"
CVSEARCH_STRESS_DB="$stress_db" CVSEARCH_STRESS_SECONDS="$STRESS_SECONDS" CVSEARCH_BINARY="$bin" \
  "$build/tests/test_hardening" --test-case="stress:*" --success=false >"$out/stress.log" 2>&1 &
stress_pid=$!
python3 scripts/torture/http_load.py "$bin" "$stress_db" "$STRESS_SECONDS" 4 >"$out/http-load.json" 2>"$out/http-load.err"
http_status=$?
wait $stress_pid
stress_status=$?
line=$(grep -a -o 'stress [0-9.]* s, .*' "$out/stress.log" | tail -1)
http=$(cat "$out/http-load.json" 2>/dev/null)
jget() { python3 -c 'import json,sys; print(json.loads(sys.argv[1]).get(sys.argv[2], "?"))' "$http" "$1" 2>/dev/null || echo "?"; }
measured="in-process: ${line:-no result line; see stress.log}; serve (4 HTTP clients, a new connection per request): $(jget requests) requests, $(jget errors) errors, $(jget inconsistent) inconsistent, p50 $(jget p50_ms) ms, p99 $(jget p99_ms) ms"
verdict=FAIL
[[ $stress_status -eq 0 && $http_status -eq 0 ]] && verdict=PASS
row "readers under writes" "test_hardening stress (8 threads) + cvsearch serve + http_load.py, ${STRESS_SECONDS} s" "$measured" $verdict
rm -rf "$stress_db"

# ---- 3. serve abuse --------------------------------------------------------------
echo "torture: 3/6 serve abuse (${ABUSE_SECONDS} s) ..." >&2
t=$(now)
"$bin" index data/profiles --db "$out/abuse-db" --quiet >"$out/abuse-index.log" 2>&1
ABUSE_SECONDS="$ABUSE_SECONDS" scripts/torture/serve_abuse.sh "$bin" "$out/abuse-db" >"$out/serve-abuse.md" 2>"$out/serve-abuse.err"
status=$?
checks=$(grep -c '^| .* | \(PASS\|FAIL\) |' "$out/serve-abuse.md")
fails=$(grep '^| .* | FAIL |' "$out/serve-abuse.md" | cut -d'|' -f2 | sed 's/^ *//; s/ *$//' | paste -sd';' -)
latency=$(grep '^| query latency' "$out/serve-abuse.md" | cut -d'|' -f4 | sed 's/^ *//; s/ *$//')
memory=$(grep '^| memory bounded' "$out/serve-abuse.md" | cut -d'|' -f4 | sed 's/^ *//; s/ *$//')
threads=$(grep '^| threads bounded' "$out/serve-abuse.md" | cut -d'|' -f4 | sed 's/^ *//; s/ *$//')
measured="$(( checks - $(grep -c '^| .* | FAIL |' "$out/serve-abuse.md") )) of $checks checks pass${fails:+ (failed: $fails)}; $memory; threads $threads; $latency"
verdict=FAIL
[[ $status -eq 0 && $checks -gt 0 ]] && verdict=PASS
row "public-facing serve" "scripts/torture/serve_abuse.sh, ${ABUSE_SECONDS} s of abuse (table: serve-abuse.md)" "$measured" $verdict

# ---- 4. fuzzers ------------------------------------------------------------------
echo "torture: 4/6 fuzzers (${#fuzz_targets[@]} at once, ${FUZZ_SECONDS} s) ..." >&2
if [[ $have_fuzz == 1 ]]; then
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
  pids=()
  for f in "${fuzz_targets[@]}"; do
    mkdir -p "$fuzz_build/corpus/$f" "$out/crashes/$f"
    /usr/bin/time -f '%U %S' -o "$out/fuzz-$f.time" \
      "$fuzz_build/fuzz/fuzz_$f" "$fuzz_build/corpus/$f" "fuzz/corpus/$f" -max_total_time="$FUZZ_SECONDS" -timeout=25 \
      -rss_limit_mb=1536 -max_len=65536 -print_final_stats=1 -artifact_prefix="$out/crashes/$f/" \
      >"$out/fuzz-$f.log" 2>&1 &
    pids+=($!)
  done
  fuzz_status=()
  for p in "${pids[@]}"; do wait "$p"; fuzz_status+=($?); done
  for i in "${!fuzz_targets[@]}"; do
    f=${fuzz_targets[$i]}
    execs=$(grep -a -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$out/fuzz-$f.log" | grep -o '[0-9]*$')
    cpu=$(awk '{printf "%.0f", $1 + $2}' "$out/fuzz-$f.time" 2>/dev/null)
    findings=$(find "$out/crashes/$f" -type f | wc -l)
    corpus=$(find "$fuzz_build/corpus/$f" -type f | wc -l)
    measured="${execs:-?} executions, ${cpu:-?} CPU s in ${FUZZ_SECONDS} s wall, corpus $corpus inputs, $findings findings"
    verdict=FAIL
    [[ ${fuzz_status[$i]} -eq 0 && $findings -eq 0 && -n "$execs" ]] && verdict=PASS
    [[ $findings -gt 0 ]] && measured+=" ($(find "$out/crashes/$f" -type f | head -3 | paste -sd' ' -); log fuzz-$f.log)"
    row "fuzz_$f" "libFuzzer, ASan+UBSan, 1 of ${#fuzz_targets[@]} concurrent" "$measured" $verdict
  done
else
  row "fuzzers" "not run" "clang++ missing or the fuzz build failed (fuzz-build.log)" FAIL
fi

# ---- 5. bad inputs ---------------------------------------------------------------
echo "torture: 5/6 bad inputs ..." >&2
t=$(now)
CVSEARCH_BINARY="$bin" "$build/tests/test_hardening" \
  --test-case="bad files:*,indexing bad inputs*,a symbolic link that leaves*,unreadable files*,a read-only index*,a full disk*,control characters in file names*,file names that are not UTF-8*" \
  --success=false >"$out/bad-inputs.log" 2>&1
s1=$?
"$build/tests/test_parse_readers" --test-case="read_pdf: unreadable PDFs*,read_pdf: a PDF that expands*" --success=false \
  >"$out/bad-pdfs.log" 2>&1
s2=$?
CVSEARCH_BINARY="$bin" "$build/tests/test_indexer_sync" --test-case="profile ids:*" --success=false >"$out/odd-names.log" 2>&1
s3=$?
count() { grep -a -o 'test cases: *[0-9]* | *[0-9]* passed | *[0-9]* failed' "$1" | tail -1 | awk -F'|' '{gsub(/[^0-9]/, "", $2); gsub(/[^0-9]/, "", $3); print $2 " passed, " $3 " failed"}'; }
measured="binary, NUL, invalid UTF-8, 200 MB, 100k-deep JSON, truncated PDF, symlink loops, a file vanishing mid-run, FIFO, unreadable, read-only index, full disk, odd names: $(count "$out/bad-inputs.log"); truncated/encrypted/expanding PDFs: $(count "$out/bad-pdfs.log"); odd file names and id ownership: $(count "$out/odd-names.log"); $(( $(now) - t )) s"
verdict=FAIL
[[ $s1 -eq 0 && $s2 -eq 0 && $s3 -eq 0 ]] && verdict=PASS
row "bad inputs" "test_hardening bad-input cases, test_parse_readers PDF cases, test_indexer_sync profile ids" "$measured" $verdict

# ---- 6. size sweep ---------------------------------------------------------------
echo "torture: 6/6 size sweep ($SWEEP_MB MB) ..." >&2
# shellcheck disable=SC2086
scripts/torture/size_sweep.sh "$bin" $SWEEP_MB >"$out/size-sweep.txt" 2>&1
status=$?
# CPU seconds per MB: the largest size's may be at most 2x the smallest's (linear, with slack for noise).
IFS=$'\t' read -r verdict measured < <(awk 'NR > 1 && $2 == "MB" {mb = $1; cpu = $4; rss = $5; if (first == "") first = cpu / mb
    last = cpu / mb; desc = desc sprintf("%s%d MB: %.1f CPU s, %d MB RSS", sep, mb, cpu, rss); sep = "; "; if ($6 != 0) bad = 1}
    END {ratio = (first > 0 ? last / first : 99); v = (bad || ratio > 2 || first == "") ? "FAIL" : "PASS";
         printf "%s\t%s; CPU s per MB, largest/smallest: %.2f\n", v, desc, ratio}' "$out/size-sweep.txt")
[[ $status -eq 0 ]] || verdict=FAIL
row "size sweep" "scripts/torture/size_sweep.sh $SWEEP_MB (MB)" "$measured" "${verdict:-FAIL}"

# ---- the table -----------------------------------------------------------------
steps_seconds=$(( $(now) - t_steps ))
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo " (with uncommitted changes)")
{
  echo "Reliability report: commit $commit$dirty, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $( [[ $quick == 1 ]] && echo "QUICK mode" || echo "full run")."
  echo "Steps $(( steps_seconds / 60 )) min $(( steps_seconds % 60 )) s; builds before them $(( build_seconds / 60 )) min $(( build_seconds % 60 )) s; logs in $out."
  echo
  echo "| area | what ran | measured | result |"
  echo "|---|---|---|---|"
  for r in "${rows[@]}"; do
    IFS=$sep read -r a w m v <<<"$r"
    echo "| $a | $w | $m | $v |"
  done
} | tee "$out/table.md"
exit $failed
