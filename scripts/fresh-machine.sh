#!/usr/bin/env bash
# Proves that the README's two commands work on a pristine Debian 12: debootstraps a
# minimal bookworm (variant minbase: only the "required" packages and apt, less than a
# default install) into a temporary directory, puts a clean clone of the committed HEAD
# in /root/cvsearch (and ../shared beside it, which some tests read), and runs, as root
# in a chroot with a login-like environment (HOME=/root, no locale set):
#
#   cd /root/cvsearch && scripts/demo.sh
#   cd /root/cvsearch && scripts/test.sh
#
# then prints how long each took. Exit status 0 when both pass, 1 otherwise, 2 when the
# machine could not be set up. Needs root, debootstrap, git and network access to the
# Debian mirror this machine's apt uses (read from /etc/apt/sources.list{,.d/*}).
#
#   scripts/fresh-machine.sh            # reuse the cached base system and .debs
#   scripts/fresh-machine.sh --fresh    # debootstrap again and download every package again
#   scripts/fresh-machine.sh --keep     # keep the machine's root afterwards (path printed)
#   scripts/fresh-machine.sh --ci       # run test.sh as CI does (CI=true: adds the sanitizer suite)
#
# Environment: FRESH_MACHINE_CACHE (default /var/cache/cvsearch-fresh-machine: the base
# system as a tar, the .debs apt downloaded, the logs of the last run), TMPDIR (where the
# machine's root goes, default /var/tmp; it needs about 6 GB), FRESH_MACHINE_SHARED (the
# ../shared folder to copy; default the one beside the repository or its main worktree).
# Heavy steps run under `nice -n 10`.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
fresh=0 keep=0 ci=0
for arg in "$@"; do
  case $arg in
    --fresh) fresh=1 ;;
    --keep) keep=1 ;;
    --ci) ci=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "fresh-machine: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done

say() { printf 'fresh-machine: %s\n' "$*"; }
die() { printf 'fresh-machine: %s\n' "$*" >&2; exit 2; }
((EUID == 0)) || die "needs root (debootstrap, mount, chroot): run it with sudo"
for tool in debootstrap git chroot mount tar; do
  command -v "$tool" >/dev/null || die "$tool not found: apt-get install $tool"
done

repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse HEAD)
if [[ -n $(git -C "$repo" status --porcelain --untracked-files=no) ]]; then
  say "note: $repo has uncommitted changes; they are not tested (the machine gets HEAD, $(git -C "$repo" rev-parse --short HEAD))"
fi
shared=${FRESH_MACHINE_SHARED:-}
if [[ -z $shared ]]; then
  main_worktree=$(git -C "$repo" worktree list --porcelain | sed -n '1s/^worktree //p')
  for candidate in "$repo/../shared" "$main_worktree/../shared"; do
    if [[ -d $candidate ]]; then shared=$(cd "$candidate" && pwd); break; fi
  done
fi

# ---- the Debian mirror this machine's apt uses ---------------------------------------
# Prints "URI SUITE" for every enabled `deb` source, from one-line .list files and
# deb822 .sources files alike.
apt_sources() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f $f ]] || continue
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" | awk '$1 == "deb" && NF >= 3 { print $2, $3 }'
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f $f ]] || continue
    sed '/^[[:space:]]*#/d' "$f" | awk -v RS= '
      { types = uris = suites = ""; enabled = "yes"
        n = split($0, lines, "\n")
        for (i = 1; i <= n; i++) {
          key = tolower(lines[i]); sub(/:.*/, "", key); value = lines[i]; sub(/^[^:]*:[ \t]*/, "", value)
          if (key == "types") types = value; else if (key == "uris") uris = value
          else if (key == "suites") suites = value; else if (key == "enabled") enabled = tolower(value)
        }
        if (enabled == "no" || (" " types " ") !~ / deb /) next
        split(uris, u, /[ \t]+/); ns = split(suites, s, /[ \t]+/)
        for (i = 1; i <= ns; i++) if (s[i] != "") print u[1], s[i]
      }'
  done
}
mirror_for() { apt_sources | awk -v suite="$1" '$2 == suite { print $1; exit }'; }
mirror=$(mirror_for bookworm)
security=$(mirror_for bookworm-security)
[[ -n $mirror ]] || die "no 'bookworm' source in /etc/apt/sources.list or /etc/apt/sources.list.d/: this machine's apt must know a Debian 12 mirror"

# ---- the cached base system ------------------------------------------------------------
cache=${FRESH_MACHINE_CACHE:-/var/cache/cvsearch-fresh-machine}
base_tar=$cache/bookworm-minbase.tar
debs=$cache/debs
logs=$cache/last-run
mkdir -p "$cache" "$logs"
if ((fresh)); then rm -rf "$base_tar" "$debs"; fi
mkdir -p "$debs/partial"

work=$(mktemp -d "${TMPDIR:-/var/tmp}/cvsearch-fresh-machine.XXXXXX")
root=$work/root
mounted=()

# Everything started inside the machine, then every mount (in reverse), then the files.
# The files go only when nothing is mounted below them any more.
cleanup() {
  local status=$? pid i still
  trap - EXIT INT TERM
  set +e
  for pid in /proc/[0-9]*; do
    [[ $(readlink "$pid/root" 2>/dev/null) == "$root" ]] && kill -KILL "${pid#/proc/}" 2>/dev/null
  done
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount --lazy "${mounted[i]}" ||
      echo "fresh-machine: could not unmount ${mounted[i]}" >&2
  done
  still=$(awk -v r="$work/" 'index($5, r) == 1 { print $5 }' /proc/self/mountinfo)
  if [[ -n $still ]]; then
    echo "fresh-machine: still mounted, so $work is left in place: $still" >&2
  elif ((keep)); then
    say "kept the machine's root: $root (remove it with: rm -rf --one-file-system $work)"
  else
    rm -rf --one-file-system "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ ! -f $base_tar ]]; then
  say "debootstrap --variant=minbase bookworm (once; cached in $base_tar)"
  started=$SECONDS
  nice -n 10 debootstrap --variant=minbase bookworm "$work/base" "$mirror" >"$logs/debootstrap.log" 2>&1 ||
    die "debootstrap failed; see $logs/debootstrap.log"
  rm -f "$work/base"/var/cache/apt/archives/*.deb
  nice -n 10 tar -C "$work/base" --numeric-owner -cf "$base_tar.partial" . && mv "$base_tar.partial" "$base_tar"
  rm -rf --one-file-system "$work/base"
  say "base system ready in $((SECONDS - started)) s"
fi
mkdir "$root"
nice -n 10 tar -C "$root" --numeric-owner -xf "$base_tar"
base_date=$(date -u -r "$base_tar" +%Y-%m-%d)

# A machine as its installer leaves it: the release, its updates and security sources.
{
  echo "deb $mirror bookworm main"
  echo "deb $mirror bookworm-updates main"
  [[ -z $security ]] || echo "deb $security bookworm-security main"
} >"$root/etc/apt/sources.list"
cp -L /etc/resolv.conf "$root/etc/resolv.conf"

# The committed HEAD, as a clone would give it, and ../shared beside it.
git clone --quiet --no-checkout "$repo" "$root/root/cvsearch"
git -C "$root/root/cvsearch" -c advice.detachedHead=false checkout --quiet --detach "$head"
if [[ -n $shared ]]; then
  cp -a "$shared" "$root/root/shared"
else
  say "note: no ../shared folder found; the tests that read real CVs skip"
fi

mount_in() {  # mount_in TARGET MOUNT-ARGS...
  mount "${@:2}" "$root$1" || return
  mounted+=("$root$1")
}
mount_in /proc -t proc proc
mount_in /sys -t sysfs sysfs 2>/dev/null || mount_in /sys --bind /sys
mount_in /dev --bind /dev
mount --make-rslave "$root/dev"               # nothing mounted below it reaches the host's /dev
mount_in /dev/pts --bind /dev/pts
mount_in /dev/shm -t tmpfs -o mode=1777,nosuid,nodev tmpfs   # Chromium needs a writable /dev/shm
mount_in /var/cache/apt/archives --bind "$debs"             # downloaded .debs survive for the next run

# Root's login environment on a fresh install: no locale, no sudo, no build tools.
in_machine() {
  nice -n 10 chroot "$root" /usr/bin/env -i HOME=/root USER=root LOGNAME=root SHELL=/bin/bash \
    TERM="${TERM:-dumb}" PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}
declare -A took status
run_command() {  # run_command NAME ENV...: runs `cd /root/cvsearch && scripts/NAME` in the machine
  local name=$1 started=$SECONDS
  say "== scripts/$name (log: $logs/${name%.sh}.log)"
  set +e
  in_machine "${@:2}" bash -c "cd /root/cvsearch && scripts/$name" 2>&1 | tee "$logs/${name%.sh}.log"
  status[$name]=${PIPESTATUS[0]}
  set -e
  took[$name]=$((SECONDS - started))
}
started_all=$SECONDS
run_command demo.sh
test_env=()
((ci)) && test_env=(CI=true)
run_command test.sh "${test_env[@]}"

duration() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
ctest_line=$(grep -E '^[0-9]+% tests passed' "$logs/test.log" | tail -n 1 || true)
suite_time=$(sed -n 's/^Total Test time (real) = *\([0-9.]*\) sec$/\1/p' "$logs/test.log" | tail -n 1 || true)
[[ -z $ctest_line || -z $suite_time ]] || ctest_line+=" (the suite itself: ${suite_time%.*} s)"
echo
say "Debian 12 bookworm (debootstrap --variant=minbase, base of $base_date), commit $(git -C "$repo" rev-parse --short "$head")"
failed=0
for name in demo.sh test.sh; do
  verdict=ok
  if ((status[$name] != 0)); then verdict="FAILED (exit ${status[$name]})"; failed=1; fi
  say "$(printf '%-16s %-18s %s' "scripts/$name" "$verdict" "$(duration "${took[$name]}")")"
done
say "ctest: ${ctest_line:-no summary line (see $logs/test.log)}"
say "total $(duration $((SECONDS - started_all))) for the two commands; logs in $logs"
exit "$failed"
