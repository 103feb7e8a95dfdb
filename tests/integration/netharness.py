"""Helpers for the integration tests: real processes on 127.0.0.1 only, every wait bounded.

Nothing here sleeps to let time pass: tests wait for a line of output or for a process to exit,
each with its own deadline.
"""
import json
import os
import shutil
import queue
import socket
import subprocess
import sys
import threading
import time


class Failure(Exception):
    pass


class Skipped(Exception):
    """The test cannot run here (no IPv6 loopback, no raw socket): ctest shows it skipped."""


SKIPPED = 77  # the exit code ctest's SKIP_RETURN_CODE is set to


def free_udp_port():
    """A UDP port that was free on 127.0.0.1 a moment ago (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Program:
    """A running program whose stdout and stderr lines are collected as they come."""

    def __init__(self, name, argv, cwd, env=None):
        self.name = name
        self.argv = argv
        self.lines = queue.Queue()
        self.stdout = []
        self.stderr = []
        self.started_at = time.monotonic()
        self.arrivals = []  # (time.monotonic(), line) of every line, as they came
        self.process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1, env=env)
        self._readers = [threading.Thread(target=self._read, args=(self.process.stdout, self.stdout), daemon=True),
                         threading.Thread(target=self._read, args=(self.process.stderr, self.stderr), daemon=True)]
        for reader in self._readers:
            reader.start()

    def _read(self, stream, sink):
        for line in stream:
            sink.append(line.rstrip("\n"))
            arrived = (time.monotonic(), line)
            self.arrivals.append(arrived)
            self.lines.put(arrived)

    def wait_for_line(self, fragment, timeout):
        """Waits until a line containing `fragment` appears on stdout or stderr; returns when
        that line arrived (time.monotonic())."""
        deadline = time.monotonic() + timeout
        for arrived, line in list(self.arrivals):
            if fragment in line:
                return arrived
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Failure(f"{self.name}: no line with {fragment!r} within {timeout} s\n{self.transcript()}")
            try:
                arrived, line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if fragment in line:
                return arrived

    def wait_exit(self, timeout):
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure(f"{self.name}: still running after {timeout} s\n{self.transcript()}")
        for reader in self._readers:
            reader.join(timeout=5)
        return code

    def signal(self, number):
        if self.process.poll() is None:
            self.process.send_signal(number)

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def json(self):
        """The JSON object the program printed last on stdout."""
        for line in reversed(self.stdout):
            if line.startswith("{"):
                return json.loads(line)
        raise Failure(f"{self.name}: no JSON object on stdout\n{self.transcript()}")

    def transcript(self):
        return (f"--- {self.name}: {' '.join(self.argv)}\n" + "\n".join(self.stdout) +
                "\n--- stderr\n" + "\n".join(self.stderr))


class Harness:
    """Starts programs from the build directory and makes sure none outlives the test."""

    def __init__(self, bin_dir, work_dir):
        self.bin_dir = os.path.abspath(bin_dir)
        self.work_dir = os.path.abspath(work_dir)
        self.programs = []
        # Each test has a folder of its own: what an earlier run left there (journals, state
        # folders, copies) would make this run another test, so it starts empty.
        shutil.rmtree(self.work_dir, ignore_errors=True)
        # A program started without --config reads (and saves) the user's setup.ini: here, the
        # test's own configuration folder, for every program this process starts.
        os.environ["XDG_CONFIG_HOME"] = os.path.join(self.work_dir, "config")
        os.makedirs(self.work_dir)

    def start(self, name, program, *args, state="state"):
        """Starts a program whose XDG state folder is WORK_DIR/<state> (its data folder beside
        it): the tests never touch the user's, and two programs given the same `state` are one
        machine's."""
        argv = [os.path.join(self.bin_dir, program), *map(str, args)]
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(self.work_dir, state),
                   XDG_DATA_HOME=os.path.join(self.work_dir, state + "-data"))
        started = Program(name, argv, self.work_dir, env)
        self.programs.append(started)
        return started

    def write_config(self, name, text):
        path = os.path.join(self.work_dir, name)
        with open(path, "w", encoding="utf-8") as config:
            config.write(text)
        return path

    def close(self):
        for program in self.programs:
            program.kill()


def wait_until(condition, what, timeout, *programs):
    """Polls `condition` (a file's size, its absence) until it holds; fails after `timeout`."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise Failure(f"{what}: not within {timeout} s\n" + "\n".join(p.transcript() for p in programs))
        time.sleep(0.05)


def expect(condition, message, *programs):
    if not condition:
        raise Failure(message + "\n" + "\n".join(p.transcript() for p in programs))


MIRROR = {"WIN": "DEFEAT", "DEFEAT": "WIN", "DRAW": "DRAW"}


def expect_mirrored(host, client, games):
    host_report, client_report = host.json(), client.json()
    expect(host_report["role"] == "host" and client_report["role"] == "client",
           f"roles: {host_report['role']} / {client_report['role']}", host, client)
    expect(len(host_report["results"]) == games and len(client_report["results"]) == games,
           f"expected {games} results on each side", host, client)
    mirrored = [MIRROR[result] for result in host_report["results"]]
    expect(mirrored == client_report["results"],
           f"results do not mirror: host {host_report['results']} client {client_report['results']}", host, client)
    return host_report, client_report


def run_named_test(tests, doc, argv):
    """The main of a script of named tests: `script BIN_DIR WORK_DIR TEST_NAME`. Returns the exit
    code: 0 passed, 1 failed, 2 usage, SKIPPED when the test cannot run here."""
    if len(argv) != 4 or argv[3] not in tests:
        print(doc + "\ntests: " + ", ".join(tests), file=sys.stderr)
        return 2
    harness = Harness(argv[1], argv[2])
    started = time.monotonic()
    try:
        tests[argv[3]](harness)
    except Skipped as skipped:
        print(f"SKIPPED {argv[3]}: {skipped}")
        return SKIPPED
    except Failure as failure:
        print(f"FAILED {argv[3]}: {failure}", file=sys.stderr)
        return 1
    finally:
        harness.close()
    print(f"passed {argv[3]} in {time.monotonic() - started:.1f} s")
    return 0


def run_bench(bench, bin_dir, work_dir, **extra):
    """The main of a benchmark: every program it starts runs on one CPU (left to the scheduler, a
    loopback round trip lands on one core or across two from round to round and its figure
    jumps between ~11 and ~60 us: the figures would measure placement, not the programs).
    Returns the exit code: 0, or 1 when `bench(harness)` raised Failure."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    harness = Harness(bin_dir, work_dir)
    for name, value in extra.items():
        setattr(harness, name, value)
    try:
        bench(harness)
    except Failure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        harness.close()
    return 0
