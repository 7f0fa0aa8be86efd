#!/usr/bin/env bash
# The README's second command (and what CI runs): installs what is needed,
# builds, and runs the whole test suite with ctest. Under CI (CI=true), or with
# CVSEARCH_SANITIZE=1, it then runs the whole suite a second time built with
# AddressSanitizer + UndefinedBehaviorSanitizer + LeakSanitizer
# (scripts/sanitize.sh, in build-asan; about 12 more minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
scripts/build.sh -DCVSEARCH_BUILD_TESTS=ON   # ON again after scripts/demo.sh turned it off in the same build dir
(cd "${CVSEARCH_BUILD_DIR:-build}" && ctest --output-on-failure -j "$(nproc)" --timeout 600)
if [[ "${CI:-}" == "true" || "${CVSEARCH_SANITIZE:-}" == "1" ]]; then
    echo "== the same suite under ASan + UBSan + LeakSanitizer (scripts/sanitize.sh)"
    JOBS="$(nproc)" scripts/sanitize.sh
fi
