#!/usr/bin/env python3
"""`cvsearch serve` under the abuse a public server gets, measured (see serve_abuse.sh).

Starts `BIN serve --db DB` on a free loopback port and, for ABUSE_SECONDS, runs at once:
2,000 idle connections, slowloris connections (a header line every 2 s), 64 KB heads,
1 MB URLs, request bodies (too large, chunked, conflicting, a GET's), path traversal,
malformed percent-escapes and odd methods; meanwhile a normal query is timed every
100 ms and compared with its latency on the idle server (before and after; the
lower is the reference). The attackers run in a process of their own at nice 19:
on a real deployment their CPU is not the server's. The server's RSS and thread
count are sampled before, during and after. Prints one Markdown table; exits 0 when
every row passes. Loopback only; every loop is bounded in count and time.
"""
import multiprocessing
import os
import re
import resource
import select
import socket
import statistics
import subprocess
import sys
import threading
import time

ABUSE_SECONDS = float(os.environ.get("ABUSE_SECONDS", "20"))
IDLE_CONNECTIONS = int(os.environ.get("IDLE_CONNECTIONS", "2000"))
SLOWLORIS_CONNECTIONS = 64
QUERY = "/api/search?q=research+systems&limit=10"
MEMORY_BOUND_MB = 64  # growth allowed over the idle server's RSS, at the peak and after


def proc_field(pid, name):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


def connect(port, timeout=5.0):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def exchange(port, raw, timeout=5.0):
    """Sends raw bytes on a fresh connection and reads until the server closes it
    (or `timeout`). Returns the status code of the first answer, or 0 for none."""
    try:
        s = connect(port, timeout)
    except OSError:
        return 0
    got = b""
    try:
        try:
            s.sendall(raw)
        except OSError:
            pass  # the server may refuse and close before everything is sent
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            poller = select.poll()
            poller.register(s, select.POLLIN)
            if not poller.poll(max(0.0, end - time.monotonic()) * 1000):
                break
            try:
                chunk = s.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
    finally:
        s.close()
    m = re.match(rb"HTTP/1\.[01] (\d{3})", got)
    return int(m.group(1)) if m else 0


def get(port, target, method="GET", extra=b"", body=b""):
    req = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n".encode() + extra
    if body:
        req += b"Content-Length: %d\r\n" % len(body)
    return exchange(port, req + b"\r\n" + body)


def timed_query(port):
    start = time.monotonic()
    status = get(port, QUERY)
    return (time.monotonic() - start) * 1000.0, status


def server_cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    except (OSError, IndexError, ValueError):
        return float("nan")


class Tally:
    """Counts answers of one abuse kind: expected statuses versus the rest."""

    def __init__(self, name, expected):
        self.name, self.expected = name, set(expected)
        self.sent = self.good = 0
        self.seen = {}
        self.lock = threading.Lock()

    def __getstate__(self):  # sent back to the main process without its lock
        return {k: v for k, v in self.__dict__.items() if k != "lock"}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.lock = threading.Lock()

    def add(self, status):
        with self.lock:
            self.sent += 1
            self.seen[status] = self.seen.get(status, 0) + 1
            if status in self.expected:
                self.good += 1

    def ok(self):
        return self.sent > 0 and self.good == self.sent

    def detail(self):
        seen = ", ".join(f"{k or 'no answer'}: {v}" for k, v in sorted(self.seen.items()))
        return f"{self.sent} requests; {seen}"


def idle_connections(port, stop, stats):
    """Holds IDLE_CONNECTIONS open without a byte; reopens those the server closes."""
    socks = []
    for _ in range(IDLE_CONNECTIONS):
        if stop.is_set():
            break
        try:
            socks.append(connect(port))
        except OSError:
            stats["connect_failures"] += 1
    stats["opened"] = len(socks)
    while not stop.wait(0.5):
        poller = select.poll()
        by_fd = {s.fileno(): s for s in socks}
        for fd in by_fd:
            poller.register(fd, select.POLLIN)
        for fd, _ in poller.poll(0):  # readable while idle = closed by the server (its request timeout)
            s = by_fd[fd]
            stats["closed_by_server"] += 1
            socks.remove(s)
            s.close()
            try:
                socks.append(connect(port))
            except OSError:
                stats["connect_failures"] += 1
    for s in socks:
        s.close()


def slowloris(port, stop, stats):
    socks = []
    for _ in range(SLOWLORIS_CONNECTIONS):
        try:
            s = connect(port)
            s.sendall(b"GET " + QUERY.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            socks.append(s)
        except OSError:
            pass
    n = 0
    while not stop.wait(2.0):
        n += 1
        for s in list(socks):
            try:
                s.sendall(b"X-Slow-%d: still sending\r\n" % n)
            except OSError:
                stats["closed_by_server"] += 1
                socks.remove(s)
                s.close()
                try:
                    s = connect(port)
                    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                    socks.append(s)
                except OSError:
                    pass
    for s in socks:
        s.close()


def repeat(stop, tally, fn, pause):
    while not stop.is_set():
        tally.add(fn())
        stop.wait(pause)


def abuse(port, stop, results):
    """Every kind of abuse at once, in a process of its own at the lowest CPU
    priority: on a real deployment the attackers' CPU is not the server's, and the
    timed query must not wait for this process's interpreter lock."""
    os.nice(19)
    stop_threads = threading.Event()
    idle_stats = {"opened": 0, "closed_by_server": 0, "connect_failures": 0}
    slow_stats = {"closed_by_server": 0}
    big = "X-Pad-{}: " + "h" * 4000 + "\r\n"
    head_64k = "".join(big.format(i) for i in range(16)).encode()
    bodies = [
        lambda: get(port, "/api/search", method="POST", body=b"b" * 100_000),
        lambda: exchange(port, b"POST /api/search HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
        lambda: exchange(port, b"GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        lambda: get(port, "/healthz", body=b"GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n"),
    ]
    traversal = ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
                 "/api/profiles/..%2F..%2F..%2Fetc%2Fpasswd", "/app.js/../../etc/passwd", "/..%5c..%5cetc%5cpasswd",
                 "/api/profiles/%2e%2e/%2e%2e/etc/passwd"]
    escapes = ["/api/search?q=%zz", "/api/search?q=%", "/api/search?q=%e2%82", "/api/search?q=%00",
               "/api/profiles/%", "/api/profiles/%G1", "/api/search?q=a&q=%ff%fe"]
    methods = [("HEAD", QUERY), ("OPTIONS", "/api/search"), ("OPTIONS", "*"), ("TRACE", "/"), ("BREW", "/pot"),
               ("PROPFIND", "/"), ("get", "/healthz"), ("CONNECT", "127.0.0.1:22")]

    def cycle(items, fn):
        state = {"i": 0}

        def next_one():
            item = items[state["i"] % len(items)]
            state["i"] += 1
            return fn(item)
        return next_one

    kinds = [
        (Tally("64 KB headers", {431}), lambda: get(port, "/healthz", extra=head_64k), 0.05),
        (Tally("1 MB URLs", {414}), lambda: get(port, "/api/search?q=" + "u" * (1 << 20)), 0.2),
        (Tally("request bodies (100 KB POST, chunked, CL+TE, GET with a body)", {413, 411, 400, 200}),
         cycle(bodies, lambda f: f()), 0.05),
        (Tally("path traversal (/../, %2e%2e, encoded slashes)", {404}), cycle(traversal, lambda t: get(port, t)), 0.02),
        (Tally("malformed percent-escapes", {400}), cycle(escapes, lambda t: get(port, t)), 0.02),
        (Tally("HEAD/OPTIONS/unknown methods", {200, 405, 501}),
         cycle(methods, lambda m: get(port, m[1], method=m[0])), 0.02),
    ]
    workers = [threading.Thread(target=idle_connections, args=(port, stop_threads, idle_stats)),
               threading.Thread(target=slowloris, args=(port, stop_threads, slow_stats))]
    workers += [threading.Thread(target=repeat, args=(stop_threads, t, fn, pause)) for t, fn, pause in kinds]
    for w in workers:
        w.start()
    stop.wait(ABUSE_SECONDS + 60)  # bounded even if the main process goes away
    stop_threads.set()
    for w in workers:
        w.join(timeout=30)
    results.send((idle_stats, slow_stats, [t for t, _, _ in kinds]))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: serve_abuse.sh BIN DB   (BIN: the cvsearch binary; DB: an index it can serve)")
    binary, db = sys.argv[1], sys.argv[2]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = IDLE_CONNECTIONS + SLOWLORIS_CONNECTIONS + 256
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))

    server = subprocess.Popen([binary, "serve", "--db", db, "--host", "127.0.0.1", "--port", "0", "--quiet"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    port = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and port is None:
        line = server.stderr.readline()
        if not line:
            break
        m = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
        if m:
            port = int(m.group(1))
    if port is None:
        server.kill()
        sys.exit(f"serve_abuse: `{binary} serve --db {db}` did not start")
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()  # drain its log
    pid = server.pid

    def probe(count):
        out = []
        for _ in range(count):
            out.append(timed_query(port))
            time.sleep(0.1)
        return out

    # Idle baseline, measured the same way as under abuse.
    probe(20)  # warm up
    idle_ms = [ms for ms, _ in probe(100)]
    rss_before, threads_before = proc_field(pid, "VmRSS"), proc_field(pid, "Threads")

    stop = multiprocessing.Event()
    receive, send = multiprocessing.Pipe(duplex=False)
    attacker = multiprocessing.Process(target=abuse, args=(port, stop, send))
    attacker.start()
    time.sleep(3.0)  # the idle connections and slowloris set up
    cpu_start = server_cpu_seconds(pid)
    rss_peak, threads_peak, probed = rss_before, threads_before, []
    end = time.monotonic() + ABUSE_SECONDS
    while time.monotonic() < end:
        probed += probe(1)
        rss_peak = max(rss_peak, proc_field(pid, "VmRSS"))
        threads_peak = max(threads_peak, proc_field(pid, "Threads"))
    server_cpu = server_cpu_seconds(pid) - cpu_start
    stop.set()
    idle_stats, slow_stats, tallies = receive.recv()
    attacker.join(timeout=60)
    abuse_ms = [ms for ms, status in probed if status == 200]
    probe_failures = len(probed) - len(abuse_ms)
    time.sleep(1.0)
    idle_after_ms = [ms for ms, _ in probe(50)]

    alive = server.poll() is None
    health = get(port, "/healthz") if alive else 0
    rss_after, threads_after = proc_field(pid, "VmRSS"), proc_field(pid, "Threads")
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()

    def p(values, q):
        if not values:
            return float("nan")
        values = sorted(values)
        return values[min(len(values) - 1, int(q * len(values)))]

    # The idle latency is measured before and after the abuse; the lower of the two is
    # the reference (the stricter test on a machine whose other load drifts).
    idle_p50 = min(statistics.median(idle_ms), statistics.median(idle_after_ms))
    abuse_p50 = statistics.median(abuse_ms) if abuse_ms else float("inf")
    mb = lambda kb: kb / 1024.0
    rows = [
        ("server stayed up", alive and health == 200 and probe_failures == 0,
         f"alive after the run, /healthz {health}; {probe_failures} of {len(probed)} timed queries failed"),
        ("memory bounded", rss_peak - rss_before <= MEMORY_BOUND_MB * 1024 and rss_after - rss_before <= MEMORY_BOUND_MB * 1024,
         f"RSS {mb(rss_before):.1f} MB idle, {mb(rss_peak):.1f} MB peak, {mb(rss_after):.1f} MB after "
         f"(allowed: +{MEMORY_BOUND_MB} MB)"),
        ("threads bounded", threads_peak <= threads_before and threads_after <= threads_before,
         f"{threads_before} idle, {threads_peak} peak, {threads_after} after"),
        ("query latency <= 2x idle", abuse_p50 <= 2 * idle_p50,
         f"p50 idle {statistics.median(idle_ms):.2f} ms before (p95 {p(idle_ms, 0.95):.2f}) and "
         f"{statistics.median(idle_after_ms):.2f} ms after; under abuse {abuse_p50:.2f} ms "
         f"(p95 {p(abuse_ms, 0.95):.2f}, {len(abuse_ms)} queries); server CPU {server_cpu:.1f} s in {ABUSE_SECONDS:.0f} s"),
        (f"{IDLE_CONNECTIONS:,} idle connections", idle_stats["opened"] == IDLE_CONNECTIONS and idle_stats["closed_by_server"] > 0,
         f"{idle_stats['opened']} opened, {idle_stats['closed_by_server']} closed by the server's request timeout "
         f"(and reopened), {idle_stats['connect_failures']} connects failed"),
        (f"slowloris ({SLOWLORIS_CONNECTIONS} connections, a header line every 2 s)", slow_stats["closed_by_server"] > 0,
         f"{slow_stats['closed_by_server']} closed by the server's request timeout (and reopened)"),
    ]
    rows += [(t.name, t.ok(), t.detail()) for t in tallies]

    print(f"### `cvsearch serve` under abuse ({ABUSE_SECONDS:.0f} s, all at once)\n")
    print("| check | result | measured |")
    print("|---|---|---|")
    for name, ok, detail in rows:
        print(f"| {name} | {'PASS' if ok else 'FAIL'} | {detail} |")
    return 0 if all(ok for _, ok, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
