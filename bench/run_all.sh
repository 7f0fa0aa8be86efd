#!/usr/bin/env bash
# bench/run_all.sh [N] — build, generate N profiles (default 10000), run every engine one
# after another on the same corpus and queries, and print the markdown report.
#
#   bench/run_all.sh 10000 > /tmp/n10000.md
#   ENGINES="xapian cvsearch" bench/run_all.sh 10000     # a subset
#
# Environment: DATA (work folder, default /tmp/cvsearch-bench; needs ~40 MB per 1000
# profiles), BUILD (CMake build dir, default $DATA/build), ENGINES (default: all of
# "sqlite xapian xapian-sf0 lucene cvsearch"), ROUNDS (timed passes per mode, default 3),
# JOBS (build and generator processes, default 2), COMMIT (what the report names as the
# measured commit; default: git rev-parse HEAD of this tree). To measure exactly a commit
# while the work tree is being edited: git archive HEAD | tar -x -C /tmp/x, run from there.
# Progress goes to stderr, the report to stdout; raw results in $DATA/nN/results.jsonl,
# per-engine logs and per-query records ($engine.tsv) next to it.
set -euo pipefail

N=${1:-10000}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
DATA=${DATA:-/tmp/cvsearch-bench}
BUILD=${BUILD:-$DATA/build}
ENGINES=${ENGINES:-"sqlite xapian xapian-sf0 lucene cvsearch"}
ROUNDS=${ROUNDS:-3}
JOBS=${JOBS:-2}
NOTE=""
OUT=$DATA/n$N
QUERIES=$HERE/queries.txt
SEED=42

say() {
  echo "[run_all $(date +%H:%M:%S)] $*" >&2
  [ -z "${PROGRESS:-}" ] || printf '%s\t%s\t%s\n' "$(date +%T)" "$*" "$(cut -d' ' -f1 /proc/loadavg)" >>"$PROGRESS"
}
has() { [[ " $ENGINES " == *" $1 "* ]]; }

# ---- dependencies (Debian packages) ---------------------------------------------------
"$ROOT/scripts/install-deps.sh" >&2   # what cvsearch and the raw Xapian peer build with
need=()
if has lucene; then
  ls /usr/share/java/lucene-core-8*.jar >/dev/null 2>&1 || need+=(liblucene8-java)
  command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
fi
if ((${#need[@]})); then
  say "installing ${need[*]}"
  SUDO=$([ "$(id -u)" = 0 ] && echo || echo sudo)
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >&2
fi

# ---- build ------------------------------------------------------------------------------
mkdir -p "$OUT" "$DATA/bin"
say "building in $BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCVSEARCH_BUILD_TESTS=OFF -DCVSEARCH_BUILD_BENCH=ON >"$DATA/cmake.log" 2>&1 \
  || { say "cmake configure failed, see $DATA/cmake.log"; exit 2; }
if has xapian || has xapian-sf0; then
  cmake --build "$BUILD" -j"$JOBS" --target bench_xapian_peer >"$DATA/build-xapian.log" 2>&1 \
    || { say "bench_xapian_peer failed to build, see $DATA/build-xapian.log"; exit 2; }
fi
if has cvsearch; then
  if ! cmake --build "$BUILD" -j"$JOBS" --target cvsearch_bench >"$DATA/build-cvsearch.log" 2>&1; then
    say "cvsearch_bench failed to build (see $DATA/build-cvsearch.log): running the peers only"
    ENGINES=${ENGINES//cvsearch/}
    NOTE="**cvsearch is missing from this run: cvsearch_bench did not build** (\`$(grep -m1 -E 'error:|undefined reference|No rule' "$DATA/build-cvsearch.log" | cut -c1-200)\`)."
  fi
fi
if has lucene; then
  CP=$(ls /usr/share/java/lucene-{core,analyzers-common,queryparser,highlighter,facet,queries,memory,sandbox}-8*.jar | tr '\n' ':')
  mkdir -p "$DATA/bin/lucene"
  javac -nowarn -cp "$CP" -d "$DATA/bin/lucene" "$HERE/peers/LucenePeer.java" 2>"$DATA/build-lucene.log" \
    || { say "LucenePeer failed to compile, see $DATA/build-lucene.log"; exit 2; }
  JAVA="java -Xmx2g -cp $CP:$DATA/bin/lucene LucenePeer"
fi

# ---- corpus (regenerated when missing or made by another generator) ---------------------
stamp=$(cat "$HERE/gen_profiles.py" "$HERE/corpus_words.py" "$ROOT/data/venues.tsv" | md5sum | cut -c1-12)
if [ "$(cat "$OUT/corpus.stamp" 2>/dev/null)" != "$stamp-$N-$SEED" ]; then
  say "generating $N profiles into $OUT"
  rm -rf "$OUT/cvs" "$OUT/corpus.jsonl" "$OUT/corpus.stamp"
  python3 "$HERE/gen_profiles.py" --n "$N" --seed "$SEED" --jobs "$JOBS" --jsonl "$OUT/corpus.jsonl" --dir "$OUT/cvs"
  echo "$stamp-$N-$SEED" >"$OUT/corpus.stamp"
else
  # undo an earlier run's revision step, so that the files match corpus.jsonl
  python3 "$HERE/gen_profiles.py" --n "$N" --seed "$SEED" --dir "$OUT/cvs" --revise 0.01 --revision 0 2>/dev/null
fi
RES=$OUT/results.jsonl
: >"$RES"
PROGRESS=$OUT/progress.log
: >"$PROGRESS"
rm -f "$OUT"/*.tsv
collect() { grep '^RESULT ' | sed 's/^RESULT //' | tee -a "$RES" >&2; }

# ---- engines, one at a time --------------------------------------------------------------
if has sqlite; then
  say "sqlite"
  python3 "$HERE/peers/sqlite_peer.py" index "$OUT/corpus.jsonl" "$OUT/sqlite.db" | collect
  python3 "$HERE/peers/sqlite_peer.py" query "$OUT/sqlite.db" "$QUERIES" --rounds "$ROUNDS" --records "$OUT/sqlite.tsv" | collect
fi
if has xapian || has xapian-sf0; then
  say "xapian"
  X=$BUILD/bench/bench_xapian_peer
  "$X" index "$OUT/corpus.jsonl" "$OUT/xapian.db" | collect
  if has xapian; then
    "$X" query "$OUT/xapian.db" "$QUERIES" --rounds "$ROUNDS" --records "$OUT/xapian.tsv" | collect
  fi
  if has xapian-sf0; then
    "$X" query "$OUT/xapian.db" "$QUERIES" --rounds "$ROUNDS" --snippet-flags 0 --label xapian-sf0 \
      --records "$OUT/xapian-sf0.tsv" | collect
  fi
fi
if has lucene; then
  say "lucene"
  rm -rf "$OUT/lucene.idx"
  $JAVA index "$OUT/corpus.jsonl" "$OUT/lucene.idx" | collect
  $JAVA query "$OUT/lucene.idx" "$QUERIES" --rounds "$ROUNDS" --records "$OUT/lucene.tsv" | collect
fi
if has cvsearch; then
  say "cvsearch"
  C=$BUILD/bench/cvsearch_bench
  rm -rf "$OUT/cvsearch.db"
  "$C" index "$OUT/cvs" "$OUT/cvsearch.db" 2>"$OUT/cvsearch-index.err" | collect
  "$C" sync "$OUT/cvs" "$OUT/cvsearch.db" 2>>"$OUT/cvsearch-index.err" \
    | sed 's/"phase":"sync"/"phase":"sync","label":"no-op sync (nothing changed)"/' | collect
  python3 "$HERE/gen_profiles.py" --n "$N" --seed "$SEED" --dir "$OUT/cvs" --revise 0.01 --revision 1 2>/dev/null
  "$C" sync "$OUT/cvs" "$OUT/cvsearch.db" 2>>"$OUT/cvsearch-index.err" \
    | sed 's/"phase":"sync"/"phase":"sync","label":"sync after 1% of the files changed"/' | collect
  python3 "$HERE/gen_profiles.py" --n "$N" --seed "$SEED" --dir "$OUT/cvs" --revise 0.01 --revision 0 2>/dev/null
  "$C" sync "$OUT/cvs" "$OUT/cvsearch.db" --compact-growth 1 2>>"$OUT/cvsearch-index.err" \
    | sed 's/"phase":"sync"/"phase":"sync","label":"sync back to the original files, then compact (--compact-growth 1)"/' | collect
  "$C" query "$OUT/cvsearch.db" "$QUERIES" --rounds "$ROUNDS" --records "$OUT/cvsearch.tsv" 2>"$OUT/cvsearch-query.err" | collect
fi

# ---- report ------------------------------------------------------------------------------
say "done"
echo "raw results in $RES" >&2
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
cat <<EOF
## cvsearch benchmark: N = $(printf "%'d" "$N") profiles

\`bench/run_all.sh $N\` on $(date -u +%Y-%m-%d) at commit ${COMMIT:-$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "?")}, $cpu, $(nproc) cores.
Corpus $(du -m --apparent-size "$OUT/corpus.jsonl" | cut -f1) MB JSONL ($(du -sm --apparent-size "$OUT/cvs" | cut -f1) MB of CV files), $(grep -vc '^#' "$QUERIES") queries; per mode one untimed warm-up round and $ROUNDS timed rounds; single thread, index in page cache.
$NOTE

EOF
python3 "$HERE/report.py" "$OUT"
