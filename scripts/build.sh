#!/usr/bin/env bash
# Configures and builds cvsearch into build/ (or $CVSEARCH_BUILD_DIR). Extra arguments
# go to the configure step (scripts/demo.sh passes -DCVSEARCH_BUILD_TESTS=OFF).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${CVSEARCH_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-RelWithDebInfo}" "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
