#!/usr/bin/env python3
"""Markdown tables from the RESULT lines that run_all.sh collected.

    report.py OUT_DIR            (reads OUT_DIR/results.jsonl and OUT_DIR/<engine>.tsv)

Ratios are cvsearch ÷ peer, measured in the same run: for docs/s above 1 means cvsearch
is faster; for latency, size and memory below 1 means cvsearch is smaller/faster.
Without a cvsearch result, the peers are compared with raw Xapian instead.
"""
import json
import os
import sys

NAMES = {"cvsearch": "cvsearch", "xapian": "raw Xapian", "xapian-sf0": "raw Xapian, snippet flags 0",
         "sqlite": "SQLite FTS5", "lucene": "Lucene"}
ORDER = ["cvsearch", "xapian", "xapian-sf0", "sqlite", "lucene"]
PEERS = ["xapian", "sqlite", "lucene"]


def load(out):
    idx, qry, sync = {}, {}, []
    with open(os.path.join(out, "results.jsonl"), encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r["phase"] == "index":
                idx[r["engine"]] = r
            elif r["phase"] == "query":
                qry[r["engine"]] = r
            elif r["phase"] in ("sync", "revise"):
                sync.append(r)
    return idx, qry, sync


def fmt(x, digits=None):
    if x is None:
        return "–"
    if digits is None:
        digits = 0 if abs(x) >= 100 else 1 if abs(x) >= 10 else 2 if abs(x) >= 1 else 3
    return f"{x:,.{digits}f}"


def ratio(a, b):
    if a is None or b is None or b == 0:
        return "–"
    return f"{a / b:.2f}x"


def mb(b):
    return b / 1e6 if b is not None else None


def records(out, engine):
    path = os.path.join(out, f"{engine}.tsv")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f]


def main():
    out = sys.argv[1]
    idx, qry, sync = load(out)
    base = "cvsearch" if "cvsearch" in idx or "cvsearch" in qry else "xapian"
    lines = []
    p = lines.append

    p("### Indexing (full build, one process, includes the final commit)")
    p("")
    p(f"| engine | version | docs | wall s | docs/s | CPU s | docs per CPU s | text MB/s | index MB | index / text | "
      f"peak RSS MB | docs/s vs {NAMES[base]} |")
    p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for e in ORDER:
        r = idx.get(e)
        if not r:
            continue
        tb = r.get("text_bytes") or 0
        cpu = r.get("cpu_s")
        p(f"| {NAMES[e]} | {r.get('version', '')} | {r['docs']:,} | {fmt(r['seconds'])} | {fmt(r['docs_per_s'], 0)} | "
          f"{fmt(cpu)} | {fmt(r['docs'] / cpu, 0) if cpu else '–'} | "
          f"{fmt(tb / 1e6 / r['seconds']) if tb else '–'} | {fmt(mb(r['index_bytes']))} | "
          f"{fmt(r['index_bytes'] / tb, 2) if tb else '–'} | {fmt(r['peak_rss_mb'])} | "
          f"{ratio(r['docs_per_s'], idx[base]['docs_per_s']) if base in idx else '–'} |")
    if "cvsearch" in idx:
        r = idx["cvsearch"]
        p("")
        p(f"cvsearch indexes the CV files (parse + extract + normalize + index); the peers index the "
          f"ready-made text of corpus.jsonl. cvsearch's own split: scan {fmt(r.get('scan_s'))} s, "
          f"parse {fmt(r.get('parse_s'))} s, write {fmt(r.get('write_s'))} s; "
          f"{r.get('failed', 0)} files failed. text MB/s for cvsearch counts the file bytes.")
    p("")
    p("### Queries, single thread, latency in ms")
    p("")
    p("plain = top 10; facets = + exact institution, venue and year counts over all matches; "
      "full = facets + one highlighted fragment (~200 bytes) for each of the 10 hits.")
    p("")
    p(f"| engine | plain p50 | p95 | p99 | q/s | facets p50 | p95 | p99 | q/s | full p50 | p95 | p99 | q/s | "
      f"full q/s vs {NAMES[base]} | total matches | RSS MB |")
    p("|---|" + "---:|" * 15)
    for e in ORDER:
        r = qry.get(e)
        if not r:
            continue
        cells = []
        for m in ("plain", "facets", "full"):
            s = r[m]
            cells += [fmt(s["p50"], 3), fmt(s["p95"], 3), fmt(s["p99"], 3), fmt(s["qps"], 0)]
        p(f"| {NAMES[e]} | " + " | ".join(cells) +
          f" | {ratio(r['full']['qps'], qry[base]['full']['qps']) if base in qry else '–'} | "
          f"{r['total_matches']:,} | {fmt(r['peak_rss_mb'])} |")

    if any(f"{m}_cpu" in r for r in qry.values() for m in ("plain",)):
        p("")
        p("CPU time of the querying thread per query, ms (what the wall-clock latency would be on an idle "
          "machine, less I/O waits):")
        p("")
        p("| engine | plain p50 | p95 | p99 | facets p50 | p95 | p99 | full p50 | p95 | p99 |")
        p("|---|" + "---:|" * 9)
        for e in ORDER:
            r = qry.get(e)
            if not r or "plain_cpu" not in r:
                continue
            cells = [fmt(r[f"{m}_cpu"][pc], 3) for m in ("plain", "facets", "full") for pc in ("p50", "p95", "p99")]
            p(f"| {NAMES[e]} | " + " | ".join(cells) + " |")

    if "cvsearch" in idx or "cvsearch" in qry:
        p("")
        p("### cvsearch ÷ each peer (same run)")
        p("")
        p("docs/s: above 1 = cvsearch faster. Everything else: below 1 = cvsearch smaller or faster.")
        p("")
        peers = [e for e in PEERS if e in idx or e in qry]
        head = "| metric | cvsearch |"
        for e in peers:
            head += f" {NAMES[e]} | ÷ {e} |"
        p(head)
        p("|---|---:|" + "---:|---:|" * len(peers))
        def per_cpu(e):
            r = idx.get(e, {})
            return r["docs"] / r["cpu_s"] if r.get("cpu_s") else None
        rows = [("build docs/s", lambda e: idx.get(e, {}).get("docs_per_s"), 0),
                ("build docs per CPU s", per_cpu, 0),
                ("index MB", lambda e: mb(idx.get(e, {}).get("index_bytes")), 1),
                ("peak RSS while indexing, MB", lambda e: idx.get(e, {}).get("peak_rss_mb"), 0)]
        for m in ("plain", "facets", "full"):
            for pc in ("p50", "p95", "p99"):
                rows.append((f"{m} {pc} ms", lambda e, m=m, pc=pc: qry.get(e, {}).get(m, {}).get(pc), 3))
        for m in ("plain", "facets", "full"):
            for pc in ("p50", "p95"):
                rows.append((f"{m} {pc} CPU ms", lambda e, m=m, pc=pc: qry.get(e, {}).get(f"{m}_cpu", {}).get(pc), 3))
        for label, get, d in rows:
            c = get("cvsearch")
            line = f"| {label} | {fmt(c, d)} |"
            for e in peers:
                line += f" {fmt(get(e), d)} | {ratio(c, get(e))} |"
            p(line)

    if sync:
        p("")
        p("### cvsearch incremental sync")
        p("")
        p("| step | files | updated | added | removed | unchanged | wall s | changed profiles/s | index MB after | folder MB | compacted (s) | peak RSS MB |")
        p("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in sync:
            compacted = f"yes ({fmt(r.get('compact_s', 0))})" if r.get("compacted") else "no"
            p(f"| {r.get('label', r['phase'])} | {r.get('files', 0):,} | {r.get('updated', 0):,} | {r.get('added', 0):,} | "
              f"{r.get('removed', 0):,} | {r.get('unchanged', 0):,} | {fmt(r['seconds'])} | "
              f"{fmt(r['docs_per_s'], 0) if r.get('updated') or r.get('added') else '–'} | "
              f"{fmt(mb(r.get('index_bytes')))} | {fmt(mb(r.get('dir_bytes')))} | {compacted} | {fmt(r['peak_rss_mb'])} |")
        p("")
        p("index MB after: the current generation; folder MB: the whole index folder, with the "
          "generations a compaction replaced (kept for --grace, 1 h, for readers; the next run deletes them).")

    recs = {e: records(out, e) for e in ORDER}
    recs = {e: r for e, r in recs.items() if r}
    if len(recs) >= 2:
        p("")
        p("### Cross-check: queries with the same number of matches")
        p("")
        engines = [e for e in ORDER if e in recs and e != "xapian-sf0"]
        pairs = []
        for a in range(len(engines)):
            for b in range(a + 1, len(engines)):
                ra, rb = recs[engines[a]], recs[engines[b]]
                same = sum(1 for x, y in zip(ra, rb) if x[3] == y[3])
                pairs.append(f"{engines[a]}={engines[b]}: {same}/{len(ra)}")
        p("; ".join(pairs) + ".")
        zeros = {e: sum(1 for x in r if x[3] == "0") for e, r in recs.items()}
        p("Queries with no match: " + ", ".join(f"{e} {z}" for e, z in zeros.items()) + ".")
    prog = os.path.join(out, "progress.log")
    if os.path.exists(prog):
        steps = [ln.split("\t") for ln in open(prog, encoding="utf-8").read().splitlines() if ln.count("\t") == 2]
        if steps:
            p("")
            p("Load average (1 min) of the machine when each step began: " +
              "; ".join(f"{msg} {load}" for _, msg, load in steps) + ".")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
