#!/usr/bin/env python3
"""What a paced UDP stream costs its sender: speed-measure --mode stream against iperf3 -u.

Side by side on loopback, the same stream each way: the same rate, datagram size (iperf3 -l),
duration and socket buffers (4 MiB: iperf3 -w 4M; speed-measure asks 4 MiB for its stream
sockets both ways). iperf3's client sends to an iperf3 server, speed-measure to a
speed-measure --serve. The sending process's CPU is user + sys from /usr/bin/time -v. Rounds
alternate the two tools, so that machine load falls on both alike; it prints every run, the
medians and their ratio (speed-measure / iperf3; the goal is at most 1.3) and what left (the
sender's own report of its rate and late datagrams).

Figures only: no timing is asserted. It fails only when a run fails (a non-zero exit, output it
cannot read); it prints SKIP and succeeds when iperf3 or /usr/bin/time is missing.

Usage: stream_vs_iperf3.py SPEED_MEASURE WORK_DIR [ROUNDS [SECONDS [RATES [SIZES]]]]
(RATES and SIZES comma-separated, Mbit/s and bytes; defaults 3 rounds of 5 s at 100,500 Mbit/s
of 1472-byte datagrams)"""
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time

BUFFER = "4M"
GOAL = 1.3


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, \
            socket.socket(socket.AF_INET, socket.SOCK_STREAM) as control:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        control.bind(("127.0.0.1", port))  # iperf3 needs the TCP port too
        return port


def timed(argv, log):
    """Runs argv under /usr/bin/time -v; returns (stdout, user + sys seconds)."""
    result = subprocess.run(["/usr/bin/time", "-v", *argv], capture_output=True, text=True, timeout=600)
    with open(log, "a") as out:
        out.write(" ".join(map(str, argv)) + "\n" + result.stdout + result.stderr + "\n")
    if result.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited {result.returncode}: {result.stderr[-500:]}")
    user = re.search(r"User time \(seconds\): ([0-9.]+)", result.stderr)
    system = re.search(r"System time \(seconds\): ([0-9.]+)", result.stderr)
    if not user or not system:
        raise RuntimeError(f"no CPU times from /usr/bin/time for {argv[0]}")
    return result.stdout, float(user.group(1)) + float(system.group(1))


def iperf3_run(port, rate, size, seconds, log):
    out, cpu = timed(["iperf3", "-c", "127.0.0.1", "-p", str(port), "-u", "-b", f"{rate}M", "-l", str(size), "-t",
                      str(seconds), "-w", BUFFER, "-J"], log)
    end = json.loads(out)["end"]["sum"]
    return cpu, end["bits_per_second"] / 1e6, f"lost {end['lost_percent']:.2f}%"


def speed_run(program, port, rate, size, seconds, log):
    out, cpu = timed([program, f"127.0.0.1:{port}", "--mode", "stream", "--rate", str(rate), "--size", str(size),
                      "--duration", str(seconds), "--json"], log)
    report = json.loads(out)
    up = report["up"]
    return cpu, report["sent_mbps"], f"lost {up['loss_percent']:.2f}%, late {up['late']} of {up['sent']}"


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    program, work = argv[1], argv[2]
    rounds = int(argv[3]) if len(argv) > 3 else 3
    seconds = float(argv[4]) if len(argv) > 4 else 5
    rates = [float(r) for r in (argv[5] if len(argv) > 5 else "100,500").split(",")]
    sizes = [int(s) for s in (argv[6] if len(argv) > 6 else "1472").split(",")]
    if shutil.which("iperf3") is None or not os.access("/usr/bin/time", os.X_OK):
        print("SKIP: needs iperf3 and /usr/bin/time (apt-get install iperf3 time)")
        return 0
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "runs.log")
    iperf_port, speed_port = free_port(), free_port()
    servers = []
    failed = False
    try:
        for server in (["iperf3", "-s", "-p", str(iperf_port)], [program, "--serve", "--port", str(speed_port)]):
            servers.append(subprocess.Popen(server, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(0.5)
        print(f"sender CPU (user + sys) on loopback, {seconds:g} s per run, socket buffers {BUFFER}, {rounds} rounds")
        for size in sizes:
            for rate in rates:
                cpu = {"iperf3": [], "speed-measure": []}
                for round_ in range(rounds):
                    order = ["iperf3", "speed-measure"] if round_ % 2 == 0 else ["speed-measure", "iperf3"]
                    for tool in order:
                        if tool == "iperf3":
                            used, sent, note = iperf3_run(iperf_port, rate, size, seconds, log)
                        else:
                            used, sent, note = speed_run(program, speed_port, rate, size, seconds, log)
                        cpu[tool].append(used)
                        print(f"  {rate:g} Mbit/s x {size} B round {round_ + 1} {tool:13s}: {used:.2f} s CPU "
                              f"({100 * used / seconds:.1f}% of a core), sent {sent:.1f} Mbit/s, {note}", flush=True)
                ours, theirs = statistics.median(cpu["speed-measure"]), statistics.median(cpu["iperf3"])
                ratio = ours / theirs if theirs > 0 else float("inf")
                print(f"{rate:g} Mbit/s x {size} B: median sender CPU speed-measure {ours:.2f} s, iperf3 {theirs:.2f} s"
                      f", ratio {ratio:.2f} (goal <= {GOAL})", flush=True)
    except (OSError, RuntimeError, subprocess.TimeoutExpired, ValueError, KeyError) as error:
        print(f"FAILED: {error}")
        failed = True
    finally:
        for server in servers:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
