#!/usr/bin/env python3
"""Is speed-measure measuring the network or itself? Two checks, figures printed:

1. Its 64-byte back-to-back median RTT on loopback against speed-measure --serve, beside a
   minimal blocking C ping-pong measured in the same run, in two placements: both ends on one
   CPU, and the two ends on two CPUs (skipped on a one-CPU machine). Rounds alternate so that
   machine load hits both alike, and each round's figure is also divided by the C ping-pong's
   measured just before it: a CPU whose speed changes every few hundred milliseconds (a shared
   virtual machine's) moves a pair far less than it moves the medians of all rounds. Beside it, for where the time goes: speed-measure against the
   C ping-pong's own echo loop (the measuring side's share) and against a speed-server host. The
   goal is 1.1x; the test fails only on a clear regression, when in some placement both the
   ratio of the rounds' medians and the best round against the best round pass 1.5 (one slow
   round moves one of them, a slower tool moves both).
2. One-way delays through speed-relay --delay-up 5 --delay-down 15: the reported medians should
   be within 0.5 ms of 5 and 15 ms (goal); the test fails when either is more than 2 ms off
   (say, a path split evenly as 10 and 10).

Usage: measure_vs_pingpong.py BIN_DIR PINGPONG WORK_DIR [ROUNDS [COUNT]]
(BIN_DIR holds speed-server, speed-measure and speed-relay; PINGPONG is the udp-pingpong program)"""
import os
import re
import shutil
import signal
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from netharness import Failure, expect, free_udp_port, run_bench  # noqa: E402

LIMIT = 1.5
GOAL = 1.1
SIZE = 64
UP_MS, DOWN_MS = 5, 15
DELAY_GOAL_MS, DELAY_LIMIT_MS = 0.5, 2.0


def pinned(cpu, program, *args):
    """argv of `program` on CPU `cpu` (taskset), or as it is when cpu is None."""
    return (program, *args) if cpu is None else (shutil.which("taskset"), "-c", cpu, program, *args)


class Bench:
    def __init__(self, h, rounds, count, cpus):
        self.h, self.rounds, self.count, self.cpus = h, rounds, count, cpus

    def start(self, name, cpu, program, *args):
        path = program if os.path.isabs(program) else os.path.join(self.h.bin_dir, program)
        return self.h.start(name, *pinned(cpu, path, *args))

    def pingpong(self, near, far):
        args = (self.count, SIZE, 200) + ((near, far) if far is not None and far != near else ())
        program = self.start("udp-pingpong", near, self.h.pingpong, *args)
        expect(program.wait_exit(60) == 0, "udp-pingpong exit code", program)
        match = re.search(r"median RTT ([0-9.]+) us", program.stdout[-1])
        expect(match is not None, "udp-pingpong output", program)
        return float(match.group(1))

    def measure(self, cpu, port, *extra):
        program = self.start("speed-measure", cpu, "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size",
                             SIZE, "--count", self.count, "--warmup", 200, *extra, "--json")
        expect(program.wait_exit(60) == 0, "speed-measure exit code", program)
        return program.json()

    def placement(self, title, near, far):
        """Both ends on `near` (far None: the same CPU) or the far side on `far`."""
        far_cpu = near if far is None else far
        serve_port, host_port, echo_port = free_udp_port(), free_udp_port(), free_udp_port()
        serve = self.start("reflector", far_cpu, "speed-measure", "--serve", "--port", serve_port)
        serve.wait_for_line("reflecting on UDP port", 10)
        host = self.start("host", far_cpu, "speed-server", "--port", host_port, "--wait", 600, "--level", "max")
        host.wait_for_line("hosting on UDP port", 10)
        echo = self.start("c-echo", far_cpu, self.h.pingpong, "--echo", echo_port, 300)
        echo.wait_for_line("echoing on", 10)
        figures = {"c": [], "serve": [], "c_echo": [], "host": [], "kernel": [], "wakeup": [], "held": []}
        for _ in range(self.rounds):
            figures["c"].append(self.pingpong(near, far))
            report = self.measure(near, serve_port)
            result = report["results"][0]
            expect(result["lost"] == 0, f"lost probes on loopback: {result}")
            figures["serve"].append(result["rtt_us"]["p50"])
            figures["kernel"].append(result.get("kernel_rtt_us", {}).get("p50", 0))
            figures["wakeup"].append(result.get("wakeup_us", {}).get("p50", 0))
            figures["held"].append(report.get("one_way", {}).get("held_us", {}).get("p50", 0))
            figures["c_echo"].append(self.measure(near, echo_port)["results"][0]["rtt_us"]["p50"])
            figures["host"].append(self.measure(near, host_port)["results"][0]["rtt_us"]["p50"])
        for program in (serve, host):
            program.signal(signal.SIGTERM)
            program.wait_exit(15)
        echo.kill()

        def line(label, key):
            values = figures[key]
            return (f"  {label:<44} {statistics.median(values):7.2f} us (rounds: "
                    + ", ".join(f"{v:.2f}" for v in values) + ")")

        c, serve_p50 = statistics.median(figures["c"]), statistics.median(figures["serve"])
        ratio, best = serve_p50 / c, min(figures["serve"]) / min(figures["c"])
        pairs = [serve / pingpong for serve, pingpong in zip(figures["serve"], figures["c"])]
        print(f"{title}: {SIZE}-byte back-to-back median RTT, {self.rounds} rounds of {self.count}")
        print(line("C ping-pong", "c"))
        print(line("speed-measure -> speed-measure --serve", "serve"))
        print(line("  of which the kernel's RTT (SO_TIMESTAMPNS)", "kernel"))
        print(line("  of which this side's wake-up", "wakeup"))
        print(line("  of which the reflector's holding time", "held"))
        print(line("speed-measure -> the C ping-pong's echo", "c_echo"))
        print(line("speed-measure -> speed-server host", "host"))
        print(f"  ratio speed-measure / C ping-pong: {ratio:.2f} over all rounds, {best:.2f} best round against "
              f"best round (goal {GOAL}, limit {LIMIT}); against the host {statistics.median(figures['host']) / c:.2f}")
        print(f"  each round against the C ping-pong just before it: median {statistics.median(pairs):.2f} (rounds: "
              + ", ".join(f"{p:.2f}" for p in pairs) + ")")
        return ratio, best

    def one_way(self):
        port, relay_port = free_udp_port(), free_udp_port()
        # The relay on a CPU of its own when there is one: its timer is part of what is measured.
        relay_cpu = self.cpus[1] if len(self.cpus) > 1 else self.cpus[0]
        serve = self.start("reflector", self.cpus[0], "speed-measure", "--serve", "--port", port)
        serve.wait_for_line("reflecting on UDP port", 10)
        relay = self.start("relay", relay_cpu, "speed-relay", "--listen", relay_port, "--to", f"127.0.0.1:{port}",
                           "--delay-up", UP_MS, "--delay-down", DOWN_MS, "--max-seconds", 120)
        relay.wait_for_line("relaying", 10)
        program = self.start("speed-measure", self.cpus[0], "speed-measure", f"127.0.0.1:{relay_port}", "--mode",
                             "fixed", "--size", 100, "--count", 100, "--warmup", 5, "--json")
        expect(program.wait_exit(60) == 0, "speed-measure through the relay", program)
        one_way = program.json().get("one_way")
        expect(one_way is not None, "no one-way report through the relay", program)
        relay.signal(signal.SIGTERM)
        serve.signal(signal.SIGTERM)
        relay.wait_exit(10)
        serve.wait_exit(10)
        up, down = one_way["up_us"]["p50"] / 1000, one_way["down_us"]["p50"] / 1000
        print(f"one-way delay through speed-relay --delay-up {UP_MS} --delay-down {DOWN_MS} ({one_way['samples']} "
              f"probes, clock {one_way['clock']}, +/- {one_way['epsilon_us']} us):")
        print(f"  up p50 {up:.3f} ms (min {one_way['up_us']['min'] / 1000:.3f}), down p50 {down:.3f} ms (min "
              f"{one_way['down_us']['min'] / 1000:.3f}); off by {up - UP_MS:+.3f} and {down - DOWN_MS:+.3f} ms "
              f"(goal +/- {DELAY_GOAL_MS}, limit +/- {DELAY_LIMIT_MS})")
        return up - UP_MS, down - DOWN_MS


def run(h, rounds, count, cpus):
    bench = Bench(h, rounds, count, cpus)
    failures = []
    placements = [(f"one CPU (both ends on CPU {cpus[0]})", cpus[0], None)]
    if len(cpus) > 1:
        placements.append((f"two CPUs (measuring side on {cpus[0]}, far side on {cpus[1]})", cpus[0], cpus[1]))
    else:
        print("two CPUs: skipped, this machine lets the bench use one CPU only")
    for title, near, far in placements:
        ratio, best = bench.placement(title, near, far)
        if ratio > LIMIT and best > LIMIT:
            failures.append(f"{title}: speed-measure is {ratio:.2f}x the C ping-pong over all rounds and {best:.2f}x "
                            f"best round against best round")
    up_error, down_error = bench.one_way()
    if abs(up_error) > DELAY_LIMIT_MS or abs(down_error) > DELAY_LIMIT_MS:
        failures.append(f"one-way delays off by {up_error:+.3f} / {down_error:+.3f} ms")
    if failures:
        raise Failure("; ".join(failures))


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 9
    count = int(sys.argv[5]) if len(sys.argv) > 5 else 2000
    cpus = sorted(os.sched_getaffinity(0))[:2] if hasattr(os, "sched_getaffinity") else [0]
    if shutil.which("taskset") is None:
        print("taskset not found (util-linux): the programs run where the scheduler puts them", file=sys.stderr)
        cpus = [None]
    return run_bench(lambda h: run(h, rounds, count, cpus), sys.argv[1], sys.argv[3],
                     pingpong=os.path.abspath(sys.argv[2]))


if __name__ == "__main__":
    sys.exit(main())
