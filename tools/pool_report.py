#!/usr/bin/env python3
"""Run cvsearch's extractor over a pool of CV files and report what it found.

There is no gold data here: this tool is for a large pool of real CVs
(hundreds of files, kept outside this repository) where nobody has written
down the expected values.  It answers "does the extractor survive every file,
how fast is it, how often does it find the basics, and which facet values look
like junk?".  The numbers guide extraction work; `tools/facet_eval.py` then
measures precision and recall on the hand-annotated files.

For every file under the given directories (recursively; hidden files and
directories are skipped; only .tex .md .markdown .json .html .htm .txt .pdf)
it runs

    <cvsearch> parse --json <file>

with a timeout and classifies the run:

  * ok           exit status 0 and a JSON array of profiles on stdout;
  * parse error  exit status 2 with a one-line "cvsearch: FILE: reason"
                 message (a clean refusal: malformed JSON, binary file, ...);
  * crash        killed by a signal, any other exit status, a sanitizer or
                 "terminate called" message, or output that is not JSON;
  * timeout      still running after --timeout seconds (then killed).

It prints:

  * files, ok, parse errors, crashes and timeouts (each failure with its file);
  * wall time per file: max, p50, p90 (one process per file, so this includes
    process start-up);
  * the share of files (among ok) with a name, with >= 1 publication, with
    untitled publications (a publication whose title is empty), with >= 1
    institution facet value, with >= 1 venue facet value, and with no
    recognized section at all; the same shares per file extension;
  * the --top (default 30) most common institution and venue facet values,
    counted in files;
  * the most common section headings the extractor classified as "other"
    (headings it does not know);
  * suspected junk facet values, grouped by heuristic, each value with the
    number of files it occurs in and one example file.

Junk heuristics are generic shape tests, not lists of known bad strings (the
word lists they use are CV vocabulary: month names, heading words, degree and
job words, link labels).  A value is suspect when it

  * month:        is a month name or abbreviation (English, German, French,
                  Spanish), optionally with a year; combining marks are ignored;
  * digits:       at least half of its characters are digits (a lone year);
  * date range:   contains a year range or ends in "- present"/"- now";
  * link label:   is a URL, an e-mail address, a word web pages use as a link
                  label ("PDF", "Code", "Slides", "DOI", ...) or starts with
                  one and a colon ("PDF:Research");
  * heading:      is a CV section heading ("Education", "Selected Talks", ...);
  * generic word: is only "University", "College", "School of", ...;
  * honorific:    starts with a title such as "Prof", "Dr", "Mr", "P.I.";
  * role/degree:  starts or ends with a degree or a job word ("PhD in ...",
                  "Research Assistant", "High School Diploma", "Lab Supervisor")
                  and names no organization;
  * person:       equals the CV owner's name or a publication author, or
                  (institution) looks like "Firstname I. Lastname";
  * name list:    (venue) looks like a list of person names (several initials,
                  "et al.", three or more "First Last" parts, or two authors);
  * title:        (venue) equals, or is a long part of, a publication title;
  * status words: (venue) contains "in press", "under review", "presented at",
                  "accepted", "click here", ...;
  * skill:        (institution without an organization word) is also listed
                  among the profile's skills or interests;
  * location:     is only "City, ST" or a country name;
  * markup:       contains LaTeX, Markdown or HTML leftovers (backslash, braces,
                  ** __ < > | $ &amp; [ ] daggers, key=value) or unbalanced
                  parentheses (a value cut inside "Org (City, Country)");
  * glued words:  a heading word or a month glued to the next word
                  ("EducationUniversity", "KAISTMar");
  * fragment:     starts with a lower-case word, a connector ("and", "of",
                  "at", "in", ...) a legal form ("Ltd") or punctuation, or ends
                  with a connector or punctuation;
  * sentence:     reads like a sentence (a lower-case word after "word. ", or
                  more than 8 words ending in a full stop);
  * long:         more than 90 characters, or more than 8 words (institution)
                  or 12 words (venue);
  * short:        one character, or two that are not both capitals.

Names are checked too: a name with a heading word, digits, an address, more
than five words, a single word, or an organization word is listed as suspect.

Usage:
    python3 tools/pool_report.py --cvsearch build/cli/cvsearch /work/cvpool \\
        [--timeout 20] [--jobs 1] [--top 30] [--examples 8] [--json OUT] \\
        [--skip GLOB ...]
    python3 tools/pool_report.py --self-test

--skip GLOB leaves out files whose name matches (e.g. --skip 'FINDINGS*' for
notes kept next to the CVs).  --self-test checks the junk heuristics on a few
made-up values and exits (0 when they behave as documented).

--json OUT also writes every per-file record (status, seconds, name, counts,
facet values, first stderr line, junk flags) and the summary as one JSON
document, for diffing two builds.  Exit status: 0 when every file was ok or a
clean parse error, 1 when there were crashes or timeouts, 2 on bad arguments.
Only the Python 3 standard library is used.
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import json
import os
import re
import statistics
import subprocess
import sys
import time
import unicodedata

EXTENSIONS = {".tex", ".md", ".markdown", ".json", ".html", ".htm", ".txt", ".pdf"}
CRASH_MARKERS = ("terminate called", "AddressSanitizer", "UndefinedBehaviorSanitizer",
                 "runtime error:", "Assertion", "Segmentation fault", "std::bad_alloc")


# --------------------------------------------------------------------------
# running the extractor

def find_files(roots, skip=()):
    files = []
    for root in roots:
        if os.path.isfile(root):
            files.append(root)
            continue
        if not os.path.isdir(root):
            print("pool_report: %s: no such file or directory; pass the pool "
                  "directory (e.g. /work/cvpool) or CV files" % root, file=sys.stderr)
            sys.exit(2)
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if name.startswith(".") or any(fnmatch.fnmatch(name, g) for g in skip):
                    continue
                if os.path.splitext(name)[1].lower() in EXTENSIONS:
                    files.append(os.path.join(dirpath, name))
    return files


def run_one(cvsearch, path, timeout):
    """Runs the parser on one file; returns a record dict."""
    rec = {"file": path, "format": os.path.splitext(path)[1].lower().lstrip("."),
           "status": "ok", "detail": "", "seconds": 0.0, "profiles": []}
    start = time.monotonic()
    try:
        proc = subprocess.run([cvsearch, "parse", "--json", path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        rec["seconds"] = time.monotonic() - start
        rec["status"], rec["detail"] = "timeout", "still running after %gs" % timeout
        return rec
    rec["seconds"] = time.monotonic() - start
    stderr = proc.stderr.decode("utf-8", "replace").strip()
    first = stderr.splitlines()[0] if stderr else ""
    if proc.returncode < 0:
        rec["status"], rec["detail"] = "crash", "killed by signal %d %s" % (-proc.returncode, first)
        return rec
    if any(marker in stderr for marker in CRASH_MARKERS):
        rec["status"], rec["detail"] = "crash", "exit %d: %s" % (proc.returncode, first)
        return rec
    if proc.returncode == 2 and first.startswith("cvsearch:"):
        rec["status"], rec["detail"] = "parse error", first
        return rec
    if proc.returncode != 0:
        rec["status"], rec["detail"] = "crash", "exit status %d %s" % (proc.returncode, first)
        return rec
    try:
        doc = json.loads(proc.stdout.decode("utf-8", "replace"))
    except ValueError as exc:
        rec["status"], rec["detail"] = "crash", "stdout is not JSON (%s)" % exc
        return rec
    rec["profiles"] = [p for p in (doc if isinstance(doc, list) else [doc]) if isinstance(p, dict)]
    return rec


def summarize_profiles(rec):
    """Adds name, publication counts, facet values and section data to rec."""
    profiles = rec.pop("profiles")
    rec["name"] = next((str(p.get("name")) for p in profiles if p.get("name")), "")
    pubs = [q for p in profiles for q in (p.get("publications") or []) if isinstance(q, dict)]
    rec["publications"] = len(pubs)
    rec["untitled"] = sum(1 for q in pubs if not str(q.get("title") or "").strip())
    rec["authors"] = sorted({str(a) for q in pubs for a in (q.get("authors") or [])})
    rec["titles"] = sorted({str(q.get("title")) for q in pubs if q.get("title")})
    rec["pubs_without_venue"] = sum(1 for q in pubs if not str(q.get("venue") or "").strip())
    rec["skills"] = sorted({str(x) for p in profiles for key in ("skills", "interests")
                            for x in (p.get(key) or []) if isinstance(x, str)})
    for facet in ("institution", "venue"):
        values = []
        for p in profiles:
            facets = p.get("facets") or {}
            # Schema 2: "affiliation" holds every institution of the CV (what "institution" held before).
            found = facets.get("affiliation") if facet == "institution" and "affiliation" in facets else facets.get(facet)
            for v in (found or []):
                if str(v) not in values:
                    values.append(str(v))
        rec[facet] = values
    sections = [s for p in profiles for s in (p.get("sections") or []) if isinstance(s, dict)]
    rec["sections"] = [[str(s.get("kind") or ""), str(s.get("heading") or "")] for s in sections]
    return rec


# --------------------------------------------------------------------------
# junk heuristics

MONTHS = set("""january february march april may june july august september october
november december jan feb mar apr jun jul aug sep sept oct nov dec januar februar
maerz märz juni juli oktober dezember janvier fevrier février mars avril mai juin
juillet aout août septembre octobre novembre decembre décembre enero febrero marzo
abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre""".split())
LINK_LABELS = set("""pdf code slides slide video poster link links bib bibtex abstract
paper preprint website web homepage project page html doi url download supplementary
supplement talk demo dataset data blog recording here more details""".split())
HEADINGS = set("""education experience employment publications publication papers
awards honors honours grants funding fellowships skills teaching service talks
presentations research interests projects references languages contact summary
profile news positions appointments activities memberships affiliations
certifications courses coursework students mentoring supervision outreach
invited selected journal journals conference conferences proceedings preprints
patents theses thesis reviewing academic professional other others
miscellaneous biography about strengths technical leadership role
responsibilities""".split())
HONORIFICS = ("prof", "professor", "dr", "mr", "mrs", "ms", "sir", "advisor",
              "adviser", "supervisor", "mentor", "hon", "p.i", "pi")
ROLE_WORDS = set("""phd ph.d ph.d. dphil msc m.sc m.sc. ms m.s. ma m.a. mba bsc b.sc
b.sc. bs b.s. ba b.a. beng meng bachelor bachelors bachelor's master masters
master's doctor doctoral doctorate diploma licence licenciatura abitur a-levels
student undergraduate graduate intern internship researcher research assistant
associate postdoc postdoctoral professor lecturer instructor engineer scientist
fellow visiting candidate teaching head director manager developer consultant
member chair leader supervisor coordinator""".split())
DEGREE_HEADS = ("phd", "ph", "msc", "bsc", "master", "masters", "bachelor", "bachelors",
                "diploma", "abitur", "a-levels")
ORG_WORDS = re.compile(r"(?i)\b(univ\w*|institut\w*|college|school|academy|lab\w*|"
                       r"center|centre|hospital|clinic|inc|corp\w*|company|gmbh|ltd|llc|"
                       r"foundation|council|agency|ministry|department|dept|faculty|"
                       r"group|society|association|bank|research|technolog\w*|sciences?|"
                       r"polytechnic|école|ecole|hochschule|universidad|università|"
                       r"gymnasium|lycée|lycee)\b")
GENERIC_ORG = set("""university universität université universidad università college
school institute institut laboratory lab department faculty council committee
group center centre company""".split())
LEGAL_FORMS = ("ltd", "inc", "co", "gmbh", "llc", "corp", "sa", "ag", "s.l", "s.a")
STATUS_WORDS = re.compile(r"(?i)\b(in press|to appear|under review|submitted|accepted|"
                          r"forthcoming|presented at|click here|in preparation|"
                          r"revise and resubmit|r&r|work in progress|last updated)\b")
COUNTRY_NAMES = {
    "usa", "us", "u.s.", "u.s.a.", "united states", "uk", "u.k.", "united kingdom",
    "england", "scotland", "germany", "france", "spain", "italy", "china", "japan",
    "korea", "south korea", "india", "canada", "australia", "brazil", "mexico",
    "netherlands", "switzerland", "austria", "sweden", "norway", "denmark", "finland",
    "belgium", "portugal", "greece", "poland", "russia", "israel", "iran", "turkey",
    "singapore", "taiwan", "hong kong", "ireland", "chile", "argentina", "colombia",
    "egypt", "new zealand", "deutschland", "españa", "italia", "schweiz", "suisse"}
INITIAL = re.compile(r"\b[A-Z]\.(?:\s?[A-Z]\.)*(?=\s|,|$)")
CAP_PAIR = re.compile(r"^[A-Z][\w'’-]+(?:\s+[A-Z]\.?)*\s+[A-Z][\w'’-]+$|^[A-Z][\w'’-]+,\s*[A-Z]\.(?:\s?[A-Z]\.)*$")
CONNECTORS = ("and", "of", "at", "in", "for", "the", "with", "on", "by", "to")


def fold(text):
    """Lower case, single spaces, combining marks removed ("D͡ecember" -> "december")."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", text).strip().casefold()


def junk_reasons(value, facet, rec):
    """Returns the names of the heuristics that flag value (a facet value of rec)."""
    reasons = []
    v = str(value).strip()
    low = fold(v)
    bare = re.sub(r"[^\w\s&-]", " ", low).split()
    people = {fold(a) for a in rec["authors"]}
    if rec["name"]:
        people.add(fold(rec["name"]))
    if len(v) < 2 or (len(v) == 2 and not v.isupper()):
        reasons.append("short")
    if bare and bare[0] in MONTHS and all(w in MONTHS or w.isdigit() for w in bare):
        reasons.append("month")
    digits = sum(ch.isdigit() for ch in v)
    if v and digits * 2 >= len(v.replace(" ", "")):
        reasons.append("digits")
    if re.search(r"(19|20)\d\d\s*[-–—/]\s*((19|20)?\d\d|present|current|now)\b", low) or \
            re.search(r"[-–—]\s*(present|current|now)\s*$", low):
        reasons.append("date range")
    if re.search(r"https?://|www\.|\b[\w.-]+@[\w-]+\.\w", low) or \
            re.fullmatch(r"[\w-]+\.(com|org|net|edu|io|de|fr)(/\S*)?", low) or \
            (bare and len(bare) <= 3 and all(w in LINK_LABELS for w in bare)) or \
            re.match(r"^\s*(\w+)\s*:", low) and re.match(r"^\s*(\w+)", low).group(1) in LINK_LABELS:
        reasons.append("link label")
    if bare and len(bare) <= 3 and bare[-1] in HEADINGS and all(
            w in HEADINGS or w in ("and", "of", "&", "selected", "recent", "other") for w in bare):
        reasons.append("heading")
    if bare and all(w in GENERIC_ORG or w in CONNECTORS for w in bare):
        reasons.append("generic word")
    if bare and bare[0] in HONORIFICS:
        reasons.append("honorific")
    if bare and (bare[0] in ROLE_WORDS or bare[-1] in ROLE_WORDS or
                 re.match(r"^(ph\.?\s?d|m\.?\s?sc|b\.?\s?sc|m\.?\s?s\.|b\.?\s?s\.)", low)):
        if not ORG_WORDS.search(v) or bare[0] in DEGREE_HEADS or bare[-1] in DEGREE_HEADS:
            reasons.append("role/degree")
    if low in people:
        reasons.append("person")
    elif facet == "institution" and not ORG_WORDS.search(v) and \
            re.fullmatch(r"[A-Z][a-z]+(\s+[A-Z]\.)+\s+[A-Z][a-z]+", v):
        reasons.append("person")
    if facet == "venue":
        parts = [p.strip() for p in re.split(r",|\band\b|&|;", v) if p.strip()]
        names = sum(1 for p in parts if CAP_PAIR.match(p) and not ORG_WORDS.search(p))
        if len(INITIAL.findall(v)) >= 2 or "et al" in low or (len(parts) >= 3 and names >= 3) or \
                sum(1 for p in people if p and len(p) > 4 and p in low) >= 2:
            reasons.append("name list")
        if any(low == fold(t) or (len(low) > 25 and low in fold(t)) for t in rec["titles"]):
            reasons.append("title")
        if STATUS_WORDS.search(v):
            reasons.append("status words")
    if facet == "institution" and not ORG_WORDS.search(v) and any(low == fold(x) for x in rec["skills"]):
        reasons.append("skill")
    if re.fullmatch(r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)*,\s*[A-Z]{2}", v) or low in COUNTRY_NAMES:
        reasons.append("location")
    if re.search(r"\\|[{}]|\*\*|__|<|>|\||\$|&amp;|&nbsp;|\[|\]|[‡†§¶]|\w=\w", v) or \
            v.count("(") != v.count(")"):
        reasons.append("markup")
    glued = [m for m in re.finditer(r"\b([A-Za-z][A-Za-z]+?)([A-Z][a-z]+)\b", v)
             if (fold(m.group(1)) in HEADINGS and m.group(1)[1:].islower()) or fold(m.group(2)) in MONTHS]
    if glued:
        reasons.append("glued words")
    first = v.split()[0] if v.split() else ""
    if (first and first.islower() and first.isalpha()) or \
            (bare and bare[0] in CONNECTORS + LEGAL_FORMS and not v.startswith("The ")) or \
            re.match(r"^[,;:.)\]–—-]", v) or \
            re.search(r"(\b(and|of|at|in|for|the|with|on)|[,;:(\[–—-])$", v):
        reasons.append("fragment")
    if re.search(r"\b[A-Za-z]{5,}\.\s+[a-z]{3,}", v) or (len(v.split()) > 8 and v.endswith(".")):
        reasons.append("sentence")
    limit = 8 if facet == "institution" else 12
    if len(v) > 90 or len(v.split()) > limit:
        reasons.append("long")
    return reasons


def name_reasons(name):
    """Heuristics for a profile name that is not a person's name."""
    reasons = []
    low = fold(name)
    bare = re.sub(r"[^\w\s-]", " ", low).split()
    if any(w in HEADINGS for w in bare):
        reasons.append("heading word")
    if any(ch.isdigit() for ch in name) or "@" in name or "http" in low:
        reasons.append("digits/address")
    if len(bare) > 5:
        reasons.append("long")
    if len(bare) == 1 and re.search(r"[A-Za-z]", name):
        reasons.append("single word")
    if ORG_WORDS.search(name):
        reasons.append("organization word")
    return reasons


# --------------------------------------------------------------------------
# report

def pct(part, whole):
    return "%5.1f%%" % (100.0 * part / whole) if whole else "   n/a"


def percentile(values, q):
    if not values:
        return 0.0
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(q * (len(values) - 1)))))
    return values[k]


def share_lines(recs, label):
    n = len(recs)
    checks = [
        ("name", lambda r: bool(r["name"])),
        (">= 1 publication", lambda r: r["publications"] > 0),
        ("untitled publications", lambda r: r["untitled"] > 0),
        (">= 1 institution", lambda r: bool(r["institution"])),
        (">= 1 venue", lambda r: bool(r["venue"])),
        ("publications, no venue", lambda r: r["publications"] > 0 and not r["venue"]),
        ("no recognized section", lambda r: not any(k not in ("other", "header") for k, _ in r["sections"])),
    ]
    pubs = sum(r["publications"] for r in recs)
    out = ["%s (%d ok files, %d publications, %s of them without venue)" % (
        label, n, pubs, pct(sum(r["pubs_without_venue"] for r in recs), pubs).strip())]
    for name, test in checks:
        hits = sum(1 for r in recs if test(r))
        out.append("  %-24s %5d  %s" % (name, hits, pct(hits, n)))
    return out


def self_test():
    """Made-up values with the shapes the heuristics are meant to catch, and
    ordinary values they must leave alone.  Returns the exit status."""
    rec = {"name": "Mara Quill", "authors": ["Mara Quill", "Tobias Venn"],
           "titles": ["Sparse Lattices for Tidal Models"], "skills": ["Rust", "Kubernetes"]}
    flagged = [
        ("institution", "Sept", "month"), ("institution", "D\u0361ecember", "month"),
        ("institution", "2019", "digits"), ("institution", "Lumen Labs 2019 - present", "date range"),
        ("venue", "PDF", "link label"), ("institution", "PDF:Research", "link label"),
        ("venue", "https://example.org/paper", "link label"), ("institution", "Selected Talks", "heading"),
        ("institution", "University", "generic word"), ("institution", "Prof", "honorific"),
        ("institution", "PhD in Geology", "role/degree"), ("institution", "High School Diploma", "role/degree"),
        ("venue", "Tobias Venn", "person"), ("institution", "Mara Quill", "person"),
        ("venue", "A. Venn, B. Quill and C. Roe", "name list"),
        ("venue", "Sparse Lattices for Tidal Models", "title"),
        ("venue", "Presented at the Harbor Workshop", "status words"),
        ("institution", "Kubernetes", "skill"), ("institution", "Springfield, OR", "location"),
        ("institution", "Harbor Clinic (Springfield", "markup"), ("venue", "\\textit{Tides}", "markup"),
        ("institution", "EducationHarbor University", "glued words"), ("institution", "HarborMar", "glued words"),
        ("venue", "and Tidal Letters", "fragment"), ("institution", "Ltd. (Water)", "fragment"),
        ("venue", "We model tides. the results improve on every coast we tried", "sentence"),
        ("venue", " ".join(["word"] * 14), "long"), ("venue", "x", "short"),
    ]
    clean = [("institution", "Harbor University"), ("institution", "Lumen Labs"), ("institution", "MIT"),
             ("venue", "Journal of Tidal Studies"), ("venue", "NeurIPS"), ("venue", "arXiv"),
             ("venue", "SC"), ("venue", "ACM MM"), ("institution", "Meta AI")]
    failures = []
    for facet, value, reason in flagged:
        got = junk_reasons(value, facet, rec)
        if reason not in got:
            failures.append("%s %r: expected %s, got %s" % (facet, value, reason, got))
    for facet, value in clean:
        got = junk_reasons(value, facet, rec)
        if got:
            failures.append("%s %r: expected no flag, got %s" % (facet, value, got))
    if name_reasons("Mara Quill") or not name_reasons("Technical Skills"):
        failures.append("name heuristics: 'Mara Quill' must pass, 'Technical Skills' must not")
    for line in failures:
        print("pool_report self-test: " + line, file=sys.stderr)
    print("pool_report self-test: %d checks, %d failures" % (len(flagged) + len(clean) + 1, len(failures)))
    return 1 if failures else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cvsearch", help="path to the cvsearch binary")
    ap.add_argument("paths", nargs="*", metavar="DIR", help="pool directories or CV files")
    ap.add_argument("--skip", action="append", default=[], metavar="GLOB",
                    help="leave out files whose name matches GLOB (repeatable)")
    ap.add_argument("--self-test", action="store_true",
                    help="check the junk heuristics on made-up values and exit")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per file (default 20)")
    ap.add_argument("--jobs", type=int, default=1, help="files parsed at once (default 1)")
    ap.add_argument("--top", type=int, default=30, help="facet values to list (default 30)")
    ap.add_argument("--examples", type=int, default=8, help="junk values listed per heuristic (default 8)")
    ap.add_argument("--json", metavar="OUT", help="also write per-file records and the summary here")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.cvsearch or not args.paths:
        ap.error("--cvsearch BIN and at least one pool directory are required")
    if not (os.path.isfile(args.cvsearch) and os.access(args.cvsearch, os.X_OK)):
        print("pool_report: %s: not an executable file; build cvsearch first "
              "(scripts/build.sh) and pass build/cli/cvsearch" % args.cvsearch, file=sys.stderr)
        return 2
    files = find_files(args.paths, args.skip)
    if not files:
        print("pool_report: no CV files (%s) under %s" % (" ".join(sorted(EXTENSIONS)),
                                                          " ".join(args.paths)), file=sys.stderr)
        return 2

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        recs = list(pool.map(lambda f: run_one(args.cvsearch, f, args.timeout), files))
    ok = []
    for rec in recs:
        if rec["status"] == "ok":
            ok.append(summarize_profiles(rec))
        else:
            rec.pop("profiles", None)

    out = []
    status = collections.Counter(r["status"] for r in recs)
    times = [r["seconds"] for r in recs]
    out.append("files %d: ok %d, parse errors %d, crashes %d, timeouts %d" % (
        len(recs), status["ok"], status["parse error"], status["crash"], status["timeout"]))
    out.append("time per file: max %.3fs (%s), p50 %.3fs, p90 %.3fs" % (
        max(times), max(recs, key=lambda r: r["seconds"])["file"],
        statistics.median(times), percentile(times, 0.9)))
    for kind in ("crash", "timeout", "parse error"):
        for r in recs:
            if r["status"] == kind:
                out.append("  %-11s %s: %s" % (kind, r["file"], r["detail"]))
    out.append("")
    out.extend(share_lines(ok, "all formats"))
    by_format = collections.defaultdict(list)
    for r in ok:
        by_format[r["format"]].append(r)
    for fmt in sorted(by_format):
        out.append("")
        out.extend(share_lines(by_format[fmt], "." + fmt))

    for facet in ("institution", "venue"):
        counts = collections.Counter(v for r in ok for v in r[facet])
        out.append("")
        out.append("top %d %s values (files):" % (args.top, facet))
        for value, n in counts.most_common(args.top):
            out.append("  %4d  %s" % (n, value))

    other = collections.Counter(fold(h) for r in ok for k, h in r["sections"] if k == "other" and h)
    out.append("")
    out.append("top %d headings classified as \"other\" (files):" % args.top)
    for heading, n in other.most_common(args.top):
        out.append("  %4d  %s" % (n, heading))

    junk = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in ok:
        r["junk"] = {}
        for facet in ("institution", "venue"):
            for value in r[facet]:
                reasons = junk_reasons(value, facet, r)
                if reasons:
                    r["junk"]["%s: %s" % (facet, value)] = reasons
                for reason in reasons:
                    junk["%s / %s" % (facet, reason)][value].append(r["file"])
    out.append("")
    out.append("suspected junk facet values (heuristic: distinct values, files; examples)")
    for key in sorted(junk, key=lambda k: -sum(len(f) for f in junk[k].values())):
        values = junk[key]
        nfiles = len({f for fs in values.values() for f in fs})
        out.append("  %s: %d values in %d files" % (key, len(values), nfiles))
        for value, fs in sorted(values.items(), key=lambda kv: -len(kv[1]))[:args.examples]:
            out.append("      %3d  %-60s  e.g. %s" % (len(fs), value[:60], fs[0]))
    flagged = sum(1 for r in ok if r["junk"])
    odd_names = [(r["name"], name_reasons(r["name"]), r["file"]) for r in ok if r["name"]]
    odd_names = [x for x in odd_names if x[1]]
    out.append("")
    out.append("suspected non-person names: %d of %d names" % (
        len(odd_names), sum(1 for r in ok if r["name"])))
    for name, reasons, path in odd_names:
        out.append("      %-40s %-30s %s" % (name[:40], ", ".join(reasons), path))
    out.append("files with at least one suspected junk value: %d  %s" % (flagged, pct(flagged, len(ok))))
    print("\n".join(out))

    if args.json:
        summary = {"files": len(recs), "status": dict(status),
                   "seconds_max": max(times), "seconds_p50": statistics.median(times)}
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"summary": summary, "files": recs}, fh, ensure_ascii=False, indent=1)
    return 1 if status["crash"] or status["timeout"] else 0


if __name__ == "__main__":
    sys.exit(main())
