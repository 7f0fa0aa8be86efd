#!/usr/bin/env python3
"""A bounded HTTP load on `cvsearch serve` while a writer changes its index.

Usage: http_load.py BIN DB SECONDS [CLIENTS]

Waits for DB to appear (the writer creates it), starts `BIN serve --db DB` on a
free loopback port, and runs CLIENTS (default 4) loops, each one request at a
time on a fresh connection (as a curl loop does): a search for "anchorite"
(the stress test keeps exactly 20 such profiles in every commit, so any other
total is a mixed or broken view) and, every tenth request, /api/profiles/anchorN.
Prints one line of JSON: requests, errors (a status other than 200, a failed
connection, a body that is not the expected JSON), inconsistent totals, and
latency p50/p99/max in ms. Exits 0 when errors and inconsistent are 0.
Standard library only.
"""
import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time

ANCHORS = 20


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    binary, db, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    clients = int(sys.argv[4]) if len(sys.argv) == 5 else 4
    deadline = time.monotonic() + 120
    while not os.path.exists(db) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # the writer's first commit
    server = subprocess.Popen([binary, "serve", "--db", db, "--host", "127.0.0.1", "--port", "0", "--quiet"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    port = None
    while port is None:
        line = server.stderr.readline()
        if not line:
            break
        m = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
        if m:
            port = int(m.group(1))
    if port is None:
        server.kill()
        sys.exit(f"http_load: `{binary} serve --db {db}` did not start")
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()

    lock = threading.Lock()
    latencies, counts, first_error = [], {"requests": 0, "errors": 0, "inconsistent": 0}, []
    end = time.monotonic() + seconds

    def one(target):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", target, headers={"Connection": "close"})
            r = conn.getresponse()
            return r.status, r.read()
        finally:
            conn.close()

    def loop(k):
        n = 0
        while time.monotonic() < end:
            n += 1
            target = f"/api/profiles/anchor{(n + k) % ANCHORS}" if n % 10 == 0 else "/api/search?q=anchorite&limit=5"
            started = time.monotonic()
            error, inconsistent = None, False
            try:
                status, body = one(target)
                if status != 200:
                    error = f"{target}: HTTP {status}: {body[:200]!r}"
                else:
                    j = json.loads(body)
                    if "search" in target and j.get("total") != ANCHORS:
                        inconsistent = True
            except Exception as e:  # a refused or dropped connection is a caller-visible error
                error = f"{target}: {type(e).__name__}: {e}"
            ms = (time.monotonic() - started) * 1000
            with lock:
                counts["requests"] += 1
                latencies.append(ms)
                if error:
                    counts["errors"] += 1
                    if not first_error:
                        first_error.append(error)
                if inconsistent:
                    counts["inconsistent"] += 1

    threads = [threading.Thread(target=loop, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alive = server.poll() is None
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
    latencies.sort()
    q = lambda f: round(latencies[min(len(latencies) - 1, int(f * len(latencies)))], 2) if latencies else None
    out = dict(counts, clients=clients, seconds=seconds, server_alive=alive, p50_ms=q(0.5), p99_ms=q(0.99),
               max_ms=q(1.0), first_error=first_error[0] if first_error else "")
    print(json.dumps(out))
    return 0 if alive and counts["errors"] == 0 and counts["inconsistent"] == 0 and counts["requests"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
