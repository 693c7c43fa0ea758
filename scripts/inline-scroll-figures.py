#!/usr/bin/env python3
"""Issue 33 §3's figures: what a one-line scroll of the demo's welcome text costs inline
against full screen, measured the same way.

    python3 scripts/inline-scroll-figures.py [BIN] [SIZE]   (default .build/release/shoji-demo, 100x30)

Runs the demo under `../shared/tools/ptyrun.py` twice at SIZE: with `--inline 20` and full
screen, each waiting a second and then pressing Down 20 times, 0.1 s apart (each scrolls the
text a line). Prints the median bytes per key of each and their ratio.
"""
import json, os, statistics, subprocess, sys, tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/shoji-demo"
SIZE = sys.argv[2] if len(sys.argv) > 2 else "100x30"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PTYRUN = os.path.join(ROOT, "..", "shared", "tools", "ptyrun.py")
KEYS = "wait:1," + ",".join(["Down,wait:0.1"] * 20) + ",q"


def median_bytes(mode):
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        subprocess.run(
            [sys.executable, PTYRUN, "-s", SIZE, "--keys", KEYS, "--json", report.name, "--", BIN] + mode,
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        keys = [k for k in json.load(open(report.name))["per_key"] if k["trigger"] == "Down"]
    return statistics.median(k["bytes"] for k in keys)


inline = median_bytes(["--inline", "20"])
full = median_bytes([])
print(f"{SIZE}: inline 20 rows {inline:.0f} B a key, full screen {full:.0f} B, ratio {inline / full:.2f}" if full else f"{SIZE}: nothing scrolled")
