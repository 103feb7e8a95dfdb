#!/usr/bin/env python3
"""speed-measure beside irtt and sockperf, run in turn on the same paths, printing one table:
  - loopback, paced: 64-byte probes every 10 ms (speed-measure --interval 10, irtt -i 10ms,
    sockperf ping-pong --mps 100): median and p99 RTT, probes sent, how long the schedule took,
    and the client's CPU time (user + system, from the kernel's accounting of the child);
  - through speed-relay (5 ms up, 15 ms down, 1 ms jitter, 2% loss, 1% reordering, seeded),
    paced the same way: what each tool says of loss up and down, duplicates and reordering,
    beside what the relay counted (each tool has a relay of its own, with the same seed), and
    which way each lost probe was lost as each tool names it probe by probe.
Streams against iperf3 are tests/bench/stream_vs_iperf3.py's. Prints figures only; fails only
when a program fails or a tool is missing (then it says which and skips it).
Usage: compare_tools.py BIN_DIR WORK_DIR [SECONDS]   (default 10: 1,000 probes per run)"""
import json
import os
import resource
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from netharness import Failure, expect, free_udp_port, run_bench  # noqa: E402

INTERVAL_MS = 10
SIZE = 64
RELAY = ["--delay-up", 5, "--delay-down", 15, "--jitter", 1, "--loss", 0.02, "--reorder", 0.01, "--seed", 7]


def timed(argv, timeout):
    """Runs a client to its end: (its stdout, wall seconds, CPU seconds user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=timeout)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise Failure(f"{argv[0]} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, wall, cpu


def speed_measure(h, port, seconds, per_probe):
    count = seconds * 1000 // INTERVAL_MS
    out, wall, cpu = timed([os.path.join(h.bin_dir, "speed-measure"), f"127.0.0.1:{port}", "--mode", "fixed",
                            "--size", SIZE, "--count", count, "--interval", INTERVAL_MS, "--warmup", 0,
                            "--per-probe", per_probe, "--json"], seconds + 60)
    report = json.loads([line for line in out.splitlines() if line.startswith("{")][-1])
    with open(per_probe, encoding="utf-8") as lines:
        probes = [json.loads(line) for line in lines]
    entry = report["results"][0]
    row = {"tool": "speed-measure", "sent": entry["sent"], "received": entry["received"],
           "schedule_s": (probes[-1]["sent_ns"] - probes[0]["sent_ns"]) / 1e9, "wall_s": wall, "cpu_s": cpu,
           "rtt_p50_us": entry["rtt_us"]["p50"], "rtt_p99_us": entry["rtt_us"]["p99"]}
    lost_ways = [probe["lost_way"] for probe in probes if probe["fate"] == "lost"]
    row.update(probe_up=lost_ways.count("up"), probe_down=lost_ways.count("down"),
               probe_unknown=lost_ways.count(None))
    directions = report.get("per_direction")
    if directions and directions["up"]["counted"]:
        row.update(up_lost=directions["up"]["lost"], down_lost=directions["down"]["lost"],
                   dup=directions["up"]["duplicates"] + directions["down"]["duplicates"],
                   reordered=directions["up"]["reordered"] + directions["down"]["reordered"])
    return row


def irtt(h, port, seconds):
    output = os.path.join(h.work_dir, f"irtt-{port}.json")
    _, wall, cpu = timed(["irtt", "client", "-i", f"{INTERVAL_MS}ms", "-d", f"{seconds}s", "-l", SIZE, "-Q",
                          "--wait=1s", "-o", output, f"127.0.0.1:{port}"], seconds + 60)
    with open(output, encoding="utf-8") as report:
        whole = json.load(report)
    stats = whole["stats"]
    sent = stats["packets_sent"]
    sends = [trip["timestamps"]["client"]["send"]["monotonic"] for trip in whole["round_trips"]
             if "send" in trip["timestamps"].get("client", {})]
    rtts = sorted(trip["delay"]["rtt"] for trip in whole["round_trips"] if "rtt" in trip.get("delay", {}))
    # Each round trip's "lost": false, true (way not known), true_up or true_down.
    lost = [str(trip.get("lost")) for trip in whole["round_trips"]]
    return {"tool": "irtt", "sent": sent, "received": stats["packets_received"],
            "schedule_s": (max(sends) - min(sends)) / 1e9 if sends else None,
            "wall_s": wall, "cpu_s": cpu,
            "rtt_p50_us": stats["rtt"]["median"] / 1000,
            "rtt_p99_us": rtts[max(0, -(-99 * len(rtts) // 100) - 1)] / 1000 if rtts else None,
            "up_lost": round(stats["upstream_loss_percent"] * sent / 100),
            "down_lost": round(stats["downstream_loss_percent"] * sent / 100),
            "dup": stats["duplicates"], "reordered": stats["late_packets"],
            "probe_up": lost.count("true_up"), "probe_down": lost.count("true_down"),
            "probe_unknown": lost.count("true")}


def sockperf(h, port, seconds):
    out, wall, cpu = timed(["sockperf", "ping-pong", "-i", "127.0.0.1", "-p", port, "--mps", 1000 // INTERVAL_MS,
                            "-t", seconds, "-m", SIZE], seconds + 60)
    figures = {}
    for line in out.splitlines():
        if "<MAX> observation" in line or "percentile 50.000" in line or "percentile 99.000" in line:
            value = float(line.split("=")[-1].strip())
            figures["p50" if "50.000" in line else "p99" if "99.000" in line else "max"] = value
        if "[Total Run]" in line and "SentMessages" in line:
            figures["sent"] = int(line.split("SentMessages=")[1].split(";")[0])
            figures["received"] = int(line.split("ReceivedMessages=")[1].split(";")[0])
    # sockperf prints half the round trip (its "latency"): doubled here to compare RTTs.
    return {"tool": "sockperf", "sent": figures.get("sent"), "received": figures.get("received"), "schedule_s": None,
            "wall_s": wall, "cpu_s": cpu, "rtt_p50_us": 2 * figures.get("p50", 0), "rtt_p99_us": 2 * figures.get("p99", 0)}


def relay(h, name, target_port):
    port = free_udp_port()
    started = h.start(name, "speed-relay", "--listen", port, "--to", f"127.0.0.1:{target_port}", "--json",
                      "--max-seconds", 600, *RELAY)
    started.wait_for_line("relaying", 10)
    return started, port


def relay_truth(started):
    started.signal(15)
    expect(started.wait_exit(10) == 0, "relay exit code", started)
    counts = started.json()
    return {"up_lost": counts["to_host"]["lost"], "down_lost": counts["to_client"]["lost"],
            "dup": counts["to_host"]["duplicated"] + counts["to_client"]["duplicated"],
            "reordered": counts["to_host"]["reordered"] + counts["to_client"]["reordered"],
            "sent": counts["to_host"]["sent"]}


def show(rows, keys):
    print(" | ".join(f"{k:>12}" for k in keys))
    for row in rows:
        cells = []
        for k in keys:
            value = row.get(k)
            cells.append(f"{value:>12.3f}" if isinstance(value, float) else f"{str(value if value is not None else '-'):>12}")
        print(" | ".join(cells))


def bench(h):
    seconds = h.seconds
    reflector_port = free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", reflector_port)
    reflector.wait_for_line("reflecting on UDP port", 10)
    rows = [speed_measure(h, reflector_port, seconds, os.path.join(h.work_dir, "loopback.jsonl"))]
    irtt_port = sockperf_port = None
    if shutil.which("irtt"):
        irtt_port = free_udp_port()
        h.start("irtt-server", "/usr/bin/irtt", "server", "-b", f"127.0.0.1:{irtt_port}")
        time.sleep(0.5)
        rows.append(irtt(h, irtt_port, seconds))
    else:
        print("SKIP irtt: not installed (apt-get install irtt)")
    if shutil.which("sockperf"):
        sockperf_port = free_udp_port()
        h.start("sockperf-server", "/usr/bin/sockperf", "server", "-i", "127.0.0.1", "-p", sockperf_port)
        time.sleep(0.5)
        rows.append(sockperf(h, sockperf_port, seconds))
    else:
        print("SKIP sockperf: not installed (apt-get install sockperf)")
    print(f"\nloopback, {SIZE}-byte probes every {INTERVAL_MS} ms for {seconds} s "
          f"(RTT in us; CPU: the client's user + system seconds):")
    show(rows, ["tool", "sent", "received", "schedule_s", "wall_s", "cpu_s", "rtt_p50_us", "rtt_p99_us"])

    rows = []
    speed_relay, speed_relay_port = relay(h, "relay-speed", reflector_port)
    row = speed_measure(h, speed_relay_port, seconds, os.path.join(h.work_dir, "relay.jsonl"))
    rows += [row, dict(relay_truth(speed_relay), tool="  (relay)")]
    if irtt_port:
        irtt_relay, irtt_relay_port = relay(h, "relay-irtt", irtt_port)
        rows += [irtt(h, irtt_relay_port, seconds), dict(relay_truth(irtt_relay), tool="  (relay)")]
    print(f"\nthrough speed-relay {' '.join(map(str, RELAY))}; each tool's own relay counts what it did "
          "(its handshake, a report request and the tool's extra datagrams included):")
    show(rows, ["tool", "sent", "received", "schedule_s", "cpu_s", "rtt_p50_us", "up_lost", "down_lost", "dup",
                "reordered"])
    print("\nthe same runs, each lost probe's way as the tool names it probe by probe (speed-measure's "
          "--per-probe lost_way, irtt's round_trips[].lost):")
    show([row for row in rows if "probe_up" in row], ["tool", "probe_up", "probe_down", "probe_unknown"])


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    return run_bench(bench, sys.argv[1], sys.argv[2], seconds=seconds)


if __name__ == "__main__":
    sys.exit(main())
