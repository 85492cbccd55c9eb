#!/bin/sh
# check_history.sh SOURCE_DIR: the tracked files describe the project as it is. Fails, naming
# file:line, when a tracked file cites a numbered work period, a tracker issue number or a
# source document by its file number (regulations are cited by title and article instead, as
# 《中国围棋竞赛规则》第二十八条), and when the root README passes 10,000 bytes or a module README
# (DIR/README.md) 15,000, and when a file under vision/ or tests/vision/ names a shared photo.
#
# The patterns are written so that this file does not match them: "session" followed by a space
# and a number of one or two digits (a login session or "GTP session" is not flagged, nor
# HTTP's "session" then a three-digit status); "issue" followed by a number; "seed" followed by
# a zero-padded three-digit number, "seeds/" followed by digits, or "seed file" and a number
# (an RNG seed such as "--seed 3" or "uint64_t seed" is not flagged); and the source documents'
# own file names (three digits, an underscore, sixteen hex digits, ".txt").
src=${1:?usage: check_history.sh SOURCE_DIR}

if ! command -v git >/dev/null 2>&1; then
    echo "FAILED: git is not installed, so the tracked files cannot be listed" >&2
    exit 1
fi
if ! git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "SKIPPED: $src is not a git checkout; the tracked files cannot be listed" >&2
    exit 77
fi

patterns='\bsessions? #?[0-9]{1,2}\b
\bwork[- ]periods? #?[0-9]
\bissues? #?[0-9]
\bseeds? 0[0-9]{2}\b
\bseeds/[0-9]
\bseed (files?|texts?|documents?) #?[0-9]
\b[0-9]{3}_[0-9a-f]{16}\.txt'

pattern_file=$(mktemp) || exit 1
list=$(mktemp) || exit 1
trap 'rm -f "$pattern_file" "$list"' EXIT
printf '%s\n' "$patterns" >"$pattern_file"
git -C "$src" ls-files -z >"$list" || { echo "FAILED: git ls-files in $src" >&2; exit 1; }

status=0
# -I skips binary files; a tracked file deleted from the working tree is left out.
hits=$(cd "$src" && xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done; :' sh <"$list" |
    xargs -0 -r grep -nIHiE -f "$pattern_file")
if [ -n "$hits" ]; then
    echo "Tracked lines that cite a work period, an issue number or a source document by number"
    echo "(history goes in commit messages; regulations are cited by title and article):"
    printf '%s\n' "$hits"
    status=1
fi

# The reader is general: no tracked file under vision/ or tests/vision/ names one of the shared
# photos, whose folders are named owner__repository (per-photo data live in bench/).
named=$(cd "$src" && git ls-files -z -- vision tests/vision |
    xargs -0 -r grep -nIHE '[A-Za-z0-9-]+__[A-Za-z0-9_.-]+/')
if [ -n "$named" ]; then
    echo "Tracked lines under vision/ or tests/vision/ that name a photo (its data go in bench/):"
    printf '%s\n' "$named"
    status=1
fi

check_size() { # FILE LIMIT
    size=$(wc -c <"$src/$1")
    if [ "$size" -gt "$2" ]; then
        echo "$1: $size bytes, over the $2 a README may have"
        status=1
    fi
}
[ -f "$src/README.md" ] && check_size README.md 10000
for readme in $(git -C "$src" ls-files '*/README.md' | awk -F/ 'NF == 2'); do
    [ -f "$src/$readme" ] && check_size "$readme" 15000
done

[ "$status" -eq 0 ] && echo "OK: no tracked file cites history by number; the READMEs are within their sizes; no photo is named under vision/"
exit "$status"
