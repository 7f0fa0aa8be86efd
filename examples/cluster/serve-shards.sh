#!/bin/sh
# serve-shards.sh — serve every shard of a sharded cvsearch index with stock
# xapian-tcpsrv, one process per shard, and write the stub file searchers open.
#
#   cvsearch index /srv/cvs --db /srv/cvsearch/index --shards 3
#   examples/cluster/serve-shards.sh /srv/cvsearch/index 10.0.0.5 33330 > cluster.stub
#   cvsearch search "consensus" --db cluster.stub
#
# Arguments: INDEX_DIR [BIND_ADDRESS (127.0.0.1)] [FIRST_PORT (33330)]
# Shard k listens on FIRST_PORT + k. The stub (on stdout) lists them as
# `remote HOST:PORT` lines and names the index's local spelling/synonym
# database (`# cvsearch-aux INDEX_DIR/aux`); on another machine, copy or
# replicate that directory and change the line.
#
# xapian-tcpsrv has NO authentication and NO encryption: bind to a private
# interface and firewall the ports (XAPIAN-NOTES §7). Stop with Ctrl-C (the
# servers are killed with this script) or run the systemd units instead
# (cvsearch-shard@.service).
set -eu

dir=${1:?usage: serve-shards.sh INDEX_DIR [BIND_ADDRESS] [FIRST_PORT]}
bind=${2:-127.0.0.1}
port=${3:-33330}
command -v xapian-tcpsrv >/dev/null 2>&1 || {
    echo "serve-shards.sh: xapian-tcpsrv not found; install xapian-tools (scripts/install-deps.sh)" >&2
    exit 2
}
[ -f "$dir/XAPIANDB" ] && grep -q '^# cvsearch-shards ' "$dir/XAPIANDB" || {
    echo "serve-shards.sh: $dir is not a sharded cvsearch index; build one with: cvsearch index ROOT --db $dir --shards N" >&2
    exit 2
}

pids=
trap 'kill $pids 2>/dev/null' EXIT INT TERM
echo "# cvsearch-aux $(cd "$dir" && pwd)/aux"
for shard in $(sed -n 's/^auto //p' "$dir/XAPIANDB"); do
    # --idle-timeout: connections idle this long are closed; cvsearch opens them again.
    xapian-tcpsrv --interface "$bind" --port "$port" --idle-timeout 60000 --quiet "$dir/$shard" &
    pids="$pids $!"
    echo "remote $bind:$port"
    port=$((port + 1))
done
echo "serve-shards.sh: serving $(echo $pids | wc -w) shards; Ctrl-C stops them" >&2
wait
