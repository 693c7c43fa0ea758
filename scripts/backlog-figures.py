#!/usr/bin/env python3
"""Figures for input backlogs (issue 13 #1): the release demo in a pseudo-terminal.

usage: scripts/backlog-figures.py [DEMO] [--out DIR] [--limit SECONDS] [--only quit|random|keys]...

DEMO defaults to .build/release/shoji-demo (`swift build -c release --product shoji-demo`).
Each run prints one line:

  quit-during-10s  `shoji-demo --duration 10`: F2 opens the menu (a 10 s slide), q 0.5 s
                   later; seconds from q to the end of the process (ptyrun.py).
  random-1MB       1,000,000 seeded random bytes (without q, Ctrl-C, Ctrl-Z, Ctrl-\\), written
                   as fast as the terminal takes them; then, once the screen has been still for
                   2 s (or after --limit seconds), q.
  down-enter-f2    200 x (Down, Enter, F2) written at once, then as above.

For the floods: work_off_s is from the first byte written to the last byte the app drew
before it went still ("> LIMIT" if it never did), written_s when the terminal had taken
the last byte, q_to_exit_s from q to the end of the process, peak_rss_kb the process's
VmHWM and rss_start_kb its RSS before the flood. They use the built-in menu without its
clock pane (written to --out), whose once-a-second redraw would never let the screen go
still. They are driven here rather than by ptyrun.py, whose blocking writes of the input
deadlock with an app that draws while it reads (both wait on a full pty buffer); the
process is started and sampled with ptyrun.py's own functions.
"""
import argparse
import errno
import json
import os
import random
import select
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = "/work/shared/tools"
sys.path.insert(0, TOOLS)
import ptyrun  # noqa: E402  (spawn, proc_sample)

EXCLUDED = {0x03, 0x1A, 0x1C, ord("q")}  # Ctrl-C and q quit, Ctrl-Z suspends, Ctrl-\ (SIGQUIT with ISIG)
STILL = 2.0  # seconds without output that count as "worked off"


def random_bytes(count, seed=13):
    rng = random.Random(seed)
    allowed = [b for b in range(256) if b not in EXCLUDED]
    return bytes(rng.choice(allowed) for _ in range(count))


def flood(demo, args, data, limit):
    """Starts the demo, writes `data` without blocking, waits for the screen to go still, sends q."""
    env = dict(os.environ, TERM="xterm-256color")
    for k in ("LINES", "COLUMNS"):
        env.pop(k, None)
    pid, master = ptyrun.spawn([demo] + args, 80, 24, env)
    os.set_blocking(master, False)
    t0 = time.monotonic()
    peak, last_output, status = 0, t0, None
    phase, sent, start, written, q_at, exit_at, rss_start = "startup", 0, None, None, None, None, None

    while status is None:
        now = time.monotonic()
        sample = ptyrun.proc_sample(pid)
        peak = max(peak, sample["hwm_kb"] or 0)
        if phase == "startup" and now - t0 >= 1.5:
            phase, start, rss_start = "flood", now, sample["rss_kb"]
        if phase == "flood":
            try:
                sent += os.write(master, data[sent:sent + 65536])
            except OSError as e:
                if e.errno != errno.EAGAIN:
                    raise
            if sent == len(data):
                phase, written = "working", now
        if phase == "working" and (now - last_output >= STILL or now - start >= limit):
            os.write(master, b"q")
            phase, q_at = "quitting", now
        if phase == "quitting" and now - q_at > 30:
            os.kill(pid, signal.SIGKILL)
        wpid, st = os.waitpid(pid, os.WNOHANG)
        if wpid:
            status, exit_at = st, now
            break
        want_write = [master] if phase == "flood" else []
        readable, _, _ = select.select([master], want_write, [], 0.05)
        if readable:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if chunk and phase in ("flood", "working"):
                last_output = time.monotonic()
    os.close(master)
    still = q_at - last_output >= STILL
    return dict(work_off_s=round(last_output - start, 2) if still else f"> {limit:g}",
                written_s=round(written - start, 2) if written else None,
                q_to_exit_s=round(exit_at - q_at, 2), exit_code=os.waitstatus_to_exitcode(status),
                rss_start_kb=rss_start, peak_rss_kb=peak)


def quit_during_animation(demo, out):
    report = os.path.join(out, "quit-during-10s.json")
    subprocess.run([sys.executable, os.path.join(TOOLS, "ptyrun.py"), "-q", "--json", report, "--keys",
                    "wait:1.5,F2,wait:0.5,q", "--timeout", "40", "--", demo, "--duration", "10"], check=False)
    with open(report) as f:
        rep = json.load(f)
    q = next(m["t"] for m in rep["marks"] if m["arg"] == "q")
    return dict(q_to_exit_s=round(rep["wall_s"] - q, 2), exit_code=rep["exit_code"], killed=rep["killed"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("demo", nargs="?", default=os.path.join(ROOT, ".build/release/shoji-demo"))
    ap.add_argument("--out", default="/tmp/shoji-backlog-figures")
    ap.add_argument("--limit", type=float, default=300, help="longest wait for the screen to go still (s)")
    ap.add_argument("--only", choices=["quit", "random", "keys"], action="append")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(ROOT, "Resources/menu.json")) as f:
        menu = json.load(f)
    menu["items"] = [item for item in menu["items"] if item.get("kind") != "clock"]
    menu_path = os.path.join(a.out, "menu-without-clock.json")
    with open(menu_path, "w") as f:
        json.dump(menu, f)
    keys = (b"\x1b[B" + b"\r" + b"\x1bOQ") * 200  # Down, Enter, F2 as xterm sends them
    for name in a.only or ["quit", "random", "keys"]:
        if name == "quit":
            figures = quit_during_animation(a.demo, a.out)
            label = "quit-during-10s"
        elif name == "random":
            figures = flood(a.demo, ["--menu", menu_path], random_bytes(1_000_000), a.limit)
            label = "random-1MB"
        else:
            figures = flood(a.demo, ["--menu", menu_path], keys, a.limit)
            label = "down-enter-f2 x200"
        print(f"{label}: " + ", ".join(f"{k} {v}" for k, v in figures.items()), flush=True)


if __name__ == "__main__":
    main()
