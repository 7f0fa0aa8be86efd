#!/usr/bin/env bash
# The README's first command: installs what is needed, builds, indexes the bundled
# fictional profiles in data/profiles and runs a few searches. It needs the build
# packages only: the tests (and doctest, which only `scripts/install-deps.sh --test`
# installs) are left out of the build; scripts/test.sh turns them back on.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh -DCVSEARCH_BUILD_TESTS=OFF
cvsearch=build/cli/cvsearch
db=build/demo.db
run() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@" || true; }

run "$cvsearch" index data/profiles --db "$db"
export CVSEARCH_DB="$db"
run "$cvsearch" "fault tolerance" --limit 3
run "$cvsearch" search "pipeline parallelism" --institution KAIST --years 2019..2024 --limit 3
run "$cvsearch" search 'venue:NSDI "energy" -blockchain' --limit 3 --json
run "$cvsearch" stats
printf '\nTry your own: %s search "QUERY" --db %s   (see %s --help)\n' "$cvsearch" "$db" "$cvsearch"
