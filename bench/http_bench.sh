#!/usr/bin/env bash
# Load test of `cvsearch serve`: N generated profiles, the bench query mix
# (bench/queries.txt) over /api/search with wrk, CONNECTIONS keep-alive
# connections on THREADS wrk threads for SECONDS; then the same load while
# `cvsearch index --full` rebuilds and swaps the index underneath (the server
# must keep answering 200s).
#
# Usage: bench/http_bench.sh [N [SECONDS [CONNECTIONS [THREADS]]]]   (defaults: 10000 20 32 2)
#   CVSEARCH_BUILD_DIR   build directory (default: build); needs wrk (apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}" seconds="${2:-20}" conns="${3:-32}" threads="${4:-2}"
build="${CVSEARCH_BUILD_DIR:-build}"
cli="$build/cli/cvsearch"
command -v wrk >/dev/null || { echo "http_bench: wrk not found; apt-get install wrk" >&2; exit 2; }
[ -x "$cli" ] || { echo "http_bench: $cli missing; run scripts/build.sh first" >&2; exit 2; }

work="${TMPDIR:-/tmp}/cvsearch-http-bench-$n"
mkdir -p "$work"
if [ ! -d "$work/cvs" ]; then
    python3 bench/gen_profiles.py --n "$n" --dir "$work/cvs" --jobs 2
fi
"$cli" index "$work/cvs" --db "$work/db" --quiet

# The query mix as URL paths, cycled through by wrk.
python3 - "$work/paths.lua" <<'PY'
import sys, urllib.parse
paths = []
for line in open("bench/queries.txt", encoding="utf-8"):
    if line.startswith("#") or not line.strip():
        continue
    kind, q, filt = (line.rstrip("\n").split("\t") + ["", ""])[:3]
    params = {"q": q}
    if filt:
        field, value = filt.split("=", 1)
        params[field if field != "year" else "years"] = value
    paths.append("/api/search?" + urllib.parse.urlencode(params))
with open(sys.argv[1], "w") as f:
    f.write("local paths = {\n" + ",\n".join('  "%s"' % p.replace('"', '\\"') for p in paths) + "\n}\n")
    f.write("""local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
local errors = 0
response = function(status, headers, body)
  if status ~= 200 then errors = errors + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("non-2xx or socket errors: %d\\n",
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  for _, p in pairs({50, 90, 99}) do
    io.write(string.format("p%d latency: %.2f ms\\n", p, latency:percentile(p) / 1000))
  end
end
""")
PY

"$cli" serve --db "$work/db" --port 0 --quiet 2> "$work/serve.log" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    addr=$(grep -oE 'http://[0-9.]+:[0-9]+' "$work/serve.log" | head -1 || true)
    [ -n "$addr" ] && break
    sleep 0.1
done
[ -n "$addr" ] || { echo "http_bench: the server did not start:" >&2; cat "$work/serve.log" >&2; exit 2; }

echo "== $n profiles, $conns connections, $threads wrk threads, ${seconds}s: steady index"
wrk -t "$threads" -c "$conns" -d "${seconds}s" --latency -s "$work/paths.lua" "$addr"

echo "== the same load while 'cvsearch index --full' rebuilds and swaps the index"
( sleep 1; "$cli" index "$work/cvs" --db "$work/db" --full --grace 0 --quiet ) &
rebuild=$!
wrk -t "$threads" -c "$conns" -d "${seconds}s" --latency -s "$work/paths.lua" "$addr"
if kill -0 $rebuild 2>/dev/null; then
    echo "the rebuild was still running when the load ended; waiting for it"
    wait $rebuild
else
    wait $rebuild && echo "the rebuild finished and was swapped in while the load ran"
fi
curl -fsS "$addr/healthz" && echo
