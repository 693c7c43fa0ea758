#!/bin/sh
# Profiles shoji-demo while its side menu slides: the peers' workload (../shared/bench: the
# menu file, 1.5 s start, 10 x (m, 0.6 s), q) at COLSxROWS in a pseudo-terminal (ptyrun), under
# `perf record`, and prints the top of the profile by self time (shoji-demo's own samples).
#
#   scripts/profile-demo.sh [BINARY] [COLSxROWS]     (default .build/release/shoji-demo 120x40)
#
# Needs perf (Debian: linux-perf) and a python with pyte (make bench-peers makes one in
# /tmp/shoji-peers/venv). perf.data goes to PROFILE_OUT (default /tmp/shoji-profile.data).
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/shoji-demo}
SIZE=${2:-120x40}
SHARED=${SHOJI_SHARED:-../shared}
[ -d "$SHARED/bench" ] || SHARED=/work/shared
PY=${PEERS_WORK:-/tmp/shoji-peers}/venv/bin/python
OUT=${PROFILE_OUT:-/tmp/shoji-profile.data}
KEYS="wait:1.5,mark:start,m,wait:0.6,m,wait:0.6,m,wait:0.6,m,wait:0.6,m,wait:0.6,m,wait:0.6,m,wait:0.6,m,wait:0.6,m,wait:0.6,m,wait:0.6,mark:end,q"

perf record -q -F 4999 -o "$OUT" -- "$PY" "$SHARED/tools/ptyrun.py" -q -s "$SIZE" --keys "$KEYS" \
    --ready Welcome --ready "line 37" -- "$BIN" --menu "$SHARED/bench/shoji-menu.json" >/dev/null 2>&1
# Percentages of shoji-demo's own samples; Swift names demangled.
perf report -i "$OUT" --comm shoji-demo --percentage relative --no-children --sort dso,symbol --stdio 2>/dev/null \
    | grep -E '^# (Samples|Event count)|^ ' | swift demangle --simplified | cut -c1-150 | sed 's/ *$//' | head -22
