#!/usr/bin/env bash
# Crash-safety test, long version: kills `cvsearch index` with SIGKILL at random
# moments (in turn an incremental run, an incremental run that compacts into a
# new generation (--compact-growth 1), and a --full rebuild) over a
# generated folder of profile files, and after every kill checks that the index
# opens, that xapian-check passes on the current generation, and that it holds
# exactly the old or the new set of profile ids. A final run must then
# complete and leave only the current generation.
#
# The default ctest suite runs the same test with 5 kills over 300 files.
#
# Usage: scripts/crash-test.sh [KILLS [FILES [SEED]]]     (defaults: 30 kills, 1500 files, random seed)
#   CVSEARCH_BUILD_DIR   the build directory (default: build); it is built first.
# A failure prints the seed; pass it as SEED to replay the same sequence.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${CVSEARCH_BUILD_DIR:-build}"
kills="${1:-30}"
files="${2:-1500}"
seed="${3:-}"

command -v xapian-check >/dev/null || echo "note: xapian-check not found (apt-get install xapian-tools); using Xapian::Database::check" >&2
scripts/build.sh >/dev/null
test_binary="$build_dir/tests/test_indexer_sync"
cli_binary="$build_dir/cli/cvsearch"
[[ -x "$test_binary" && -x "$cli_binary" ]] || { echo "crash-test: $test_binary or $cli_binary missing after the build" >&2; exit 2; }

CVSEARCH_BINARY="$cli_binary" CVSEARCH_CRASH_KILLS="$kills" CVSEARCH_CRASH_FILES="$files" \
CVSEARCH_CRASH_SEED="$seed" "$test_binary" --test-case='crash:*' --success=false
