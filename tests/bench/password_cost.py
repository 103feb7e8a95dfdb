#!/usr/bin/env python3
"""What a password and the match journal cost: on loopback, in the same run, rounds alternate
between a host and a client without a password and without the journal (--no-resume), with a
password, and with the journal (docs/NETWORK.md, "Coming back"), and report
  - speed-measure's 64-byte back-to-back median RTT against the waiting host, and
  - a real game's move-confirm time (the client bot's proposal to the host's OK or NG, p50),
each side by side with the ratio. A password changes the session keys, not the work per
datagram (every session datagram carries a tag either way), so the ratio is about 1. Probes
carry no tag at all: their ratio shows the run's noise. The test fails only when the move-confirm
ratio passes 2, which would mean per-datagram work crept in (one Argon2id per datagram would
make it a thousand). The journal's row is for the figures: every revision is committed to disk
(an fsync) before the host's answer leaves, so it costs what the disk's fsync costs.
Usage: password_cost.py BIN_DIR WORK_DIR [ROUNDS [PROBES]]   (defaults 3 and 1000)"""
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from netharness import Failure, expect, free_udp_port, run_bench  # noqa: E402

LIMIT = 2.0
SIZE = 64


def config(h, name, port, password):
    path = h.write_config(name, f"[network]\nport = {port}\nwait = 60\npassword = {password}\n[cpu]\nlevel = max\n")
    os.chmod(path, 0o600)
    return path


def one_round(h, label, password, journal, probes):
    port = free_udp_port()
    host_ini, client_ini = config(h, f"host-{label}.ini", port, password), config(h, f"client-{label}.ini", port, password)
    keep = [] if journal else ["--no-resume"]
    host = h.start(f"host-{label}", "speed-server", "--config", host_ini, "--games", 1, "--json", "--seed", 5, *keep,
                   state=f"host-{label}")
    host.wait_for_line("hosting on UDP port", 20)
    measure = h.start("speed-measure", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", SIZE,
                      "--count", probes, "--warmup", 100, "--json")
    expect(measure.wait_exit(60) == 0, "speed-measure exit code", measure)
    result = measure.json()["results"][0]
    expect(result["lost"] == 0, f"lost probes on loopback: {result}", measure)
    client = h.start(f"client-{label}", "speed-server", "--config", client_ini, "--join", f"127.0.0.1:{port}",
                     "--games", 1, "--json", "--seed", 6, *keep, state=f"client-{label}")
    expect(client.wait_exit(90) == 0, "client exit code", client)
    expect(host.wait_exit(30) == 0, "host exit code", host)
    confirm = client.json()["move_confirm_ms"]
    expect(confirm["count"] > 0, "the client timed no proposal", client)
    return result["rtt_us"]["p50"], confirm["p50"], confirm["count"]


def run(h, rounds, probes):
    figures = {"none": [], "password": [], "journal": []}
    for n in range(rounds):
        order = [("none", "", False), ("password", "kiwi fruit", False), ("journal", "", True)]
        for label, password, journal in order if n % 2 == 0 else reversed(order):  # ABBA: a drift hits all alike
            figures[label].append(one_round(h, label, password, journal, probes))
    summary = {}
    for label, rows in figures.items():
        rtt = statistics.median(r[0] for r in rows)
        confirm = statistics.median(r[1] for r in rows)
        moves = sum(r[2] for r in rows)
        summary[label] = (rtt, confirm)
        print(f"{label:9} 64-byte probe median RTT {rtt:7.1f} us; game move confirmed p50 {confirm * 1000:7.1f} us "
              f"({moves} proposals in {rounds} games; rounds: " + ", ".join(f"{r[1] * 1000:.1f}" for r in rows) + ")")
    rtt_ratio = summary["password"][0] / summary["none"][0]
    confirm_ratio = summary["password"][1] / summary["none"][1]
    print(f"ratio with / without a password: move confirm {confirm_ratio:.2f} (limit {LIMIT}); "
          f"probe RTT {rtt_ratio:.2f} (no tag either way: the noise of this run)")
    journal_us = (summary["journal"][1] - summary["none"][1]) * 1000
    print(f"the journal adds {journal_us:.0f} us to a move's confirmation at p50 "
          f"(ratio {summary['journal'][1] / summary['none'][1]:.1f}: one commit to disk per revision)")
    if confirm_ratio > LIMIT:
        raise Failure(f"with a password a move takes {confirm_ratio:.2f}x as long to be confirmed")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    probes = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    return run_bench(lambda h: run(h, rounds, probes), sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())
