"""Helpers for the integration tests: real processes on 127.0.0.1 only, every wait bounded.

Nothing here sleeps to let time pass: tests wait for a line of output or for a process to exit,
each with its own deadline.
"""
import json
import os
import queue
import socket
import subprocess
import threading
import time


class Failure(Exception):
    pass


def free_udp_port():
    """A UDP port that was free on 127.0.0.1 a moment ago (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Program:
    """A running program whose stdout and stderr lines are collected as they come."""

    def __init__(self, name, argv, cwd):
        self.name = name
        self.argv = argv
        self.lines = queue.Queue()
        self.stdout = []
        self.stderr = []
        self.process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1)
        self._readers = [threading.Thread(target=self._read, args=(self.process.stdout, self.stdout), daemon=True),
                         threading.Thread(target=self._read, args=(self.process.stderr, self.stderr), daemon=True)]
        for reader in self._readers:
            reader.start()

    def _read(self, stream, sink):
        for line in stream:
            sink.append(line.rstrip("\n"))
            self.lines.put(line)

    def wait_for_line(self, fragment, timeout):
        """Waits until a line containing `fragment` appears on stdout or stderr."""
        deadline = time.monotonic() + timeout
        seen = self.stdout + self.stderr
        if any(fragment in line for line in seen):
            return
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Failure(f"{self.name}: no line with {fragment!r} within {timeout} s\n{self.transcript()}")
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if fragment in line:
                return

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
        os.makedirs(work_dir, exist_ok=True)

    def start(self, name, program, *args):
        argv = [os.path.join(self.bin_dir, program), *map(str, args)]
        started = Program(name, argv, self.work_dir)
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
