#!/usr/bin/env python3
"""Measure cvsearch extraction quality against hand-annotated gold files.

For every gold file (*.json in --gold) this runs

    <cvsearch> parse --json <gold["file"]>

and compares the extracted profile with the gold values:

  * facets: institution, venue, year -> micro precision / recall / F1 summed
    over all files (true positives, false positives and false negatives are
    counted per distinct normalized value per file);
  * name: accuracy over the files whose gold name is non-empty.

Gold file format (one per CV; the gold data itself is NOT part of the repo):

    {"file": "/path/to/cv.tex",
     "name": "Full Name" or "" if the CV never states it,
     "name_aliases": ["Other accepted spelling", ...],      # optional
     "institutions": ["University of Michigan", ...],
     "venues": ["SOSP", ...],
     "years": [2019, 2021],
     "notes": "free text"}

cvsearch output: one JSON object, or an array of objects, each with "name"
and "facets": {"institution": [...], "venue": [...], "year": [...]}.
With an array, facets are unioned and the first non-empty name is used.

Comparison is case-, accent-, whitespace- and punctuation-insensitive and
ignores a leading "The" ("UC Berkeley" == "uc-berkeley", "Universite" ==
"Université", "The Journal of X" == "Journal of X").  Years are
compared as integers.  Names additionally ignore single-letter tokens (middle
initials), so "Amelia A. McNamara" == "Amelia McNamara".

If cvsearch fails on a file (non-zero exit, timeout, unparsable output),
every gold value of that file counts as a miss and the failure is reported.

Usage:
    python3 tools/facet_eval.py --cvsearch build/cli/cvsearch --gold /work/eval/gold \
        [--verbose] [--only PATTERN] [--timeout SEC] [--check]

--only PATTERN keeps gold files whose basename or CV path contains PATTERN
(or matches it as a shell glob).  --check exits with status 1 when a target
is missed (F1 >= 0.90 venue/year, >= 0.85 institution, name >= 0.95).
Only the Python 3 standard library is used.
"""

import argparse
import fnmatch
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata

FACETS = [
    # (label, gold key, cvsearch facet key, target F1)
    ("institution", "institutions", "institution", 0.85),
    ("venue", "venues", "venue", 0.90),
    ("year", "years", "year", 0.90),
]
NAME_TARGET = 0.95

# Letters that NFKD does not decompose into base letter + combining mark.
_TRANSLIT = str.maketrans({
    "ß": "ss", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
    "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "þ": "th", "ı": "i",
})


def fold(text):
    """Lower-case, strip accents; keeps punctuation and spacing."""
    text = unicodedata.normalize("NFKC", str(text)).translate(_TRANSLIT)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.casefold()


def norm_value(value):
    """Normalized key for facet comparison: only letters and digits survive,
    and a leading article is dropped ("The American Statistician")."""
    text = re.sub(r"^\W*the\W+", "", fold(value))
    return "".join(ch for ch in text if ch.isalnum())


def norm_year(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    match = re.search(r"\d{4}", str(value))
    return match.group(0) if match else norm_value(value) or None


def norm_set(values, facet):
    """Map normalized key -> first original spelling seen."""
    out = {}
    if values is None:
        return out
    if not isinstance(values, (list, tuple)):
        values = [values]
    for value in values:
        if isinstance(value, dict):  # tolerate {"value": ...} / {"name": ...}
            value = value.get("value", value.get("name", ""))
        key = norm_year(value) if facet == "year" else norm_value(value)
        if key and key not in out:
            out[key] = value
    return out


def name_tokens(name):
    text = fold(name)
    text = re.sub(r"[\-‐‑–'’`]", "", text)  # "Jae-Won" -> "jaewon", "O'Neil" -> "oneil"
    tokens = [t for t in re.split(r"[^\w]+", text) if t]
    tokens = ["".join(ch for ch in t if ch.isalnum()) for t in tokens]
    tokens = [t for t in tokens if t]
    long_tokens = [t for t in tokens if len(t) > 1]  # drop initials
    return long_tokens or tokens


def name_matches(predicted, gold_names):
    if not predicted:
        return False
    pred = name_tokens(predicted)
    if not pred:
        return False
    for gold in gold_names:
        gold_t = name_tokens(gold)
        if not gold_t:
            continue
        if pred == gold_t or "".join(pred) == "".join(gold_t):
            return True
    return False


def parse_output(stdout):
    """Decode cvsearch stdout; tolerates log lines before the JSON document."""
    text = stdout.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    decoder = json.JSONDecoder()
    for match in re.finditer(r"[\[{]", text):
        try:
            obj, _ = decoder.raw_decode(text[match.start():])
            return obj
        except ValueError:
            continue
    raise ValueError("no JSON document in output")


def extract(cvsearch, path, timeout):
    """Returns (profile dict, error string or None)."""
    try:
        proc = subprocess.run([cvsearch, "parse", "--json", path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
    except FileNotFoundError:
        return None, "cvsearch binary not found: %s" % cvsearch
    except PermissionError:
        return None, "cvsearch binary not executable: %s" % cvsearch
    except subprocess.TimeoutExpired:
        return None, "timeout after %ss" % timeout
    stdout = proc.stdout.decode("utf-8", "replace")
    stderr = proc.stderr.decode("utf-8", "replace").strip()
    if proc.returncode != 0:
        tail = stderr.splitlines()[-1] if stderr else ""
        return None, "exit status %d%s" % (proc.returncode, (": " + tail) if tail else "")
    try:
        doc = parse_output(stdout)
    except ValueError as exc:
        return None, "unparsable output (%s)" % exc
    objs = doc if isinstance(doc, list) else [doc]
    objs = [o for o in objs if isinstance(o, dict)]
    if not objs:
        return None, "output contains no profile object"
    merged = {"name": "", "facets": {}, "count": len(objs)}
    for obj in objs:
        if not merged["name"] and obj.get("name"):
            merged["name"] = str(obj.get("name"))
        facets = obj.get("facets") or {}
        if not isinstance(facets, dict):
            continue
        for key, values in facets.items():
            if values is None:
                continue
            if not isinstance(values, list):
                values = [values]
            merged["facets"].setdefault(key, []).extend(values)
    return merged, None


def load_gold(gold_dir, only):
    paths = sorted(glob.glob(os.path.join(gold_dir, "*.json")))
    golds = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            gold = json.load(fh)
        gold["_gold_path"] = path
        base = os.path.basename(path)
        if only:
            cv = gold.get("file", "")
            hay = [base, cv, os.path.basename(cv)]
            if not any(only in h or fnmatch.fnmatch(h, only) for h in hay):
                continue
        golds.append(gold)
    return golds


def prf(tp, fp, fn):
    p = tp / (tp + fp) if tp + fp else (1.0 if fn == 0 else 0.0)
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cvsearch", required=True, help="path to the cvsearch binary")
    ap.add_argument("--gold", required=True, help="directory of gold *.json files")
    ap.add_argument("--verbose", action="store_true",
                    help="per-file false positives / false negatives")
    ap.add_argument("--only", metavar="PATTERN",
                    help="only gold files whose name or CV path contains/globs PATTERN")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds allowed per parse (default 60)")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if any quality target is missed")
    args = ap.parse_args(argv)

    if not shutil.which(args.cvsearch):
        print("error: cvsearch binary not found or not executable: %s" % args.cvsearch,
              file=sys.stderr)
        return 2
    if not os.path.isdir(args.gold):
        print("error: gold directory not found: %s" % args.gold, file=sys.stderr)
        return 2
    golds = load_gold(args.gold, args.only)
    if not golds:
        print("error: no gold files selected", file=sys.stderr)
        return 2

    totals = {label: [0, 0, 0] for label, _, _, _ in FACETS}  # tp, fp, fn
    name_total = name_ok = 0
    failures = []

    for gold in golds:
        cv = gold.get("file", "")
        label_file = os.path.basename(cv) or os.path.basename(gold["_gold_path"])
        profile, err = extract(args.cvsearch, cv, args.timeout)
        if err:
            failures.append((label_file, err))
        lines = []
        for label, gkey, okey, _ in FACETS:
            gset = norm_set(gold.get(gkey, []), label)
            pset = norm_set((profile or {}).get("facets", {}).get(okey, []), label)
            tp = set(gset) & set(pset)
            fps = [pset[k] for k in pset if k not in gset]
            fns = [gset[k] for k in gset if k not in pset]
            totals[label][0] += len(tp)
            totals[label][1] += len(fps)
            totals[label][2] += len(fns)
            if fps:
                lines.append("    %-11s FP: %s" % (label, "; ".join(map(str, fps))))
            if fns:
                lines.append("    %-11s FN: %s" % (label, "; ".join(map(str, fns))))
        gold_name = (gold.get("name") or "").strip()
        pred_name = (profile or {}).get("name", "")
        if gold_name:
            name_total += 1
            names = [gold_name] + list(gold.get("name_aliases") or [])
            if name_matches(pred_name, names):
                name_ok += 1
            else:
                lines.append("    %-11s got %r, want %r" % ("name", pred_name, gold_name))
        if args.verbose:
            if err:
                print("%s: FAILED (%s) -- all gold values counted as misses" % (label_file, err))
            elif lines:
                extra = " [%d profiles merged]" % profile["count"] if profile.get("count", 1) > 1 else ""
                print("%s:%s" % (label_file, extra))
            else:
                print("%s: ok" % label_file)
            for line in lines:
                print(line)

    if args.verbose:
        print()
    print("files evaluated: %d (cvsearch failures: %d)" % (len(golds), len(failures)))
    for name, err in failures:
        print("  FAILED %s: %s (gold values counted as misses)" % (name, err))
    print("%-12s %9s %9s %9s %6s %6s %6s  %s" % ("facet", "precision", "recall", "F1",
                                                 "tp", "fp", "fn", "target"))
    missed = []
    for label, _, _, target in FACETS:
        tp, fp, fn = totals[label]
        p, r, f = prf(tp, fp, fn)
        ok = f >= target
        if not ok:
            missed.append(label)
        print("%-12s %9.3f %9.3f %9.3f %6d %6d %6d  >=%.2f %s" % (
            label, p, r, f, tp, fp, fn, target, "ok" if ok else "MISSED"))
    if name_total:
        acc = name_ok / name_total
        ok = acc >= NAME_TARGET
        if not ok:
            missed.append("name")
        print("%-12s %9.3f  (%d/%d CVs with a stated name)  >=%.2f %s" % (
            "name acc", acc, name_ok, name_total, NAME_TARGET, "ok" if ok else "MISSED"))
    else:
        print("name acc     n/a (no gold file states a name)")
    if args.check and missed:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
