#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (with
# LeakSanitizer), in its own build directory. CI runs it after the normal suite
# (scripts/test.sh with CI=true); locally it is a separate command, as the
# instrumented build roughly doubles the time of the test command.
#
#   scripts/sanitize.sh                 # configure, build, run every test
#   scripts/sanitize.sh -R hardening    # extra arguments go to ctest
#
# Environment: CVSEARCH_ASAN_BUILD (default build-asan), JOBS (default 2),
# CXX (compiler, default the system one).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${CVSEARCH_ASAN_BUILD:-build-asan}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCVSEARCH_SANITIZE=ON -DCVSEARCH_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "${JOBS:-2}"

# detect_leaks: LeakSanitizer at exit; halt_on_error: the first UB report fails the test.
# Suppressions (third-party code only) are in scripts/sanitizer-suppressions/.
supp="$PWD/scripts/sanitizer-suppressions"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$supp/ubsan.supp${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
cd "$build"
ctest --output-on-failure -j "${JOBS:-2}" --timeout 1800 "$@"
