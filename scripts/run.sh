#!/usr/bin/env bash
# `make run`: goref's main job with what exists today. Until `goref serve` lands this replays
# the bundled example record and prints its final position.
set -euo pipefail
build="${1:-build}"
here="$(cd "$(dirname "$0")/.." && pwd)"
exec "$build/goref" sgf "$here/examples/finished-9x9.sgf"
