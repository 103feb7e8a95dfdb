#!/usr/bin/env python3
"""How fast `speed-server --simulate` plays on one core, at the README's hostile settings: each
run is pinned to one CPU (taskset, when there is one) and its CPU time is the child's user and
system time, so a shared machine's load moves the wall clock more than the figure. Prints, per
run and as the median, the CPU seconds, the games per CPU second and the wall clock's games per
second. With OTHER_BINARY it also runs that binary on the same games and says whether their
results are the same (the JSON without `seconds` and `games_per_second`): a faster simulator
must play the very same games. Prints figures only; fails only when a run fails or, with
OTHER_BINARY, when the results differ.
Usage: sim_speed.py SPEED_SERVER [GAMES [RUNS [OTHER_BINARY]]]   (defaults 5000 and 3)"""
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HOSTILE = ["--seed", "1", "--loss", "0.2", "--dup", "0.05", "--reorder", "0.1", "--corrupt", "0.02",
           "--delay", "30", "--jitter", "20", "--json"]
CPU = "1"  # the second core: the first takes the machine's interrupts


def command(binary, games):
    pinned = ["taskset", "-c", CPU] if shutil.which("taskset") and os.cpu_count() and os.cpu_count() > 1 else []
    return pinned + [binary, "--simulate", str(games)] + HOSTILE


def results(stdout):
    """The JSON report without the two figures of speed."""
    line = next(line for line in stdout.splitlines() if line.startswith("{"))
    report = json.loads(line)
    report.pop("seconds", None)
    report.pop("games_per_second", None)
    return report


def run(binary, games):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(command(binary, games), capture_output=True, text=True, check=False)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{binary} failed ({done.returncode}): {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, results(done.stdout)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    other = sys.argv[4] if len(sys.argv) > 4 else None
    print(" ".join(command(binary, games)))
    cpus = []
    report = None
    for index in range(runs):
        cpu, wall, report = run(binary, games)
        cpus.append(cpu)
        print(f"run {index + 1}: {cpu:.2f} s CPU, {games / cpu:,.0f} games per CPU second "
              f"({games / wall:,.0f} games/s on the wall clock)")
    median = statistics.median(cpus)
    print(f"median: {median:.2f} s CPU, {games / median:,.0f} games per CPU second over {runs} run(s)")
    if other:
        cpu, _, theirs = run(other, games)
        same = theirs == report
        print(f"{other}: {cpu:.2f} s CPU, {games / cpu:,.0f} games per CPU second; "
              f"results {'the same' if same else 'DIFFERENT'}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
