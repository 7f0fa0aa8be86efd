#!/usr/bin/env bash
# Usage: scripts/torture/serve_abuse.sh BIN DB
#   BIN  the cvsearch binary; DB  an index it can serve (any size).
# Starts `BIN serve` on a free loopback port and abuses it for ABUSE_SECONDS (default 20):
# 2,000 idle connections, slowloris, 64 KB headers, 1 MB URLs, request bodies, path
# traversal, malformed escapes, odd methods, all at once, while timing a normal query.
# Prints one Markdown table (server stayed up, memory bounded, threads bounded, query
# latency <= 2x idle, and each kind of abuse answered as expected); exits 0 when all pass.
# Needs python3 (standard library only). Takes about ABUSE_SECONDS + 15 s.
set -euo pipefail
if [[ $# -ne 2 ]]; then
    echo "usage: $0 BIN DB" >&2
    exit 2
fi
exec python3 "$(dirname "$0")/serve_abuse.py" "$1" "$2"
