#!/usr/bin/env python3
"""ssh-churn.py - open and drop N connections to `shoji-demo --ssh` at random points; report the server's RSS.

Starts the demo's SSH server on a free loopback port (keys made in a temporary folder), then opens
--connections connections, --parallel at a time, each dropped at a random point: right after the TCP
connect, after the client's version line, after the key exchange began, after logging in without a
session, mid-frame (a pty session reading frames, dropped without a goodbye while the side menu
slides), or cleanly (q). Reports the server's RSS (VmRSS) after a warm-up and at the end, the
sessions started and ended in its log, and its connections left open. Needs asyncssh (pip).
    scripts/ssh-churn.py .build/release/shoji-demo [--connections 1000] [--parallel 20]
"""
import argparse, asyncio, os, random, re, socket, subprocess, sys, tempfile, time

import asyncssh


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def open_connections(pid):
    # Established TCP sockets of the server process (its listening socket excluded).
    out = subprocess.run(["ss", "-tnpH", "state", "established"], capture_output=True, text=True).stdout
    return sum(1 for line in out.splitlines() if f"pid={pid}," in line)


async def raw(port, send, pause):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    if send:
        writer.write(send)
        await writer.drain()
    await asyncio.sleep(pause)
    writer.transport.abort()


async def ssh(port, key, mode):
    conn = await asyncssh.connect("127.0.0.1", port, client_keys=[key], known_hosts=None, username="churn")
    if mode == "login":
        conn.abort()
        return
    proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
    await asyncio.wait_for(proc.stdout.read(4096), 5)
    if mode == "midframe":
        proc.stdin.write(b"\x1bOQ")  # F2: the menu starts to slide
        await asyncio.sleep(random.uniform(0, 0.2))
        conn.abort()
    else:
        proc.stdin.write(b"q")
        await proc.wait_closed()
        conn.close()


async def one(port, key, index):
    mode = random.choice(["tcp", "version", "kex", "login", "midframe", "midframe", "clean"])
    try:
        if mode == "tcp":
            await raw(port, b"", random.uniform(0, 0.05))
        elif mode == "version":
            await raw(port, b"SSH-2.0-churn\r\n", random.uniform(0, 0.1))
        elif mode == "kex":
            await raw(port, b"SSH-2.0-churn\r\n" + os.urandom(random.randint(1, 300)), random.uniform(0, 0.1))
        else:
            await ssh(port, key, mode)
    except (OSError, asyncssh.Error, asyncio.TimeoutError, asyncio.IncompleteReadError):
        pass
    return mode


async def churn(port, key, count, parallel):
    gate = asyncio.Semaphore(parallel)

    async def guarded(i):
        async with gate:
            return await one(port, key, i)

    return await asyncio.gather(*(guarded(i) for i in range(count)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--connections", type=int, default=1000)
    ap.add_argument("--parallel", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    random.seed(a.seed)
    work = tempfile.mkdtemp(prefix="shoji-churn-")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{work}/client"], check=True)
    os.rename(f"{work}/client.pub", f"{work}/authorized_keys")
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    log = open(f"{work}/server.log", "w")
    server = subprocess.Popen(
        [a.binary, "--ssh", f"127.0.0.1:{port}", "--host-key", f"{work}/host", "--authorized-keys",
         f"{work}/authorized_keys"], stdout=log, stderr=log)
    try:
        for _ in range(200):
            if "listening" in open(f"{work}/server.log").read():
                break
            time.sleep(0.05)
        key = asyncssh.read_private_key(f"{work}/client")
        asyncio.run(churn(port, key, 100, a.parallel))
        time.sleep(1)
        warm = rss_kb(server.pid)
        start = time.monotonic()
        modes = asyncio.run(churn(port, key, a.connections, a.parallel))
        elapsed = time.monotonic() - start
        time.sleep(2)
        end = rss_kb(server.pid)
        text = open(f"{work}/server.log").read()
        started, ended = text.count("session started"), text.count("session ended")
        left = open_connections(server.pid)
        counts = {m: modes.count(m) for m in sorted(set(modes))}
        print(f"{a.connections} connections in {elapsed:.1f} s ({counts}); server RSS after a 100-connection "
              f"warm-up {warm / 1024:.1f} MB, after {a.connections} more {end / 1024:.1f} MB "
              f"({(end - warm) / 1024:+.1f} MB); sessions started {started}, ended {ended}; connections open {left}")
        ok = started == ended and left == 0 and server.poll() is None
    finally:
        server.terminate()
        server.wait(timeout=10)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
