#!/usr/bin/env bash
# The README's second command (and what CI runs): installs what is needed,
# builds, and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
scripts/build.sh
cd "${CVSEARCH_BUILD_DIR:-build}"
ctest --output-on-failure -j "$(nproc)" --timeout 600
