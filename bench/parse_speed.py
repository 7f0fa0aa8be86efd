#!/usr/bin/env python3
"""CPU time of `cvsearch parse --json` over a set of CV files, for several builds at once.

    parse_speed.py --rounds 7 --dir /tmp/gen2000 OLD/cli/cvsearch NEW/cli/cvsearch

Each round runs every binary once, in the order given, over the same sorted file list
(every file under each --dir), with stdout to /dev/null; the rounds alternate the
binaries so that a change in the machine's load hits them alike. Reported per binary:
the median, minimum and maximum user CPU seconds and the median user+sys (from wait4's
rusage, microsecond resolution), and the load average at the end. A binary finds its own
libcvsearch through its RUNPATH, so each build is measured with its own library.
python3 standard library only.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile


def files_under(dirs):
    out = []
    for d in dirs:
        if not os.path.isdir(d):
            sys.exit(f"parse_speed.py: {d} is not a folder: pass folders of CV files with --dir")
        for root, _, names in os.walk(d):
            out.extend(os.path.join(root, n) for n in names)
    if not out:
        sys.exit("parse_speed.py: no files under " + ", ".join(dirs) + ": generate some with gen_profiles.py --dir")
    return sorted(out)


def run_once(binary, files):
    """(user, user+sys) CPU seconds of one `binary parse --json files`."""
    with open(os.devnull, "w") as null, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([binary, "parse", "--json", *files], stdout=null, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 2):  # 2: some file could not be parsed (reported, still timed)
            err.seek(0)
            sys.exit(f"parse_speed.py: {binary} failed with status {proc.returncode}: "
                     f"{err.read().decode(errors='replace')[-500:]}")
    return usage.ru_utime, usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="runs of each binary (default 5)")
    ap.add_argument("--dir", action="append", required=True, help="a folder of CV files (repeatable)")
    ap.add_argument("binaries", nargs="+", help="cvsearch executables to compare")
    args = ap.parse_args()
    files = files_under(args.dir)
    user = {b: [] for b in args.binaries}
    total = {b: [] for b in args.binaries}
    for r in range(args.rounds):
        for b in args.binaries:
            u, t = run_once(b, files)
            user[b].append(u)
            total[b].append(t)
            print(f"round {r + 1}  user {user[b][-1]:.3f} s  user+sys {total[b][-1]:.3f} s  {b}", file=sys.stderr, flush=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{len(files)} files under {', '.join(args.dir)}; {args.rounds} rounds; load average {load}")
    for b in args.binaries:
        print(f"median user {statistics.median(user[b]):.3f} s (min {min(user[b]):.3f}, max {max(user[b]):.3f}), "
              f"user+sys {statistics.median(total[b]):.3f} s  {b}")


if __name__ == "__main__":
    main()
