#!/usr/bin/env python3
"""ssh-load-figures.py - ../shared/bench/ssh_load.py against `shoji-demo --ssh` and OpenSSH's sshd, in one run.

For each --sessions count: starts the demo's SSH server (one process for every session) and runs
ssh_load.py against it, then starts sshd (Debian's openssh-server, a config of its own on 127.0.0.1
with ForceCommand running the demo: one sshd and one demo process per session, the baseline) and runs
the same load. Reports for each: sessions served, key -> first byte p50/p99 (ssh_load's line), peak
RSS per session (the server's, or every process under sshd), CPU per toggle (the server's CPU, or
sshd's and its sessions', over the sessions' 5 toggles each (ssh_load sends F2 five times)) and, for the demo's server, bytes per
toggle (its log's bytes per session,  and the same keys on the local demo's terminal through ptyrun, for comparison).
    scripts/ssh-load-figures.py .build/release/shoji-demo --sessions 20 100 500
Needs asyncssh (pip) and openssh-server (apt); run as root for sshd (it adds a system user,
shoji-bench, whose shell is /bin/sh, for the baseline's sessions).
"""
import argparse, os, re, resource, shutil, socket, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
LOAD = os.path.join(HERE, "..", "..", "shared", "bench", "ssh_load.py")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def descendants(root):
    children = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                ppid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(pid))
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def rss_kb(pids):
    total = 0
    for pid in pids:
        try:
            total += int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{pid}/status").read()).group(1))
        except (OSError, AttributeError):
            pass
    return total


class Sampler(threading.Thread):
    """Peak RSS of a process tree, sampled every 0.2 s."""

    def __init__(self, root):
        super().__init__(daemon=True)
        self.root, self.peak, self.running = root, 0, True

    def run(self):
        while self.running:
            self.peak = max(self.peak, rss_kb(descendants(self.root)))
            time.sleep(0.2)


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load(port, key, sessions, user):
    out = subprocess.run([sys.executable, LOAD, "--port", str(port), "--key", key, "--sessions", str(sessions),
                          "--user", user], capture_output=True, text=True)
    return (out.stdout + out.stderr).strip().splitlines()[-1] if (out.stdout + out.stderr).strip() else "no output"


def ours(binary, work, sessions):
    port = free_port()
    log_path = f"{work}/ours-{sessions}.log"
    server = subprocess.Popen([binary, "--ssh", f"127.0.0.1:{port}", "--host-key", f"{work}/host_ed25519",
                               "--authorized-keys", f"{work}/authorized_keys"],
                              stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
    for _ in range(200):
        if "listening" in open(log_path).read():
            break
        time.sleep(0.05)
    idle = rss_kb([server.pid])
    sampler = Sampler(server.pid)
    sampler.start()
    cpu0 = cpu_seconds(server.pid)
    line = load(port, f"{work}/client", sessions, "shoji")
    cpu = cpu_seconds(server.pid) - cpu0
    sampler.running = False
    server.terminate()
    server.wait(timeout=15)
    text = open(log_path).read()
    sent = [int(b) for b in re.findall(r"bytes=(\d+)", text)]
    toggled = sorted(sent)[len(sent) // 10:] if sent else []
    return line, idle, sampler.peak, cpu, sent


BENCH_USER = "shoji-bench"


def bench_user():
    """A user whose shell is /bin/sh, for sshd's sessions: ForceCommand runs through the user's
    shell, and root's bash here reads an rc file that runs `pyenv rehash`, which serialises and
    stalls concurrent logins (not what the baseline is about)."""
    if subprocess.run(["id", BENCH_USER], capture_output=True).returncode != 0:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/bin/sh", BENCH_USER], check=True)
    # No password, but not locked ("!"), which sshd refuses even for keys.
    subprocess.run(["usermod", "-p", "*", BENCH_USER], check=True)
    return BENCH_USER


def baseline(binary, work, sessions):
    port = free_port()
    user = bench_user()
    os.chmod(work, 0o755)
    os.chmod(f"{work}/authorized_keys", 0o644)
    config = f"{work}/sshd_config"
    with open(config, "w") as f:
        f.write(f"Port {port}\nListenAddress 127.0.0.1\nHostKey {work}/host_ed25519\n"
                f"AuthorizedKeysFile {work}/authorized_keys\nUsePAM no\nPasswordAuthentication no\n"
                f"MaxStartups 100:30:200\nMaxSessions 1000\nPidFile {work}/sshd.pid\nStrictModes no\n"
                f"PermitRootLogin yes\nForceCommand {binary}\nAcceptEnv LANG\n")
    os.makedirs("/run/sshd", exist_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    sshd = subprocess.Popen([shutil.which("sshd") or "/usr/sbin/sshd", "-D", "-e", "-f", config],
                            stdout=subprocess.DEVNULL, stderr=open(f"{work}/sshd-{sessions}.log", "w"))
    time.sleep(0.5)
    idle = rss_kb([sshd.pid])
    sampler = Sampler(sshd.pid)
    sampler.start()
    line = load(port, f"{work}/client", sessions, user)
    sampler.running = False
    time.sleep(1)
    sshd.terminate()
    sshd.wait(timeout=15)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return line, idle, sampler.peak, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--sessions", type=int, nargs="+", default=[20, 100, 500])
    ap.add_argument("--no-baseline", action="store_true")
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    work = tempfile.mkdtemp(prefix="shoji-ssh-load-")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{work}/client"], check=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{work}/host_ed25519"], check=True)
    shutil.copy(f"{work}/client.pub", f"{work}/authorized_keys")
    # The bytes a session costs that only starts and quits: the first screen and the restore.
    for n in a.sessions:
        line, idle, peak, cpu, sent = ours(binary, work, n)
        toggles = n * 5
        per = (peak - idle) / (n + 1) / 1024
        print(f"shoji-demo --ssh, {n} sessions: {line}")
        print(f"  RSS idle {idle / 1024:.1f} MB, peak {peak / 1024:.1f} MB: {per:.2f} MB per session; "
              f"CPU {cpu:.2f} s, {cpu / toggles * 1000:.2f} ms per toggle; "
              f"bytes per session median {sorted(sent)[len(sent) // 2] if sent else 0}")
        if not a.no_baseline:
            line, idle, peak, cpu = baseline(binary, work, n)
            print(f"sshd + ForceCommand shoji-demo, {n} sessions: {line}")
            print(f"  RSS peak {peak / 1024:.1f} MB: {(peak - idle) / (n + 1) / 1024:.2f} MB per session; "
                  f"CPU {cpu:.2f} s, {cpu / toggles * 1000:.2f} ms per toggle")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
