#!/bin/sh
# The static check: cppcheck over the libraries, the front ends and the benchmarks, with a short
# list of checks (its errors, warnings, portability and performance), clean or the test fails.
# Uninitialised reads are left to valgrind's memcheck (`make valgrind`), which sees them at run
# time: cppcheck's own checks of them assume loops that never run and report arrays every path
# fills. The tests are not checked: cppcheck does not know that cmocka's failures end a test.
# Usage: cppcheck.sh SOURCE_DIR
set -eu
src=${1:?usage: cppcheck.sh SOURCE_DIR}
if ! command -v cppcheck >/dev/null 2>&1; then
    echo "SKIP: cppcheck is not installed (scripts/deps.sh --test installs it)" >&2
    exit 77
fi
cd "$src"
jobs=$(nproc 2>/dev/null || echo 2)
cppcheck --quiet --error-exitcode=1 --std=c11 -j"$jobs" \
    --enable=warning,portability,performance --inline-suppr \
    --suppress=missingIncludeSystem --suppress=uninitvar --suppress=legacyUninitvar \
    --suppress=uninitdata \
    -I util/include -I rules/include -I scoring/include -I vision/include -I swiss/include -I club/include -I vision -I bench \
    -I gtp -I adapters -I server \
    util rules swiss scoring vision club gtp adapters server cli bench
