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
bold='' plain=''
if [[ -t 1 ]]; then bold=$'\033[1m' plain=$'\033[0m'; fi
# One argument as it would be typed: bare when the shell leaves it alone, else in single quotes.
shown() {
  local quote="'\\''"
  if [[ $1 =~ ^[A-Za-z0-9_./:=,+-]+$ ]]; then printf ' %s' "$1"; else printf " '%s'" "${1//\'/$quote}"; fi
}
# Shows the command, then runs it (a search that finds nothing does not stop the demo).
run() { printf '\n%s$' "$bold"; for arg; do shown "$arg"; done; printf '%s\n' "$plain"; "$@" || true; }

run "$cvsearch" index data/profiles --db "$db"
export CVSEARCH_DB="$db"
run "$cvsearch" "fault tolerance" --limit 3
run "$cvsearch" search "pipeline parallelism" --institution KAIST --years 2019..2024 --limit 3
run "$cvsearch" search 'venue:NSDI "energy" -blockchain' --limit 3 --json
run "$cvsearch" stats
printf '\nTry your own: %s search "QUERY" --db %s   (see %s --help)\n' "$cvsearch" "$db" "$cvsearch"
