#!/bin/sh
# The layout check: every tracked C, C++ and header file is as clang-format lays it out under the
# project's .clang-format (`make format` applies it). Lists the files that differ and fails.
# Usage: format.sh SOURCE_DIR
set -eu
src=${1:?usage: format.sh SOURCE_DIR}
if ! command -v clang-format >/dev/null 2>&1; then
    echo "SKIP: clang-format is not installed (scripts/deps.sh --test installs it)" >&2
    exit 77
fi
if ! git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    echo "SKIP: $src is not a git checkout, so its tracked files are unknown" >&2
    exit 77
fi
cd "$src"
bad=0
for f in $(git ls-files '*.c' '*.h' '*.cpp'); do
    if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "not laid out by clang-format: $f (make format)"
        bad=1
    fi
done
exit $bad
