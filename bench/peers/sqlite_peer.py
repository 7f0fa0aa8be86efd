#!/usr/bin/env python3
"""SQLite FTS5 peer: what a plain SQLite application does with the corpus (python3 stdlib only).

    sqlite_peer.py index CORPUS.jsonl DB
    sqlite_peer.py query DB QUERIES [--rounds 3] [--records FILE]

Index: one FTS5 table docs(id UNINDEXED, text) with tokenize='porter unicode61', and one
table per facet (doc, value) WITHOUT ROWID keyed (doc, value) for counting plus an index
on (value, doc) for filtering; one transaction, 256 MB page cache.

Query: each bare word and "phrase" of the query becomes a quoted FTS5 string (implicit AND);
a filter adds `+rowid IN (SELECT doc FROM doc_<facet> WHERE value = ?)`.
  plain  = SELECT id ... ORDER BY rank (bm25) LIMIT 10
  facets = plain + the matches into a temp table, count(*), and three
           GROUP BY value ORDER BY count DESC LIMIT 10 joins (institution, venue, year)
  full   = facets, with snippet(docs, 1, '<b>', '</b>', '...', 32) on the 10 rows
Same protocol and RESULT lines as the C++ programs (bench/bench_util.hpp).
"""
import json
import os
import re
import resource
import sqlite3
import sys
import time

FACETS = [("institution", "doc_inst"), ("venue", "doc_venue"), ("year", "doc_year")]


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def cpu_s():
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def disk_bytes(path):
    total = 0
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            total += os.path.getsize(path + suffix)
    return total


def result(obj):
    print("RESULT " + json.dumps(obj, separators=(",", ":")), flush=True)


def cmd_index(corpus, db):
    t0 = time.perf_counter()
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA cache_size = -262144")
    con.execute("BEGIN")
    con.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, text, tokenize='porter unicode61')")
    for _, table in FACETS:
        con.execute(f"CREATE TABLE {table}(doc INTEGER, value TEXT, PRIMARY KEY(doc, value)) WITHOUT ROWID")
    n = text_bytes = 0
    with open(corpus, encoding="utf-8") as f:
        for rowid, line in enumerate(f, 1):
            r = json.loads(line)
            con.execute("INSERT INTO docs(rowid, id, text) VALUES (?, ?, ?)", (rowid, r["id"], r["text"]))
            con.executemany("INSERT OR IGNORE INTO doc_inst VALUES (?, ?)", ((rowid, v) for v in r["institutions"]))
            con.executemany("INSERT OR IGNORE INTO doc_venue VALUES (?, ?)", ((rowid, v) for v in r["venues"]))
            con.executemany("INSERT OR IGNORE INTO doc_year VALUES (?, ?)", ((rowid, str(v)) for v in r["years"]))
            n += 1
            text_bytes += len(r["text"].encode("utf-8"))
    for _, table in FACETS:
        con.execute(f"CREATE INDEX {table}_value ON {table}(value, doc)")
    con.execute("COMMIT")
    con.close()
    s = time.perf_counter() - t0
    result({"engine": "sqlite", "phase": "index", "version": sqlite3.sqlite_version, "docs": n,
            "text_bytes": text_bytes, "seconds": s, "docs_per_s": n / s, "cpu_s": cpu_s(),
            "index_bytes": disk_bytes(db),
            "peak_rss_mb": peak_rss_mb()})


def read_queries(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            kind, text, filt = (line.split("\t") + ["", ""])[:3]
            field, _, value = filt.partition("=")
            out.append((kind, text, field, value))
    return out


def fts_query(text):
    parts = re.findall(r'"([^"]*)"|(\S+)', text)
    return " ".join('"' + (p or w).replace('"', '""') + '"' for p, w in parts)


def stats(ms):
    ms = sorted(ms)
    n = len(ms)

    def rank(p):
        k = max(1, int(p * n + 0.999999))
        return ms[min(n, k) - 1]
    total = sum(ms)
    return {"p50": rank(0.5), "p95": rank(0.95), "p99": rank(0.99), "mean": total / n,
            "qps": 1000.0 * n / total if total else 0, "samples": n}


class Searcher:
    def __init__(self, db):
        self.con = sqlite3.connect(db, isolation_level=None)
        self.con.execute("PRAGMA cache_size = -262144")
        self.con.execute("CREATE TEMP TABLE m(doc INTEGER PRIMARY KEY)")
        self.tables = dict(FACETS)

    def where(self, q):
        _, text, field, value = q
        sql, args = "docs MATCH ?", [fts_query(text)]
        if field:
            # "+rowid": with a bare rowid the planner hands the IN list to FTS5 as rowid
            # equality constraints (one FTS5 lookup per listed row, 10-100x slower here).
            sql += f" AND +rowid IN (SELECT doc FROM {self.tables[field]} WHERE value = ?)"
            args.append(value)
        return sql, args

    def run(self, q, mode, rec=None):
        where, args = self.where(q)
        con = self.con
        if mode == "full":
            top = con.execute(f"SELECT id, snippet(docs, 1, '<b>', '</b>', '...', 32) FROM docs WHERE {where} "
                              f"ORDER BY rank LIMIT 10", args).fetchall()
        else:
            top = con.execute(f"SELECT id FROM docs WHERE {where} ORDER BY rank LIMIT 10", args).fetchall()
        counts = {}
        matches = 0
        if mode != "plain":
            con.execute("DELETE FROM m")
            con.execute(f"INSERT INTO m SELECT rowid FROM docs WHERE {where}", args)
            matches = con.execute("SELECT count(*) FROM m").fetchone()[0]
            for field, table in FACETS:
                counts[field] = con.execute(
                    f"SELECT f.value, count(*) AS c FROM m JOIN {table} f ON f.doc = m.doc "
                    f"GROUP BY f.value ORDER BY c DESC, f.value LIMIT 10").fetchall()
        if rec is not None:
            rec.update(matches=matches, ids=[r[0] for r in top], facets=counts,
                       snippet=top[0][1] if top and mode == "full" else "")


def write_record(out, q, rec):
    kind, text, field, value = q

    def top3(v):
        return "; ".join(f"{a}={c}" for a, c in v[:3])
    snip = re.sub(r"[\t\r\n]", " ", rec["snippet"])
    out.write("\t".join([kind, text, f"{field}={value}" if field else "", str(rec["matches"]),
                         ",".join(rec["ids"]), top3(rec["facets"]["institution"]), top3(rec["facets"]["venue"]),
                         top3(rec["facets"]["year"]), snip]) + "\n")


def cmd_query(db, qpath, rounds=3, records=None):
    s = Searcher(db)
    queries = read_queries(qpath)
    out = open(records, "w", encoding="utf-8") if records else None
    total = 0
    for q in queries:  # warm-up in full mode, and the cross-check records
        rec = {}
        s.run(q, "full", rec)
        total += rec["matches"]
        if out:
            write_record(out, q, rec)
    if out:
        out.close()
    res = {"engine": "sqlite", "phase": "query", "queries": len(queries), "rounds": rounds, "total_matches": total}
    for mode in ("plain", "facets", "full"):
        ms, cpu = [], []
        for r in range(-1, rounds):  # round -1: warm-up, untimed
            for q in queries:
                c0 = time.thread_time()
                t0 = time.perf_counter()
                s.run(q, mode)
                if r >= 0:
                    ms.append((time.perf_counter() - t0) * 1000.0)
                    cpu.append((time.thread_time() - c0) * 1000.0)
        res[mode] = stats(ms)
        res[mode + "_cpu"] = stats(cpu)
    res["peak_rss_mb"] = peak_rss_mb()
    res["index_bytes"] = disk_bytes(db)
    result(res)


def main(argv):
    if len(argv) >= 4 and argv[1] == "index":
        cmd_index(argv[2], argv[3])
    elif len(argv) >= 4 and argv[1] == "query":
        opts = dict(zip(argv[4::2], argv[5::2]))
        cmd_query(argv[2], argv[3], int(opts.get("--rounds", 3)), opts.get("--records"))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
