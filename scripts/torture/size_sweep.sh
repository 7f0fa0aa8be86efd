#!/usr/bin/env bash
# size_sweep.sh BIN [MB...] — indexes one generated plain-text CV of each size
# (default 4 8 16 32 MB) with `BIN index` and prints one table: size, wall
# seconds, CPU seconds (user + system: what to compare on a busy machine),
# peak RSS. Time and memory must grow linearly with the size (issue 27: the
# phrase-cover test was quadratic, 16 MB took 300 s). Not part of the normal
# test suite; the CVs are fictional, generated here, and removed afterwards.
#
#   scripts/torture/size_sweep.sh build/cli/cvsearch
#   scripts/torture/size_sweep.sh build/cli/cvsearch 1 2 4
set -euo pipefail
if [[ $# -lt 1 || ! -x $1 ]]; then
    echo "usage: $0 CVSEARCH_BINARY [MB...]   (e.g. $0 build/cli/cvsearch 4 8 16 32)" >&2
    exit 2
fi
bin=$(realpath "$1")
shift
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(4 8 16 32)
[[ -x /usr/bin/time ]] || { echo "$0: needs GNU time (/usr/bin/time; Debian package 'time')" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/cvsearch-size-sweep.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One researcher with MB megabytes of sections: publications, talks and
# projects in varied words (a fixed pseudo-random sequence, so every run
# indexes the same text).
generate() {
    python3 - "$1" "$2" <<'PY'
import random, sys
target, path = int(sys.argv[1]) * 1024 * 1024, sys.argv[2]
rng = random.Random(27)
syll = ["ka", "lo", "ren", "mi", "tor", "sa", "vel", "un", "dri", "po", "zen", "ta", "quo", "ber", "nis", "ga"]
words = ["".join(rng.choice(syll) for _ in range(rng.randint(2, 4))) for _ in range(5000)]
venues = ["SOSP", "OSDI", "NSDI", "SIGCOMM", "VLDB", "SIGMOD", "ICML", "NeurIPS", "CCS", "USENIX Security"]
out = ["Orla Quenby", "Research Scientist, Northfield Institute of Technology", "",
       "Research Interests", "distributed systems, " + ", ".join(rng.sample(words, 12)), "", "Publications"]
size = sum(len(l) + 1 for l in out)
n = 0
while size < target:
    n += 1
    title = " ".join(rng.choice(words) for _ in range(rng.randint(4, 10))).capitalize()
    authors = ", ".join(rng.choice(words).capitalize()[0] + ". " + rng.choice(words).capitalize() for _ in range(rng.randint(1, 5)))
    line = f"- {authors}, O. Quenby. {title}. In Proc. {rng.choice(venues)}, {rng.randint(1990, 2025)}."
    if n % 50 == 0:
        line += "\n\n" + " ".join(rng.choice(words) for _ in range(60)) + "\n"
    out.append(line)
    size += len(line) + 1
open(path, "w").write("\n".join(out) + "\n")
PY
}

printf '%-8s %10s %10s %14s %s\n' "size" "seconds" "CPU s" "peak RSS MB" "exit"
for mb in "${sizes[@]}"; do
    rm -rf "$work/cvs" "$work/db"
    mkdir -p "$work/cvs"
    generate "$mb" "$work/cvs/cv.txt"
    bytes=$(stat -c %s "$work/cvs/cv.txt")
    set +e
    /usr/bin/time -v -o "$work/time.txt" "$bin" index "$work/cvs" --db "$work/db" \
        --max-file-size $((bytes + 1)) --max-text-size $((2 * bytes)) >"$work/out.txt" 2>"$work/err.txt"
    status=$?
    set -e
    seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s}' "$work/time.txt")
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.1f", s}' "$work/time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$work/time.txt")
    printf '%-8s %10s %10s %14s %s\n' "${mb} MB" "$seconds" "$cpu" "$rss" "$status"
    if [[ $status -ne 0 ]]; then sed 's/^/    /' "$work/err.txt" | head -5; fi
done
