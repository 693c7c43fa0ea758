#!/usr/bin/env python3
"""Issue 37's figures: how soon the real demo ends when asked to, whatever waits.

    python3 scripts/urgent-figures.py [BIN] [TRIALS]    (default .build/release/shoji-demo, 5)

Three cases on a pseudo-terminal of this script's own, each TRIALS times: Ctrl-C typed behind
3,000 `s` keys (each sorts the widgets pane's 100,000-row table); SIGTERM sent behind the same;
SIGTERM while the terminal reads none of the demo's output (resizes fill it until the demo blocks
in a write). Prints the seconds from the Ctrl-C's write (or the signal) to the demo's exit, and
its exit status. The end-to-end tests (UrgentEndToEndTests) check the same with bounds loose
enough for a debug build on a busy machine.
"""
import fcntl, os, pty, select, signal, struct, sys, tempfile, termios, time

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/shoji-demo"
TRIALS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
MENU = '{"title": "M", "items": [{"title": "Widgets", "kind": "widgets"}]}'


def spawn(args, cols=80, rows=24):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(args[0], args)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    return pid, fd


def read(fd, seconds, until=None):
    seen, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            seen += chunk
            if until and until in seen:
                break
    return seen


def wait_exit(pid, fd, reading=True, timeout=20):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if reading:
            read(fd, 0.005)
        else:
            time.sleep(0.002)
    os.kill(pid, signal.SIGKILL)
    return os.waitpid(pid, 0)[1]


def describe(status):
    return f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"


def behind_sort_keys(menu, how):
    pid, fd = spawn([BIN, "--menu", menu])
    read(fd, 10, b"Modified")
    for _ in range(5):
        os.write(fd, b"\t")
        read(fd, 0.1)
    read(fd, 0.3)
    os.set_blocking(fd, False)
    keys = b"s" * 3000
    while keys:
        try:
            keys = keys[os.write(fd, keys):]
        except BlockingIOError:
            read(fd, 0.001)
    os.set_blocking(fd, True)
    start = time.monotonic()
    if how == "ctrl-c":
        os.write(fd, b"\x03")
    else:
        os.kill(pid, signal.SIGTERM)
    status = wait_exit(pid, fd)
    return time.monotonic() - start, status


def blocked_writing(pid):
    """Whether the process sits in write(2) (syscall 1 on x86-64), as a full terminal leaves it."""
    with open(f"/proc/{pid}/syscall") as f:
        return f.read().startswith("1 ")


def output_blocked():
    pid, fd = spawn([BIN])
    read(fd, 10, b"q quits")
    wide, end = False, time.monotonic() + 20
    while time.monotonic() < end:
        wide = not wide
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 60 if wide else 24, 200 if wide else 80, 0, 0))
        os.kill(pid, signal.SIGWINCH)
        time.sleep(0.02)
        if blocked_writing(pid):
            break
    assert blocked_writing(pid), "the demo's output never blocked (this would measure nothing)"
    time.sleep(0.5)
    start = time.monotonic()
    os.kill(pid, signal.SIGTERM)
    status = wait_exit(pid, fd, reading=False)
    return time.monotonic() - start, status


def main():
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(MENU)
    try:
        for name, run in [("Ctrl-C behind 3,000 sort keys", lambda: behind_sort_keys(f.name, "ctrl-c")),
                          ("SIGTERM behind 3,000 sort keys", lambda: behind_sort_keys(f.name, "term")),
                          ("SIGTERM, output blocked", output_blocked)]:
            results = [run() for _ in range(TRIALS)]
            print(f"{name}: " + ", ".join(f"{s * 1000:.0f} ms ({describe(st)})" for s, st in results))
    finally:
        os.unlink(f.name)


main()
