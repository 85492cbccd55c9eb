#!/usr/bin/env bash
# `make run`: goref's main job, the scoring service and its phone web page. It creates the club
# database (goref.db, or $GOREF_DB) when missing and prints the address to open; Ctrl-C stops it
# cleanly. PORT and BIND may be set in the environment (defaults 8080 and 127.0.0.1).
set -euo pipefail
build="${1:-build}"
exec "$build/goref" serve --port "${PORT:-8080}" --bind "${BIND:-127.0.0.1}" --db "${GOREF_DB:-goref.db}"
