#!/bin/sh
# Issue 11's side-by-side benchmark: shoji-demo's sliding side menu beside a thin C ncursesw
# program (and Textual, with APPS=textual,ncurses,shoji), one run through ../shared/bench/peers.py,
# then the goals as ratios from that same run, and a Swift hello world's peak RSS measured the
# same way (through ptyrun) on this machine.
#
#   make bench-peers            (2 repeats)
#   scripts/bench-peers.sh 3    (3 repeats)
#
# Machines are noisy (2 shared cores here): compare ratios from one run, never figures across
# runs. Needs python3, cc, swiftc; the first run makes a venv with pyte and textual in
# PEERS_WORK (default /tmp/shoji-peers).
set -eu
cd "$(dirname "$0")/.."
REPEATS=${1:-2}
SHARED=${SHOJI_SHARED:-../shared}
[ -d "$SHARED/bench" ] || SHARED=/work/shared
WORK=${PEERS_WORK:-/tmp/shoji-peers}
export PEERS_WORK="$WORK"

swift build -c release --product shoji-demo >/dev/null
APPS=${APPS:-ncurses,shoji} SHOJI_BIN=.build/release/shoji-demo python3 "$SHARED/bench/peers.py" "$REPEATS"

# A Swift hello world, built the default way, for the RSS goal. It waits for Enter after
# printing, so ptyrun samples its peak RSS (VmHWM) while it is alive.
mkdir -p "$WORK/hello"
if [ ! -x "$WORK/hello/hello-wait" ]; then
    printf 'print("Hello, world")\n_ = readLine()\n' > "$WORK/hello/hello-wait.swift"
    swiftc -O "$WORK/hello/hello-wait.swift" -o "$WORK/hello/hello-wait" >/dev/null
fi
"$WORK/venv/bin/python" "$SHARED/tools/ptyrun.py" -q --keys "wait:0.5,Enter" --json "$WORK/hello/run.json" -- "$WORK/hello/hello-wait"

python3 - "$WORK" <<'PY'
import json, statistics, sys
work = sys.argv[1]
rows = json.load(open(f"{work}/results/rows.json"))
hello = json.load(open(f"{work}/hello/run.json"))["peak_rss_kb"] / 1024
med = lambda app, size, key: statistics.median(r[key] for r in rows if r["app"] == app and r["size"] == size)
print(f"\nGoals (medians of this run; Swift hello world peak RSS {hello:.1f} MB):")
print("| size | open B/frame vs C (<= 0.3) | close vs C (<= 1.0) | CPU/toggle vs C (<= 1.5) | frames/toggle (>= 12) | first screen vs C (<= 3) | peak RSS vs hello (<= 1.5) |")
print("|---|---|---|---|---|---|---|")
for size in ("120x40", "200x60"):
    ratio = lambda key: med("shoji", size, key) / med("ncurses", size, key)
    print(f"| {size} | {ratio('b_frame_open'):.2f} | {ratio('b_frame_close'):.2f} | {ratio('cpu_toggle'):.2f} | "
          f"{med('shoji', size, 'frames'):g} | {ratio('ready_s'):.2f} | {med('shoji', size, 'peak_rss_mb') / hello:.2f} |")
PY
