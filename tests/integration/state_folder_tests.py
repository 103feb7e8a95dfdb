#!/usr/bin/env python3
"""The state and data folders' faults never stop a program (docs/NETWORK.md, "What is kept, and
where"): real speed-server processes on 127.0.0.1 whose state folder cannot be read, is on a
read-only or full file system, or is shared with another host on the same port. Each fault is
said once and the match is played without resume. Tests that need root (another user, a mount,
a network namespace) report SKIPPED without it. Usage: state_folder_tests.py BIN_DIR WORK_DIR
TEST_NAME (see TESTS below)."""
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

from netharness import Failure, Program, Skipped, expect, expect_mirrored, free_udp_port, run_named_test, wait_until

FAST = ["--level", "max"]
BOT = ["--level", "hard"]  # a human's time per card: a game long enough to be caught under way
UNPRIVILEGED = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


def need_root(why):
    if os.geteuid() != 0:
        raise Skipped(f"needs root to {why}")


def run(*argv):
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=30)


@contextlib.contextmanager
def scratch_folder():
    """A folder under /tmp that any user may pass through, removed after (mounts in it first)."""
    folder = tempfile.mkdtemp(prefix="speed-state-test-")
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        for mount in sorted(mounts_under(folder), reverse=True):
            subprocess.run(["umount", "-l", mount], check=False)
        shutil.rmtree(folder, ignore_errors=True)


def mounts_under(folder):
    with open("/proc/self/mounts", encoding="utf-8") as table:
        return [line.split()[1] for line in table if line.split()[1].startswith(folder + "/")]


def start(h, name, program, args, state, data, prefix=()):
    """A program whose XDG state and data folders are the given paths (set up by the test)."""
    argv = [*prefix, os.path.join(h.bin_dir, program), *map(str, args)]
    env = dict(os.environ, XDG_STATE_HOME=state, XDG_DATA_HOME=data)
    started = Program(name, argv, h.work_dir, env)
    h.programs.append(started)
    return started


def match_args(h, port, games=1):
    ini = h.write_config("setup.ini", "[network]\nwait = 30\ngrace = 60\n")
    os.chmod(ini, 0o644)  # readable by the unprivileged user too
    host = ["--config", ini, "--port", port, "--games", games, "--json", "--seed", 5]
    client = ["--config", ini, "--join", f"127.0.0.1:{port}", "--games", games, "--json"]
    return host, client


def play_to_the_end(host, client, *others):
    expect(client.wait_exit(120) == 0, "client exit code", client, host, *others)
    expect(host.wait_exit(30) == 0, "host exit code", host, client, *others)
    expect_mirrored(host, client, 1)


def said_once(program, fragment):
    lines = [line for line in program.stderr if fragment in line]
    expect(len(lines) == 1, f"{fragment!r} should be said once, not {len(lines)} times", program)


def state_folder_unreadable(h):
    """A state folder of mode 000, for a user it applies to: the host starts, says the folder
    cannot be read, and plays its match without resume; so does the client."""
    with scratch_folder() as folder:
        prefix = []
        if os.geteuid() == 0:  # root reads anything: run the programs as nobody
            prefix = UNPRIVILEGED
            probe = subprocess.run([*prefix, "test", "-x", os.path.join(h.bin_dir, "speed-server")], check=False)
            if probe.returncode != 0:  # the build is out of nobody's reach: a copy in the scratch folder
                copied = os.path.join(folder, "bin")
                os.makedirs(copied)
                shutil.copy2(os.path.join(h.bin_dir, "speed-server"), copied)
                os.chmod(copied, 0o755)
                h.bin_dir = copied
            h.work_dir = folder  # nobody's working folder
        for side in ("host", "client"):
            os.makedirs(os.path.join(folder, side, "speed"))
            if os.geteuid() == 0:
                for path in (os.path.join(folder, side), os.path.join(folder, side, "speed")):
                    os.chown(path, 65534, 65534)
            os.chmod(os.path.join(folder, side, "speed"), 0)
        try:
            port = free_udp_port()
            host_args, client_args = match_args(h, port)
            host = start(h, "host", "speed-server", [*host_args, *FAST], os.path.join(folder, "host"),
                         os.path.join(folder, "host-data"), prefix)
            host.wait_for_line("hosting on UDP port", 10)
            client = start(h, "client", "speed-server", [*client_args, *FAST], os.path.join(folder, "client"),
                           os.path.join(folder, "client-data"), prefix)
            play_to_the_end(host, client)
            state = os.path.join(folder, "host", "speed")
            said_once(host, f"the state folder {state} cannot be read or written: Permission denied: "
                            "this host plays without resume")
            said_once(client, f"the state folder {os.path.join(folder, 'client', 'speed')} cannot be read or written: "
                              "Permission denied: a restarted program could not come back to this match")
        finally:
            for side in ("host", "client"):
                os.chmod(os.path.join(folder, side, "speed"), 0o700)


def mounted_state(h, fault):
    """The state and data folders on a tmpfs that is read-only or full: the host says so once,
    plays its match without resume, and speed --stats says why it cannot show the statistics."""
    need_root("mount a tmpfs")
    with scratch_folder() as folder:
        mount = os.path.join(folder, "mount")
        os.makedirs(mount)
        run("mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", mount)
        state, data = os.path.join(mount, "state"), os.path.join(mount, "data")
        for path in (state, data):
            os.makedirs(os.path.join(path, "speed"), mode=0o700)
        if fault == "read-only":
            run("mount", "-o", "remount,ro", mount)
            reason = "Read-only file system"
        else:
            filler = os.open(os.path.join(mount, "filler"), os.O_WRONLY | os.O_CREAT, 0o600)
            with contextlib.suppress(OSError):  # written until the file system says it is full
                while os.write(filler, b"\0" * 4096) > 0:
                    pass
            os.close(filler)
            reason = "disk is full"
        port = free_udp_port()
        host_args, client_args = match_args(h, port)
        host = start(h, "host", "speed-server", [*host_args, *FAST], state, data)
        host.wait_for_line("hosting on UDP port", 10)
        client = start(h, "client", "speed-server", [*client_args, *FAST], os.path.join(folder, "client"),
                       os.path.join(folder, "client-data"))
        play_to_the_end(host, client)
        told = [line for line in host.stderr if reason in line]
        expect(len(told) == 1, f"the host should say once that its state folder is {fault}", host)
        window = os.path.join(h.bin_dir, "..", "client", "speed")  # the window, built beside
        if os.path.exists(window):
            stats = subprocess.run([window, "--stats"], env=dict(os.environ, XDG_DATA_HOME=data), text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30, check=False)
            expect(stats.returncode == 1 and reason in stats.stderr,
                   f"speed --stats on a {fault} data folder: exit {stats.returncode}\n{stats.stderr}")


def read_only_state_and_data(h):
    mounted_state(h, "read-only")


def full_state_and_data(h):
    mounted_state(h, "full")


def journal_bytes(state, port):
    files = {}
    for suffix in ("", "-wal", "-shm"):
        path = os.path.join(state, "speed", f"host-{port}.sqlite{suffix}")
        if os.path.exists(path):
            with open(path, "rb") as kept:
                files[suffix] = kept.read()
    return files


def second_host_on_shared_state_folder(h):
    """Two hosts with one state folder and one port (each in its own network namespace, as two
    machines with a shared home would be): the second says the first holds the state, by PID and
    machine, plays its own player without resume, and leaves the first's live journal as it was."""
    need_root("make a network namespace")
    namespace = f"speed-state-{os.getpid()}"
    shared = os.path.join(h.work_dir, "shared-home")
    port = free_udp_port()
    host_args, client_args = match_args(h, port)
    first = start(h, "first host", "speed-server", [*host_args, *BOT], shared, shared + "-data")
    first.wait_for_line("hosting on UDP port", 10)
    player = start(h, "first player", "speed-server", [*client_args, *BOT], os.path.join(h.work_dir, "player"),
                   os.path.join(h.work_dir, "player-data"))
    first.wait_for_line("connected to", 10)
    # The player holds the session too (the host says "connected" before its WELCOME leaves):
    # from then on a stopped host is a silence the player sees and recovers from.
    player.wait_for_line("connected to", 10)
    first.signal(signal.SIGSTOP)  # its journal now stays as it is, its lock held
    try:
        before = journal_bytes(shared, port)
        expect("" in before, "the first host keeps no journal", first)
        run("ip", "netns", "add", namespace)
        try:
            run("ip", "-n", namespace, "link", "set", "lo", "up")
            inside = ["ip", "netns", "exec", namespace]
            second = start(h, "second host", "speed-server", [*host_args, *FAST], shared, shared + "-data", inside)
            second.wait_for_line("hosting on UDP port", 10)
            own = start(h, "its player", "speed-server", [*client_args, *FAST], os.path.join(h.work_dir, "own"),
                        os.path.join(h.work_dir, "own-data"), inside)
            play_to_the_end(second, own, first)
        finally:
            for program in h.programs:
                if program.name in ("second host", "its player"):
                    program.kill()
            subprocess.run(["ip", "netns", "delete", namespace], check=False)
        said_once(second, f"the match journal for port {port} is in use by speed-server "
                          f"(PID {first.process.pid} on {socket.gethostname()}): this host plays without resume")
        expect(not any("took the match" in line for line in second.stderr + second.stdout),
               "the second host took the first's match", second)
        expect(journal_bytes(shared, port) == before, "the second host changed the first's journal", second, first)
    finally:
        first.signal(signal.SIGCONT)
    player.wait_for_line("is heard again", 20)  # the first match goes on


def lock_held_by_another_program(h):
    """The journal of a killed host, its port's lock held by another live program (one that
    writes itself into the lock file as a host does): a host started on that port names the
    holder by PID, does not take the match back, leaves the journal as it was, and plays its own
    player without resume. Needs no root."""
    state = os.path.join(h.work_dir, "state")
    port = free_udp_port()
    host_args, client_args = match_args(h, port)
    killed = start(h, "killed host", "speed-server", [*host_args, *BOT], state, state + "-data")
    killed.wait_for_line("hosting on UDP port", 10)
    player = start(h, "its player", "speed-server", [*client_args, *BOT], os.path.join(h.work_dir, "player"),
                   os.path.join(h.work_dir, "player-data"))
    killed.wait_for_line("connected to", 10)
    # The journal is made with the match's first record, a moment after the connection: killed
    # before that, the host would leave nothing to protect.
    wait_until(lambda: "" in journal_bytes(state, port), "the host's journal", 20, killed)
    killed.kill()
    player.kill()
    before = journal_bytes(state, port)
    expect("" in before, "the killed host left no journal", killed)
    holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, os.path.join(state, "speed", f"host-{port}.lock")],
                              stdout=subprocess.PIPE, text=True)
    try:
        expect(holder.stdout.readline().strip() == "locked", "the lock holder did not take the lock")
        host = start(h, "host", "speed-server", [*host_args, *FAST], state, state + "-data")
        host.wait_for_line("hosting on UDP port", 10)
        client = start(h, "client", "speed-server", [*client_args, *FAST], os.path.join(h.work_dir, "newcomer"),
                       os.path.join(h.work_dir, "newcomer-data"))
        play_to_the_end(host, client)
    finally:
        holder.kill()
        holder.wait(timeout=10)
    said_once(host, f"the match journal for port {port} is in use by lock-holder (PID {holder.pid} on "
                    f"{socket.gethostname()}): this host plays without resume")
    expect(not any("took the match" in line for line in host.stderr + host.stdout), "the match was taken", host)
    expect(journal_bytes(state, port) == before, "the host changed the journal it does not hold", host)


# Holds a POSIX lock on the file (it conflicts with a host's open file description lock) until
# killed, with the lock file's lines a host writes.
LOCK_HOLDER = r"""
import fcntl, os, socket, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
os.ftruncate(fd, 0)
os.write(fd, f"pid {os.getpid()}\nhost {socket.gethostname()}\nprogram lock-holder\n".encode())
print("locked", flush=True)
time.sleep(600)
"""


TESTS = {test.__name__: test for test in (
    state_folder_unreadable, read_only_state_and_data, full_state_and_data, second_host_on_shared_state_folder,
    lock_held_by_another_program)}

if __name__ == "__main__":
    sys.exit(run_named_test(TESTS, __doc__, sys.argv))
