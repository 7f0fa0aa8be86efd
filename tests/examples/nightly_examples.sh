#!/usr/bin/env bash
# The nightly-job examples (examples/nightly) run as written: every cvsearch
# command in the systemd units and the crontab is executed with its paths moved
# into a temporary directory, must succeed, and must write the report it names.
# Usage: nightly_examples.sh CVSEARCH_BINARY SOURCE_DIR
set -euo pipefail
bin=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/srv" "$work/lib" "$work/log"
cp -r "$src/data/profiles" "$work/srv/cvs"

# The command lines: ExecStart= of the services (continuation lines joined) and
# the crontab entries (the sixth field onwards).
commands=$(
    for unit in "$src"/examples/nightly/*.service; do
        sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$unit" | sed -n 's/^ExecStart=//p'
    done
    grep -E '^[0-9*]' "$src/examples/nightly/crontab" | awk '{ $1=$2=$3=$4=$5=""; print }'
)
[ "$(printf '%s\n' "$commands" | grep -c 'cvsearch index')" -ge 4 ] || { echo "expected 4 cvsearch commands, found: $commands" >&2; exit 1; }

if command -v systemd-analyze >/dev/null; then
    for unit in "$src"/examples/nightly/*.service "$src"/examples/nightly/*.timer; do
        sed -e "s#/usr/local/bin/cvsearch#$bin#" -e '/^User=/d' -e '/^Group=/d' "$unit" > "$work/$(basename "$unit")"
    done
    systemd-analyze verify "$work"/*.service "$work"/*.timer
fi

n=0
while IFS= read -r cmd; do
    [ -n "$cmd" ] || continue
    cmd=${cmd//\/usr\/local\/bin\/cvsearch/$bin}
    cmd=${cmd//\/srv\/cvs/$work/srv/cvs}
    cmd=${cmd//\/var\/lib\/cvsearch/$work/lib}
    cmd=${cmd//\/var\/log\/cvsearch/$work/log}
    cmd=$(printf '%s' "$cmd" | sed -E "s#^ *cvsearch #$bin #")
    report=$(printf '%s' "$cmd" | sed -nE 's#.*--report ([^ ]+).*#\1#p')
    rm -f "$report"
    echo "+ $cmd"
    eval "$cmd"
    [ -s "$report" ] || { echo "no report written at $report" >&2; exit 1; }
    grep -q '"exit_code": 0' "$report" || { cat "$report" >&2; exit 1; }
    n=$((n + 1))
done <<< "$commands"
echo "ran $n example commands"
"$bin" stats --db "$work/lib/index" | head -3
