#!/usr/bin/env bash
# Readers against a writer, for longer than ctest's 3 s: 8 threads share a
# Searcher (and open their own now and then) while a writer commits in place
# and swaps in full rebuilds; callers must see zero errors, and the final index
# must pass xapian-check (package xapian-tools). The test is
# tests/hardening/test_stress.cpp.
#
#   scripts/stress.sh            # 60 s
#   scripts/stress.sh 600        # 10 minutes
#
# Environment: CVSEARCH_BUILD_DIR (default build; build-asan works too).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${CVSEARCH_BUILD_DIR:-build}
if [[ ! -x "$build/tests/test_hardening" ]]; then
  cmake -S . -B "$build" >/dev/null
  cmake --build "$build" -j "${JOBS:-2}" --target test_hardening cvsearch_cli
fi
command -v xapian-check >/dev/null || echo "stress.sh: xapian-check not found (apt-get install xapian-tools): the final check is skipped" >&2
CVSEARCH_STRESS_SECONDS="$seconds" CVSEARCH_BINARY="$build/cli/cvsearch" \
  "$build/tests/test_hardening" --test-case="stress:*" --success=false --duration=true
