#!/usr/bin/env bash
# Installs the Debian packages cvsearch needs to build, test and demo.
# Skips apt entirely when everything is already installed. Needs root or sudo.
#   scripts/install-deps.sh          build + run dependencies
#   scripts/install-deps.sh --test   also what the test suite uses
set -euo pipefail

packages=(
  build-essential cmake pkg-config       # toolchain
  libxapian-dev xapian-tools             # the search engine library; xapian-check/xapian-tcpsrv for tests
  nlohmann-json3-dev                     # JSON (profiles, JSON Resume, --json output)
  libsimdjson-dev                        # fast decoding of the profiles stored in the index
  libcli11-dev                           # command-line parsing
  libicu-dev                             # Unicode case and accent folding
  libpoppler-cpp-dev                     # PDF text extraction
  libxxhash-dev                          # content hashes for incremental indexing
  libcpp-httplib-dev                     # `cvsearch serve`
  help2man                               # man page generated from --help
)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(
    doctest-dev                          # unit test framework
    python3                              # test helpers
    poppler-utils                        # pdftotext, to check sample PDFs
    nodejs chromium                      # the search page's end-to-end test in headless Chromium
  )
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 2; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
