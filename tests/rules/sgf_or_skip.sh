#!/bin/sh
# sgf_or_skip.sh GOREF RECORD [ARGS...]: runs `GOREF sgf RECORD ARGS...`; when the record is not
# there (the shared data folder is not beside this clone) it says so and exits 77, which CTest
# counts as skipped.
goref=$1
record=$2
shift 2
if [ ! -f "$record" ]; then
    echo "SKIPPED: no shared data at $record"
    exit 77
fi
exec "$goref" sgf "$record" "$@"
