#!/usr/bin/env python3
"""Deterministic generator of synthetic researcher profiles (CVs) for the benchmark.

    gen_profiles.py --n 10000 --jsonl corpus.jsonl --dir cvs/      # corpus in both forms
    gen_profiles.py --n 10000 --dir cvs/ --revise 0.01             # rewrite 1% of the files (revision 1)
    gen_profiles.py --n 10000 --dir cvs/ --revise 0.01 --revision 0  # put them back
    gen_profiles.py --queries queries.txt --nqueries 204           # the query mix (bench/queries.txt)

Profile i depends only on (--seed, i), so the first 10k profiles of a 100k corpus are the
10k corpus, and --jobs does not change the output.  python3 standard library only.

--dir writes DIR/NNN/pNNNNNNN.{md,txt,json} (1000 files per folder): Markdown (55%), plain
text (35%) and cvsearch profile JSON (10%); the profile id is the path without extension.
--jsonl writes one object per profile with the same content as structured fields:
    {"id", "format", "name", "text", "institutions": [...], "venues": [...], "years": [...]}
where text is the CV as written (for a JSON profile: its plain-text rendering), institutions
are the canonical names of every affiliation (education and work, current first), venues
the canonical venue of each publication (data/venues.tsv column 1) and years the distinct
publication years, ascending: what cvsearch's facets_of() should find in the file.
"""
import argparse
import bisect
import json
import os
import random
import sys
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus_words as W  # noqa: E402

CURRENT_YEAR = 2025
VENUES_TSV = os.path.join(HERE, "..", "data", "venues.tsv")


# --------------------------------------------------------------------------- vocabulary
class Zipf:
    """Draws items with weight 1/(rank + c)^s: a heavy head and a long tail."""

    def __init__(self, items, s=1.0, c=2.0):
        self.items = list(items)
        acc, self.cum = 0.0, []
        for k in range(len(self.items)):
            acc += 1.0 / (k + 1 + c) ** s
            self.cum.append(acc)

    def __call__(self, rng):
        return self.items[bisect.bisect_left(self.cum, rng.random() * self.cum[-1])]

    def distinct(self, rng, k):
        k = min(k, len(self.items))
        out = []
        while len(out) < k:
            x = self(rng)
            if x not in out:
                out.append(x)
        return out


# Flagship venues go first in their area (the head of the Zipf draw); the rest keep file order.
FLAGSHIPS = ["NeurIPS", "ICML", "ICLR", "AAAI", "IJCAI", "SOSP", "OSDI", "EuroSys", "ATC", "NSDI",
             "SIGCOMM", "MobiCom", "SIGMOD", "VLDB", "ICDE", "KDD", "WWW", "SIGIR", "CVPR", "ICCV",
             "ECCV", "SIGGRAPH", "ACL", "EMNLP", "NAACL", "Interspeech", "STOC", "FOCS", "SODA", "CRYPTO",
             "CCS", "USENIX Security", "S&P", "NDSS", "PLDI", "POPL", "OOPSLA", "CAV", "ICSE", "FSE",
             "ASE", "CHI", "UIST", "CSCW", "ICRA", "IROS", "RSS", "ISCA", "MICRO", "ASPLOS", "HPCA",
             "DAC", "SC", "PPoPP", "HPDC", "IPDPS", "Bioinformatics", "RECOMB", "Nature Methods",
             "Genome Research", "JASA", "AoS", "JRSS-B", "Econometrica", "AER", "QJE", "PRL", "PRX",
             "PRB", "MobiSys", "IMC"]


def load_venues(path):
    """{area: [(acronym, kind, full_name), ...]}: flagships first, then file order."""
    by_area = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 4:
                continue
            acr, kind, area, full = cols[0], cols[1], cols[2], cols[3]
            if kind == "other":  # proceedings series (LNCS, PMLR): not a venue a CV lists alone
                continue
            by_area.setdefault(area, []).append((acr, kind, full))
    rank = {a: k for k, a in enumerate(FLAGSHIPS)}
    for area in by_area:
        by_area[area].sort(key=lambda v: rank.get(v[0], len(rank)))  # stable: file order otherwise
    return by_area


def make_system_names(n=6000):
    rng = random.Random("cvsearch-bench-system-names")
    names, seen = [], set()
    while len(names) < n:
        name = rng.choice(W.NAME_ONSETS) + rng.choice(W.NAME_MIDDLES) + rng.choice(W.NAME_CODAS)
        if rng.random() < 0.25:
            name += rng.choice(["", "2", "++", "-X", "Lite"])
        if name.lower() not in seen:
            seen.add(name.lower())
            names.append(name)
    return names


class Vocab:
    def __init__(self):
        self.venues_by_area = load_venues(VENUES_TSV)
        self.venue_zipf = {a: Zipf(v, s=1.1, c=1.5) for a, v in self.venues_by_area.items()}
        self.fields = list(W.FIELDS)
        self.field_zipf = Zipf(self.fields, s=0.7, c=2.0)
        self.topic_zipf = {f: Zipf(W.FIELDS[f][1], s=0.9, c=2.0) for f in self.fields}
        self.first = Zipf(W.FIRST_NAMES, s=0.8, c=5)
        self.last = Zipf(W.LAST_NAMES, s=0.9, c=4)
        self.systems = Zipf(make_system_names(), s=0.75, c=20)
        industry = {"Google Research", "Microsoft Research", "Meta AI", "IBM Research", "NVIDIA Research",
                    "Amazon Web Services", "Alibaba Group", "Huawei", "Intel Labs"}
        labs = {"Lawrence Berkeley National Laboratory", "Argonne National Laboratory",
                "Oak Ridge National Laboratory", "CERN", "Broad Institute",
                "European Molecular Biology Laboratory", "Allen Institute for AI",
                "Max Planck Institute for Informatics", "Inria"}
        generated = [(form.format(p), []) for p in W.PLACES for form in W.PLACE_FORMS]
        gen_rng = random.Random("cvsearch-bench-places")
        gen_rng.shuffle(generated)
        unis = [x for x in W.INSTITUTIONS if x[0] not in industry and x[0] not in labs] + generated
        self.universities = Zipf(unis, s=0.9, c=6)
        self.companies = Zipf([x for x in W.INSTITUTIONS if x[0] in industry], s=0.8, c=1)
        self.labs = Zipf([x for x in W.INSTITUTIONS if x[0] in labs], s=0.6, c=1)
        self.skills = Zipf(W.SKILLS, s=0.9, c=3)
        general = {v[0]: v for v in self.venues_by_area.get("general-science", [])}
        self.general_venues = [general[a] for a in ("arXiv",) * 7 + ("Nature", "Science", "PNAS") if a in general]


V = None


def vocab():
    global V
    if V is None:
        V = Vocab()
    return V


# --------------------------------------------------------------------------- the profile model
STAGES = [("student", 24), ("postdoc", 13), ("assistant", 15), ("associate", 12), ("full", 13),
          ("industry", 16), ("staff", 7)]


def person_name(rng, v):
    first = v.first(rng)
    last = v.last(rng)
    if rng.random() < 0.12:
        first += " " + rng.choice("ABCDEFGHJKLMNPRSTW") + "."
    return first, last


def short_author(first, last):
    initials = " ".join(p[0] + "." for p in first.replace("-", " ").split() if p and p[0].isalpha())
    return f"{initials} {last}"


def capitalize_title(s):
    small = {"a", "an", "and", "the", "of", "for", "in", "on", "at", "to", "with", "via", "without", "under"}
    words = s.split(" ")
    out = []
    for k, w in enumerate(words):
        if k > 0 and w in small:
            out.append(w)
        elif w.isupper() or any(ch.isupper() for ch in w[1:]):
            out.append(w)
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))
    return " ".join(out)


def plural(noun):
    if noun.endswith("sis"):
        return noun[:-3] + "ses"
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def make_title(rng, v, own_topics, field):
    t1 = rng.choice(own_topics) if rng.random() < 0.65 else v.topic_zipf[field](rng)
    t2 = v.topic_zipf[field](rng)
    adj = rng.choice(W.FIELDS[field][2])
    form = rng.randrange(12)
    sysname = None
    if form == 0:
        sysname = v.systems(rng)
        s = f"{sysname}: {adj} {t1} for {rng.choice(W.TITLE_OBJECTS)}"
    elif form == 1:
        sysname = v.systems(rng)
        s = f"{sysname}: {rng.choice(W.TITLE_VERBS)} {t1} {rng.choice(W.TITLE_QUALIFIERS)}"
    elif form == 2:
        s = f"towards {adj} {t1}"
    elif form == 3:
        s = f"{rng.choice(W.TITLE_VERBS)} {t1} {rng.choice(W.TITLE_QUALIFIERS)}"
    elif form == 4:
        s = f"a {adj} {rng.choice(W.TITLE_NOUNS)} for {t1}"
    elif form == 5:
        s = f"{t1} meets {t2}" if t1 != t2 else f"{t1} revisited"
    elif form == 6:
        s = f"on the {rng.choice(['limits', 'complexity', 'robustness', 'cost', 'design', 'power'])} of {t1}"
    elif form == 7:
        s = f"{adj} {t1} with {t2}" if t1 != t2 else f"{adj} {t1} {rng.choice(W.TITLE_QUALIFIERS)}"
    elif form == 8:
        s = f"{t1}: a {rng.choice(W.TITLE_NOUNS)} {rng.choice(W.TITLE_QUALIFIERS)}"
    elif form == 9:
        sysname = v.systems(rng)
        s = f"{rng.choice(W.TITLE_VERBS)} {t1} with {sysname}"
    elif form == 10:
        s = f"what {rng.choice(W.TITLE_OBJECTS)} tell us about {t1}"
    else:
        s = f"{adj} {plural(rng.choice(W.TITLE_NOUNS))} for {t1} and {t2}" if t1 != t2 else f"{adj} {t1}"
    return capitalize_title(s), t1, sysname


def pick_venue(rng, v, fields):
    r = rng.random()
    if r < 0.07:
        return rng.choice(v.general_venues)
    field = fields[0] if r < 0.78 else fields[1]
    areas = W.FIELDS[field][0]
    area = areas[0] if rng.random() < 0.6 or len(areas) == 1 else rng.choice(areas[1:])
    if area not in v.venue_zipf:
        area = next(a for a in areas if a in v.venue_zipf)
    return v.venue_zipf[area](rng)


def inst_entry(zipf, rng):
    canon, aliases = zipf(rng)
    raw = canon if not aliases or rng.random() < 0.7 else rng.choice(aliases)
    return canon, raw


def gen_profile(seed, i, revision=0):
    v = vocab()
    rng = random.Random(f"{seed}:{i}")
    first, last = person_name(rng, v)
    name = f"{first} {last}"
    field = v.field_zipf(rng)
    field2 = v.field_zipf(rng)
    while field2 == field:
        field2 = rng.choice(v.fields)
    stage = rng.choices([s for s, _ in STAGES], [w for _, w in STAGES])[0]
    interests = v.topic_zipf[field].distinct(rng, rng.randint(3, 6)) + \
        v.topic_zipf[field2].distinct(rng, rng.randint(0, 2))
    dept = W.DEPARTMENTS.get(field, W.DEPARTMENTS["default"])

    cy = CURRENT_YEAR
    phd_end = {"student": cy + rng.randint(1, 4), "postdoc": cy - rng.randint(1, 3),
               "assistant": cy - rng.randint(3, 8), "associate": cy - rng.randint(8, 15),
               "full": cy - rng.randint(14, 34), "industry": cy - rng.randint(1, 20),
               "staff": cy - rng.randint(4, 24)}[stage]
    phd_start = phd_end - rng.randint(4, 6)
    has_ms = rng.random() < 0.45
    bsc_end = phd_start - (2 if has_ms else 0)
    bsc_start = bsc_end - rng.choice([3, 4, 4, 4, 5])

    degree_field = {"computational biology": "Computational Biology", "statistics": "Statistics",
                    "economics": "Economics", "physics": "Physics",
                    "computer architecture": "Electrical Engineering"}.get(field, "Computer Science")
    affs = []  # dicts: institution, raw, kind, role, start, end (None = present)
    phd_inst = inst_entry(v.universities, rng)
    bsc_inst = inst_entry(v.universities, rng) if rng.random() < 0.75 else phd_inst
    if stage == "student":
        affs.append(dict(inst=phd_inst, kind="education", role=f"Ph.D. in {degree_field}",
                         start=phd_start, end=None))
    else:
        affs.append(dict(inst=phd_inst, kind="education", role=f"Ph.D. in {degree_field}",
                         start=phd_start, end=phd_end))
    if has_ms:
        ms_inst = inst_entry(v.universities, rng) if rng.random() < 0.5 else bsc_inst
        affs.append(dict(inst=ms_inst, kind="education", role=f"M.Sc. in {degree_field}",
                         start=bsc_end, end=phd_start))
    affs.append(dict(inst=bsc_inst, kind="education",
                     role=rng.choice(["B.Sc.", "B.S.", "B.Eng.", "B.A."]) + f" in {degree_field}",
                     start=bsc_start, end=bsc_end))
    advisor = "Prof. " + " ".join(person_name(rng, v))
    thesis = make_title(rng, v, interests, field)[0]

    work = []
    if stage == "student":
        for _ in range(rng.randint(0, 2)):
            y = rng.randint(phd_start, cy)
            work.append(dict(inst=inst_entry(v.companies, rng), kind="work", role="Research Intern", start=y, end=y))
    else:
        y = phd_end
        if stage in ("postdoc", "assistant", "associate", "full") and (stage == "postdoc" or rng.random() < 0.5):
            end = None if stage == "postdoc" else min(cy, y + rng.randint(1, 3))
            work.append(dict(inst=inst_entry(v.universities if rng.random() < 0.8 else v.labs, rng),
                             kind="work", role="Postdoctoral Researcher", start=y, end=end))
            y = end or cy
        if stage in ("assistant", "associate", "full"):
            ladder = ["Assistant Professor", "Associate Professor", "Professor"]
            top = {"assistant": 1, "associate": 2, "full": 3}[stage]
            inst = inst_entry(v.universities, rng)
            for k in range(top):
                last_rung = k == top - 1
                if k > 0 and rng.random() < 0.3:
                    inst = inst_entry(v.universities, rng)
                end = None if last_rung else min(cy - 1, y + rng.randint(4, 7))
                work.append(dict(inst=inst, kind="work", role=f"{ladder[k]}, {dept}", start=y, end=end))
                y = end or cy
            if stage != "assistant" and rng.random() < 0.4:
                vy = rng.randint(phd_end + 2, cy)
                work.append(dict(inst=inst_entry(v.companies if rng.random() < 0.5 else v.universities, rng),
                                 kind="visiting", role="Visiting Researcher", start=vy, end=vy))
        if stage == "industry":
            ladder = ["Research Scientist", "Senior Research Scientist", "Principal Researcher"]
            inst = inst_entry(v.companies, rng)
            rungs = min(3, 1 + (cy - phd_end) // 5)
            for k in range(rungs):
                end = None if k == rungs - 1 else min(cy - 1, y + rng.randint(3, 6))
                work.append(dict(inst=inst, kind="work", role=ladder[k], start=y, end=end))
                y = end or cy
        if stage == "staff":
            work.append(dict(inst=inst_entry(v.labs, rng), kind="work",
                             role=rng.choice(["Staff Scientist", "Research Scientist", "Senior Scientist"]),
                             start=y, end=None))
    work.reverse()  # most recent first, as CVs list them
    now = [a for a in work if a["end"] is None and a["kind"] == "work"]
    if stage == "student" or not now:
        current, position = affs[0]["inst"][0], f"Ph.D. Student, {dept}"
    else:
        current, position = now[0]["inst"][0], now[0]["role"]

    # publications
    n_pub = {"student": (5, 12), "postdoc": (8, 24), "assistant": (12, 35), "associate": (20, 48),
             "full": (28, 60), "industry": (5, 30), "staff": (10, 40)}[stage]
    npub = int(n_pub[0] + (n_pub[1] - n_pub[0]) * rng.random() ** 1.6)
    my_short = short_author(first, last)
    coauthors = [person_name(rng, v) for _ in range(rng.randint(4, 14))]
    short_style = rng.random() < 0.4
    first_year = max(bsc_end - 1, phd_start - 1)
    pubs = []
    for _ in range(npub):
        title, topic, sysname = make_title(rng, v, interests, field if rng.random() < 0.8 else field2)
        acr, kind, full = pick_venue(rng, v, (field, field2))
        year = rng.randint(first_year, cy)
        na = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7])
        authors = rng.sample(coauthors, min(na - 1, len(coauthors)))
        authors.insert(rng.randrange(len(authors) + 1), (first, last))
        names = [short_author(f, l) if short_style else f"{f} {l}" for f, l in authors]
        extra = ""
        if kind == "journal":
            extra = f" {rng.randint(1, 80)}({rng.randint(1, 12)})"
            if rng.random() < 0.5:
                p0 = rng.randint(1, 3000)
                extra += f":{p0}-{p0 + rng.randint(8, 30)}"
        elif rng.random() < 0.3:
            p0 = rng.randint(1, 900)
            extra = f", pp. {p0}-{p0 + rng.randint(10, 16)}"
        doi = ""
        if kind in ("conference", "journal", "workshop") and rng.random() < 0.35:
            doi = f"doi:10.{rng.choice([1145, 1109, 1007, 1016, 1103, 1093])}/{rng.randint(1000000, 9999999)}"
        elif kind == "preprint" and acr == "arXiv":
            doi = f"arXiv:{year % 100:02d}{rng.randint(1, 12):02d}.{rng.randint(10000, 19999)}"
        vstyle = rng.randrange(4)
        pubs.append(dict(title=title, authors=names, acr=acr, kind=kind, full=full, year=year,
                         extra=extra, doi=doi, vstyle=vstyle, system=sysname))
    pubs.sort(key=lambda p: -p["year"])

    skills = v.skills.distinct(rng, rng.randint(4, 10))
    langs = rng.sample(W.LANGUAGES, rng.randint(1, 3))
    awards = []
    for _ in range(rng.randint(0, 4)):
        if pubs and rng.random() < 0.5:
            p = rng.choice(pubs)
            awards.append((p["year"], f"{rng.choice(['Best Paper Award', 'Best Student Paper Award', 'Distinguished Paper Award', 'Best Paper Honorable Mention'])}, {p['acr']} {p['year']}"))
        else:
            awards.append((rng.randint(bsc_start, cy), rng.choice(W.FELLOWSHIPS)))
    awards.sort(key=lambda a: -a[0])
    service = []
    if stage != "student" or rng.random() < 0.3:
        for _ in range(rng.randint(1, 4)):
            if not pubs:
                break
            p = rng.choice(pubs)
            y0 = rng.randint(min(cy, max(first_year + 2, cy - 8)), cy)
            if p["kind"] == "journal":
                role = rng.choice(["Reviewer", "Reviewer", "Associate Editor", "Guest Editor"])
            else:
                role = rng.choice(["Program Committee", "Program Committee", "External Review Committee",
                                   "Artifact Evaluation Committee", "Reviewer"])
            service.append(f"{role}, {p['acr']} {y0}" + (f"-{min(cy, y0 + rng.randint(1, 3))}" if rng.random() < 0.4 else ""))
    teaching = []
    if stage in ("assistant", "associate", "full", "postdoc") or rng.random() < 0.3:
        for c in rng.sample(W.COURSES, rng.randint(1, 3)):
            teaching.append((c, rng.randint(max(phd_start, cy - 10), cy)))
    projects = []
    for _ in range(rng.randint(0, 3)):
        sn = v.systems(rng)
        projects.append(f"{sn}: an open-source {rng.choice(W.FIELDS[field][2])} "
                        f"{rng.choice(W.TITLE_NOUNS)} for {rng.choice(interests)} "
                        f"(lead developer, {rng.randint(phd_start, cy)}-{rng.choice(['present', str(cy)])})")

    slug = f"{first.split()[0]}.{last}".lower().replace("-", "")
    domain = current.lower().replace(",", "").replace("university of ", "u").replace(" ", "")[:14]
    # Each generated profile is its own person: its addresses carry its number, as two
    # people who share a name never share an e-mail address or a homepage (cvsearch takes
    # files that share one, under the same name, for one person and collapses them).
    email = f"{slug}{i}@{domain}.example.org"
    homepage = f"https://{slug.replace('.', '')}{i}.example.net"
    role = position.split(',')[0].lower()
    bio = (f"{name} is {'an' if role[0] in 'aeiou' else 'a'} {role} at {current}. "
           f"{'Her' if rng.random() < 0.45 else 'His' if rng.random() < 0.8 else 'Their'} research focuses on "
           f"{', '.join(interests[:-1])} and {interests[-1]}, with an emphasis on "
           f"{rng.choice(W.FIELDS[field][2])} {rng.choice(interests)} "
           f"{rng.choice(W.TITLE_QUALIFIERS)}.")
    if rng.random() < 0.6:
        bio += (f" Before joining {current}, {first.split()[0]} completed a Ph.D. at {phd_inst[0]}"
                f" under the supervision of {advisor}.")
    updated = f"{rng.choice(['January', 'March', 'May', 'June', 'September', 'November'])} {cy}"
    fmt = rng.choices(["md", "txt", "json"], [55, 35, 10])[0]

    prof = dict(id=f"{i // 1000:03d}/p{i:07d}", fmt=fmt, first=first, last=last, name=name,
                field=field, stage=stage, position=position, current=current, dept=dept,
                email=email, homepage=homepage, phone=rng.random() < 0.3 and f"+1 555 {rng.randint(100, 999)} {rng.randint(1000, 9999)}",
                city=rng.choice(W.CITIES), interests=interests, bio=bio, advisor=advisor, thesis=thesis,
                education=affs, work=work, pubs=pubs, skills=skills, langs=langs, awards=awards,
                service=service, teaching=teaching, projects=projects, updated=updated,
                short_style=short_style, my_short=my_short)
    if revision:
        revise(prof, seed, i, revision, interests, field, field2)
    return prof


def revise(prof, seed, i, revision, interests, field, field2):
    """A new version of the CV: one more recent paper, a new award, a new date."""
    v = vocab()
    rng = random.Random(f"{seed}:{i}:rev{revision}")
    title, _, sysname = make_title(rng, v, interests, field)
    acr, kind, full = pick_venue(rng, v, (field, field2))
    me = prof["my_short"] if prof["short_style"] else prof["name"]
    co = " ".join(person_name(rng, v))
    prof["pubs"].insert(0, dict(title=title, authors=[me, co], acr=acr, kind=kind, full=full,
                                year=CURRENT_YEAR, extra="", doi="", vstyle=rng.randrange(4), system=sysname))
    prof["awards"].insert(0, (CURRENT_YEAR, rng.choice(W.FELLOWSHIPS)))
    prof["updated"] = f"December {CURRENT_YEAR} (revision {revision})"


# --------------------------------------------------------------------------- rendering
def venue_text(p):
    acr, full, y, kind = p["acr"], p["full"], p["year"], p["kind"]
    st = p["vstyle"]
    if full == acr:  # Nature, Science, arXiv: one name only
        return f"{full}{p['extra']}, {y}" if kind != "preprint" else f"{acr} preprint, {y}"
    if kind == "journal":
        return [f"{full}{p['extra']}, {y}", f"{acr}{p['extra']}, {y}",
                f"{full} ({acr}){p['extra']}, {y}", f"{full}{p['extra']} ({y})"][st]
    if kind == "preprint":
        return f"{full} preprint, {y}" if acr != full else f"{acr} preprint, {y}"
    return [f"Proceedings of the {full} ({acr} '{y % 100:02d}){p['extra']}, {y}",
            f"{acr} {y}{p['extra']}",
            f"{full} ({acr}), {y}{p['extra']}",
            f"In {full}, {y}{p['extra']}"][st]


def years(a):
    s = a["start"]
    e = "present" if a["end"] is None else a["end"]
    return f"{s}" if s == e else f"{s}–{e}"


def pub_line(p):
    line = f"{', '.join(p['authors'])}. {p['title']}. {venue_text(p)}."
    if p["doi"]:
        line += f" {p['doi']}"
    return line


def sections(prof):
    """(heading, kind, [lines]) in CV order, shared by the text and JSON renderings."""
    out = [("Research Interests", "interests", [", ".join(t[:1].upper() + t[1:] for t in prof["interests"]) + "."]),
           ("Biography", "other", [prof["bio"]])]
    out.append(("Education", "education",
                [f"{years(a)}  {a['role']}, {a['inst'][1]}" for a in prof["education"]] +
                ([f"Thesis: {prof['thesis']} (advisor: {prof['advisor']})"] if prof["stage"] != "student" else
                 [f"Advisor: {prof['advisor']}"])))
    if prof["work"]:
        out.append(("Experience", "experience",
                    [f"{years(a)}  {a['role']}, {a['inst'][1]}" for a in prof["work"]]))
    out.append(("Publications", "publications", [pub_line(p) for p in prof["pubs"]]))
    if prof["projects"]:
        out.append(("Projects and Software", "projects", prof["projects"]))
    if prof["awards"]:
        out.append(("Awards and Honors", "awards", [f"{y}  {a}" for y, a in prof["awards"]]))
    if prof["service"]:
        out.append(("Professional Service", "service", prof["service"]))
    if prof["teaching"]:
        out.append(("Teaching", "teaching", [f"{c} ({y})" for c, y in prof["teaching"]]))
    out.append(("Skills", "skills", [", ".join(prof["skills"]) + ". Languages: " + ", ".join(prof["langs"]) + "."]))
    return out


def header_lines(prof):
    lines = [prof["position"] + ("" if prof["current"] in prof["position"] else f", {prof['current']}")]
    contact = [prof["email"], prof["homepage"]]
    if prof["phone"]:
        contact.append(prof["phone"])
    lines.append(" · ".join(contact))
    lines.append(f"{prof['city']} · Last updated: {prof['updated']}")
    return lines


def render_md(prof):
    out = [f"# {prof['name']}", ""]
    h = header_lines(prof)
    out += [f"**{h[0]}**  ", h[1] + "  ", f"*{h[2]}*", ""]
    for heading, kind, lines in sections(prof):
        out.append(f"## {heading}")
        out.append("")
        if kind == "publications":
            out += [f"{k + 1}. {ln}" for k, ln in enumerate(lines)]
        elif kind in ("interests", "other", "skills"):
            out += lines
        else:
            out += [f"- {ln}" for ln in lines]
        out.append("")
    return "\n".join(out)


def render_txt(prof):
    out = [prof["name"]] + header_lines(prof) + [""]
    for heading, kind, lines in sections(prof):
        out.append(heading.upper())
        if kind == "publications":
            out += [f"[{k + 1}] {ln}" for k, ln in enumerate(lines)]
        else:
            out += lines
        out.append("")
    return "\n".join(out)


def render_json(prof, text_sections):
    affs = []
    for a in prof["work"] + prof["education"]:
        affs.append({"institution_raw": a["inst"][1], "kind": a["kind"], "role": a["role"],
                     "start_year": a["start"], "end_year": a["end"], "current": a["end"] is None})
    def venue_raw(p):
        if p["full"] == p["acr"]:
            return p["acr"]
        return [p["full"], p["acr"], f"{p['full']} ({p['acr']})", p["full"]][p["vstyle"]]
    pubs = [{"title": p["title"], "authors": p["authors"], "venue_raw": venue_raw(p),
             "year": p["year"], "kind": p["kind"]} for p in prof["pubs"]]
    obj = {"name": prof["name"], "emails": [prof["email"]], "homepage": prof["homepage"],
           "headline": header_lines(prof)[0], "interests": prof["interests"], "affiliations": affs,
           "publications": pubs, "skills": prof["skills"], "awards": [a for _, a in prof["awards"]],
           "sections": [{"heading": h, "kind": k, "text": "\n".join(ls)} for h, k, ls in text_sections]}
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def facets(prof):
    insts = []
    for a in prof["work"] + prof["education"]:
        if a["inst"][0] not in insts:
            insts.append(a["inst"][0])
    venues = []
    for p in prof["pubs"]:
        if p["acr"] not in venues:
            venues.append(p["acr"])
    return insts, venues, sorted({p["year"] for p in prof["pubs"]})


def build(args):
    """-> (id, ext, file bytes, jsonl line) for profile i."""
    seed, i, revision = args
    prof = gen_profile(seed, i, revision)
    if prof["fmt"] == "md":
        text = render_md(prof)
        body = text
    else:
        text = render_txt(prof)
        body = text if prof["fmt"] == "txt" else render_json(prof, sections(prof))
    insts, venues, yrs = facets(prof)
    rec = {"id": prof["id"], "format": {"md": "markdown", "txt": "text", "json": "profile_json"}[prof["fmt"]],
           "name": prof["name"], "text": text, "institutions": insts, "venues": venues, "years": yrs}
    return prof["id"], prof["fmt"], body, json.dumps(rec, ensure_ascii=False)


def revised_ids(seed, n, fraction):
    k = max(1, round(n * fraction))
    return sorted(random.Random(f"{seed}:revise:{n}").sample(range(n), k))


# --------------------------------------------------------------------------- queries
def query_words(s):
    out = []
    for w in s.lower().replace(",", " ").replace(":", " ").replace(".", " ").split():
        if w.isalpha() and len(w) >= 3 and w not in W.STOPWORDS:
            out.append(w)
    return out


def plain_phrase(t):
    return all(w.isalpha() for w in t.split()) and 2 <= len(t.split()) <= 3


def gen_queries(seed, nq):
    """Six kinds in turn: word, and2, phrase, each without and with a facet filter."""
    rng = random.Random(f"{seed}:queries")
    kinds = ["word", "and2", "phrase"]
    out, seen = [], set()
    k = 0
    while len(out) < nq:
        kind = kinds[k % 3]
        with_filter = (k // 3) % 2 == 1
        k += 1
        prof = gen_profile(seed, rng.randrange(1000))
        topic_words = [w for t in prof["interests"] for w in query_words(t)]
        title_words = [w for p in prof["pubs"] for w in query_words(p["title"])]
        systems = [p["system"].lower() for p in prof["pubs"] if p["system"] and p["system"].isalpha()]
        if kind == "word":
            r = rng.random()
            if r < 0.15 and systems:
                q = rng.choice(systems)
            elif r < 0.25:
                q = prof["last"].lower() if prof["last"].isalpha() else rng.choice(topic_words)
            elif r < 0.35:
                q = rng.choice([s.lower() for s in prof["skills"] if s.isalpha() and len(s) >= 3] or topic_words)
            elif r < 0.55:
                q = rng.choice(title_words)
            else:
                q = rng.choice(topic_words)
        elif kind == "and2":
            r = rng.random()
            if r < 0.15 and prof["first"].isalpha() and prof["last"].isalpha():
                q = f"{prof['first'].lower()} {prof['last'].lower()}"
            elif r < 0.3 and systems:
                q = f"{rng.choice(systems)} {rng.choice(topic_words)}"
            else:
                a = rng.choice(topic_words)
                b = rng.choice(title_words + topic_words)
                if a == b:
                    continue
                q = f"{a} {b}"
        else:
            phrases = [t for t in prof["interests"] if plain_phrase(t)]
            if not phrases:
                continue
            q = f'"{rng.choice(phrases)}"'
            if rng.random() < 0.25:
                q += " " + rng.choice(title_words)
        filt = ""
        if with_filter:
            insts, venues, yrs = facets(prof)
            r = rng.random()
            if r < 0.4:
                filt = f"venue={rng.choice(venues)}"
            elif r < 0.75:
                filt = f"institution={rng.choice(insts)}"
            else:
                filt = f"year={rng.choice(yrs)}"
        kind_name = kind + ("+filter" if filt else "")
        if (q, filt) in seen:
            continue
        seen.add((q, filt))
        out.append((kind_name, q, filt))
    return out


# --------------------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=10000, help="number of profiles")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--jsonl", help="write the structured corpus here")
    ap.add_argument("--dir", help="write one CV file per profile under this folder")
    ap.add_argument("--revise", type=float, metavar="FRACTION",
                    help="with --dir: rewrite this fraction of the N files as revision 1 "
                         "(a new paper, award and date) and print their ids")
    ap.add_argument("--revision", type=int, default=1,
                    help="with --revise: the revision to write (0 restores the original files)")
    ap.add_argument("--queries", help="write the query mix here (kind<TAB>query<TAB>filter)")
    ap.add_argument("--nqueries", type=int, default=204)
    ap.add_argument("--jobs", type=int, default=1, help="processes (output is identical)")
    args = ap.parse_args()

    if args.queries:
        with open(args.queries, "w", encoding="utf-8") as f:
            f.write(f"# cvsearch bench queries: gen_profiles.py --queries --nqueries {args.nqueries} "
                    f"--seed {args.seed}\n# kind<TAB>query<TAB>filter  (all words and \"phrases\" required; "
                    f"filter field=value or empty)\n")
            for kind, q, filt in gen_queries(args.seed, args.nqueries):
                f.write(f"{kind}\t{q}\t{filt}\n")
    if args.revise:
        if not args.dir:
            ap.error("--revise needs --dir")
        ids = revised_ids(args.seed, args.n, args.revise)
        for i in ids:
            pid, fmt, body, _ = build((args.seed, i, args.revision))
            path = os.path.join(args.dir, f"{pid}.{fmt}")
            with open(path, "w", encoding="utf-8") as f:
                f.write(body)
        print(f"wrote {len(ids)} profiles at revision {args.revision}", file=sys.stderr)
        return
    if not (args.jsonl or args.dir):
        if not args.queries:
            ap.error("nothing to do: give --jsonl, --dir or --queries")
        return
    jf = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None
    work = ((args.seed, i, 0) for i in range(args.n))
    pool = Pool(args.jobs) if args.jobs > 1 else None
    results = pool.imap(build, work, chunksize=200) if pool else map(build, work)
    made = set()
    for pid, fmt, body, line in results:
        if args.dir:
            sub = os.path.join(args.dir, pid.split("/")[0])
            if sub not in made:
                os.makedirs(sub, exist_ok=True)
                made.add(sub)
            with open(os.path.join(args.dir, f"{pid}.{fmt}"), "w", encoding="utf-8") as f:
                f.write(body)
        if jf:
            jf.write(line + "\n")
    if pool:
        pool.close()
        pool.join()
    if jf:
        jf.close()


if __name__ == "__main__":
    main()
