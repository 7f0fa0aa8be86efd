#!/bin/sh
# measure-fanout.sh — the fan-out measurement of docs/scale-out.md, repeatable:
# one synthetic corpus, indexed unsharded and in SHARDS shards, queried
# (bench/queries.txt) as one index, as local shards, and as shards behind
# stock xapian-tcpsrv on loopback.
#
#   examples/cluster/measure-fanout.sh [N (5000)] [SHARDS (4)]
#
# Needs python3, xapian-tools, and a build with the bench driver:
#   cmake -S . -B build -DCVSEARCH_BUILD_BENCH=ON && cmake --build build -j2 --target cvsearch_cli cvsearch_bench
# Variables: BUILD (default build), DATA (default /tmp/cvsearch-fanout), PORT (first port, 47190),
# ROUNDS (3). Takes about 3 minutes for N=5000 on 2 cores; prints one line per setup.
set -eu

n=${1:-5000}
shards=${2:-4}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$src/build}
data=${DATA:-/tmp/cvsearch-fanout}
port=${PORT:-47190}
rounds=${ROUNDS:-3}
cli=$build/cli/cvsearch
bench=$build/bench/cvsearch_bench
for f in "$cli" "$bench"; do
    [ -x "$f" ] || { echo "measure-fanout.sh: $f missing; build it (see the header of this script)" >&2; exit 2; }
done
command -v xapian-tcpsrv >/dev/null || { echo "measure-fanout.sh: install xapian-tools" >&2; exit 2; }

mkdir -p "$data"
cd "$data"
[ -d "cvs-$n" ] || python3 "$src/bench/gen_profiles.py" --n "$n" --dir "cvs-$n" --jobs 1
rm -rf single sharded
for setup in "single" "sharded --shards $shards"; do
    set -- $setup
    /usr/bin/time -f "index $1: %e s wall, %M KB peak RSS" "$cli" index "cvs-$n" --db "$@" -q
done
du -sh single sharded

# One server per shard, each in a session of its own: on SIGTERM xapian-tcpsrv
# signals its whole process group.
: > pids
stub=remote.stub
echo "# cvsearch-aux $data/sharded/aux" > $stub
k=0
for shard in $(sed -n 's/^auto //p' sharded/XAPIANDB); do
    setsid xapian-tcpsrv --interface 127.0.0.1 --port $((port + k)) --quiet "sharded/$shard" </dev/null >/dev/null 2>&1 &
    echo $! >> pids
    echo "remote 127.0.0.1:$((port + k))" >> $stub
    k=$((k + 1))
done
trap 'kill -9 $(cat pids) 2>/dev/null' EXIT
sleep 1

for db in single sharded $stub; do
    "$bench" query "$db" "$src/bench/queries.txt" --rounds "$rounds" 2>/dev/null | grep '^RESULT' |
        python3 -c '
import json, sys
j = json.loads(sys.stdin.read()[7:])
cells = ["%s p50 %.1f p95 %.1f ms" % (m, j[m]["p50"], j[m]["p95"]) for m in ("plain", "facets", "full")]
print("%-12s" % sys.argv[1], " | ".join(cells), "| matches", j["total_matches"])' "$db"
done
