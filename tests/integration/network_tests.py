#!/usr/bin/env python3
"""Integration tests of speed-server, speed-measure and speed-relay as real processes on
127.0.0.1. Usage: network_tests.py BIN_DIR WORK_DIR TEST_NAME (see TESTS below)."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import zlib

from netharness import Failure, Skipped, expect, expect_mirrored, free_udp_port, run_named_test

BOT = ["--level", "max"]


def host_join_three_games(h):
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--games", 3, "--json", "--seed", 7, *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start("client", "speed-server", "--join", f"127.0.0.1:{port}", "--games", 3, "--json", *BOT)
    expect(client.wait_exit(90) == 0, "client exit code", client)
    expect(host.wait_exit(30) == 0, "host exit code", host)
    expect_mirrored(host, client, 3)
    host.wait_for_line("seed 7 for the deals it hosts", 1)  # the seed given


def seed_of(program):
    """The seed a network-mode speed-server says it deals from."""
    for line in program.stdout + program.stderr:
        found = re.search(r"seed (\d+) for the deals it hosts", line)
        if found:
            return int(found.group(1))
    raise Failure(f"{program.name}: no seed line\n{program.transcript()}")


def peer_config(h, name, port, wait=20):
    return h.write_config(name, f"[network]\npeer = 127.0.0.1\nport = {port}\nwait = {wait}\n[cpu]\nlevel = max\n")


def fallback_one_after_the_other(h):
    port = free_udp_port()
    config = peer_config(h, "fallback.ini", port)
    first = h.start("first", "speed-server", "--config", config, "--games", 1, "--json")
    first.wait_for_line("hosting on UDP port", 15)  # no host answered: it became the host
    second = h.start("second", "speed-server", "--config", config, "--games", 1, "--json")
    expect(second.wait_exit(60) == 0, "second exit code", second)
    expect(first.wait_exit(30) == 0, "first exit code", first)
    expect_mirrored(first, second, 1)
    # Without --seed each run deals from a fresh seed, not the same first game every match.
    expect(seed_of(first) != seed_of(second), "a fresh seed for each run", first, second)


def udp_sockets_on(port):
    """Who holds a UDP port, for a failure message (ss from iproute2, when present)."""
    try:
        listing = subprocess.run(["ss", "-uanp"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return "(ss not available)"
    return "\n".join(line for line in listing.splitlines() if f":{port} " in line) or f"nothing on UDP {port}"


def simultaneous_start_trials(h, trials=None):
    """Both start at the same instant with the same setup.ini: exactly one hosts, every time.
    Each trial ends with SIGTERM to the host, which must reach the client. 20 trials (5 under the
    sanitizers, where the race is the same and each trial takes twice as long)."""
    if trials is None:
        trials = 5 if os.environ.get("SPEED_SANITIZED") else 20
    for trial in range(trials):
        port = free_udp_port()
        config = peer_config(h, f"same-{trial}.ini", port, wait=15)
        pair = [h.start(f"trial {trial} {side}", "speed-server", "--config", config, "--json")
                for side in ("a", "b")]
        for program in pair:
            try:
                program.wait_for_line("connected to", 20)
            except Failure as failure:
                raise Failure(f"{failure}\n{pair[1 - pair.index(program)].transcript()}\n{udp_sockets_on(port)}")
        hosts = [p for p in pair if any(" as host" in line for line in p.stdout)]
        expect(len(hosts) == 1, f"trial {trial}: {len(hosts)} hosts", *pair)
        host = hosts[0]
        client = pair[1] if host is pair[0] else pair[0]
        host.signal(signal.SIGTERM)
        expect(host.wait_exit(15) == 0, f"trial {trial}: host exit code after SIGTERM", host)
        expect(client.wait_exit(15) == 0, f"trial {trial}: client exit code", client)
        expect(host.json()["role"] == "host" and client.json()["role"] == "client", "roles", host, client)
        expect(any("the other side ended the session" in line for line in client.stdout),
               f"trial {trial}: the client did not report the shutdown", client)
    print(f"{trials} simultaneous starts: exactly one host each time")


def sigint_ends_both_sides(h):
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--json", *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start("client", "speed-server", "--join", f"127.0.0.1:{port}", "--json", *BOT)
    client.wait_for_line("connected to", 15)
    client.signal(signal.SIGINT)
    expect(client.wait_exit(15) == 0, "client exit code after SIGINT", client)
    expect(host.wait_exit(20) == 0, "host exit code", host)
    expect(client.json()["interrupted"] is True, "client report", client)
    expect(any("the other side ended the session" in line and "interrupted" in line for line in host.stdout),
           "the host did not report the shutdown", host)


def join_without_host_gives_up(h):
    port = free_udp_port()
    started = time.monotonic()
    client = h.start("client", "speed-server", "--join", f"127.0.0.1:{port}", "--wait", 2, "--json", *BOT)
    code = client.wait_exit(20)
    elapsed = time.monotonic() - started
    expect(code == 1, f"exit code {code}", client)
    # It waited its 2 s (a loaded machine only makes that longer); that it did not wait much
    # longer is the exit within the ceiling above, well short of the 30 s a default wait takes.
    expect(elapsed >= 1.9, f"gave up after {elapsed:.1f} s, expected about 2", client)
    print(f"gave up after {elapsed:.1f} s")
    expect(any(f"no host answered at 127.0.0.1:{port} within 2 s" in line for line in client.stderr),
           "message", client)


def host_without_client_gives_up(h):
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--wait", 1, *BOT)
    expect(host.wait_exit(20) == 1, "exit code", host)
    expect(any("no other player joined" in line for line in host.stderr), "message", host)


def port_in_use_is_reported(h):
    port = free_udp_port()
    first = h.start("first", "speed-server", "--port", port, "--wait", 30, *BOT)
    first.wait_for_line("hosting on UDP port", 10)
    second = h.start("second", "speed-server", "--port", port, *BOT)
    expect(second.wait_exit(20) == 1, "exit code", second)
    expect(any(f"UDP port {port} is already in use" in line for line in second.stderr), "message", second)
    first.signal(signal.SIGTERM)
    expect(first.wait_exit(15) == 0, "first exit code after SIGTERM", first)


def bad_setup_ini_stops(h):
    config = h.write_config("bad.ini", "[network]\npeer = 127.0.0.1\nport = 70000\n")
    program = h.start("server", "speed-server", "--config", config)
    expect(program.wait_exit(10) == 2, "exit code", program)
    expect(any(f"{config}:3: [network] port: expected a port number 1..65535" in line for line in program.stderr),
           "message", program)


def relay_ten_games_under_faults(h):
    host_port, relay_port = free_udp_port(), free_udp_port()
    relay = h.start("relay", "speed-relay", "--listen", relay_port, "--to", f"127.0.0.1:{host_port}",
                    "--loss", 0.2, "--dup", 0.05, "--corrupt", 0.02, "--delay", 10, "--jitter", 20,
                    "--seed", 11, "--json", "--max-seconds", 400)
    relay.wait_for_line("relaying", 10)
    host = h.start("host", "speed-server", "--port", host_port, "--games", 10, "--json", "--seed", 5, *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start("client", "speed-server", "--join", f"127.0.0.1:{relay_port}", "--games", 10, "--json", *BOT)
    expect(client.wait_exit(360) == 0, "client exit code", client)
    expect(host.wait_exit(60) == 0, "host exit code", host)
    relay.signal(signal.SIGTERM)
    relay.wait_exit(15)
    host_report, client_report = expect_mirrored(host, client, 10)
    print("relay:", relay.json())
    print("host:", host_report)
    print("client:", client_report)


def measure_against_host(h):
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--wait", 60, *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{port}", "--mode", "pow2", "--max-exp", 11,
                      "--count", 3, "--warmup", 5, "--json")
    expect(measure.wait_exit(60) == 0, "speed-measure exit code", measure)
    report = measure.json()
    sizes = [entry["size"] for entry in report["results"]]
    expect(sizes == [2 ** e for e in range(12)], f"sizes {sizes}", measure)
    for entry in report["results"]:
        expect(entry["sent"] == 3 and entry["lost"] == 0 and entry["received"] == 3, f"entry {entry}", measure)
        rtt = entry["rtt_us"]
        expect(0 < rtt["min"] <= rtt["p50"] <= rtt["p99"] <= rtt["p99.9"] <= rtt["max"], f"rtt order {rtt}", measure)
        expect(entry["throughput_mbps"] > 0 and "jitter_us" in entry, f"entry {entry}", measure)
    expect(any("2048-byte probes exceed 1472 bytes" in line for line in measure.stderr), "frame note", measure)
    expect(any("warm-up: 5 probes" in line for line in measure.stderr), "warm-up note", measure)
    # A host stamps every probe's echo: a probe asking for stamps is sent large enough for them.
    stamped = {entry["size"]: entry["stamped"] for entry in report["results"]}
    expect(all(count == 3 for count in stamped.values()), f"{stamped}", measure)
    wire = {entry["size"]: entry["wire_bytes"] for entry in report["results"]}
    expect(all(wire[size] >= size for size in wire) and wire[1] == wire[2] > 2, f"wire bytes {wire}", measure)
    expect(report.get("one_way", {}).get("clock") == "same", f"one way {report.get('one_way')}", measure)
    # The kernel's receive time comes before the program's; a pow2 run fits a line.
    for entry in report["results"]:
        kernel, wakeup = entry.get("kernel_rtt_us"), entry.get("wakeup_us")
        expect(kernel is not None and 0 < kernel["p50"] <= entry["rtt_us"]["max"] and wakeup["p50"] >= 0,
               f"kernel timestamps {entry}", measure)
        expect(entry["rtt_from_intended_us"]["max"] == entry["rtt_us"]["max"], f"back to back {entry}", measure)
    fit = report.get("fit")
    expect(fit is not None and fit["points"] == 12 and 0 <= fit["r2"] <= 1, f"fit {fit}", measure)
    paced = h.start("paced", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 100, "--count", 20,
                    "--warmup", 0, "--interval", 2, "--json")
    expect(paced.wait_exit(30) == 0, "paced exit code", paced)
    entry = paced.json()["results"][0]
    expect(entry["rtt_from_intended_us"]["p50"] >= entry["rtt_us"]["p50"], f"from intended {entry}", paced)
    fixed = h.start("fixed", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 65507,
                    "--count", 2, "--warmup", 0, "--csv")
    expect(fixed.wait_exit(30) == 0, "fixed exit code", fixed)
    expect(fixed.stdout[1].startswith("65507,65507,2,2,0,"), "csv row", fixed)
    host.signal(signal.SIGTERM)
    expect(host.wait_exit(15) == 0, "host exit code after SIGTERM", host)


def ipv6_loopback_join_and_measure(h):
    """The host's dual-stack socket takes an IPv6 client and IPv6 probes (skipped without ::1)."""
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as probe:
            probe.bind(("::1", 0))
    except OSError:
        raise Skipped("no IPv6 loopback here")
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--games", 1, "--json", *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    measure = h.start("measure", "speed-measure", f"[::1]:{port}", "--mode", "fixed", "--size", 64,
                      "--count", 20, "--json")
    expect(measure.wait_exit(30) == 0, "speed-measure exit code", measure)
    expect(measure.json()["results"][0]["received"] == 20, "echoes over IPv6", measure)
    client = h.start("client", "speed-server", "--join", f"[::1]:{port}", "--games", 1, "--json", *BOT)
    expect(client.wait_exit(60) == 0, "client exit code", client)
    expect(host.wait_exit(30) == 0, "host exit code", host)
    expect_mirrored(host, client, 1)
    expect(client.json()["peer_address"] == f"[::1]:{port}", "the client's peer is IPv6", client)


def measure_without_host_fails_clearly(h):
    port = free_udp_port()
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64,
                      "--count", 2, "--warmup", 1, "--timeout", 200)
    expect(measure.wait_exit(20) == 1, "exit code", measure)
    expect(any("no echo from 127.0.0.1" in line for line in measure.stderr), "message", measure)


class PlainEcho:
    """A UDP echo service as any machine may run one (RFC 862): every datagram back unchanged,
    until closed or `seconds` pass."""

    def __init__(self, seconds=60):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.until = time.monotonic() + seconds
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while time.monotonic() < self.until:
            try:
                data, peer = self.sock.recvfrom(65536)
            except socket.timeout:
                continue
            except OSError:
                return
            self.sock.sendto(data, peer)

    def close(self):
        self.until = 0
        self.thread.join(timeout=5)
        self.sock.close()


def measure_against_plain_echo(h):
    """Any UDP echo peer will do: the probes come back unchanged and are timed at once."""
    echo = PlainEcho()
    try:
        started = time.monotonic()
        measure = h.start("measure", "speed-measure", f"127.0.0.1:{echo.port}", "--mode", "fixed", "--size", 64,
                          "--count", 200, "--warmup", 5, "--json")
        expect(measure.wait_exit(30) == 0, "speed-measure exit code", measure)
        report = measure.json()
        expect(report["reflector"] == "plain_echo", f"reflector {report['reflector']}", measure)
        expect("one_way" not in report and report["results"][0]["stamped"] == 0, "no stamps from a plain echo",
               measure)
        expect(report["results"][0]["received"] == 200 and report["results"][0]["lost"] == 0,
               f"results {report['results']}", measure)
        # Each echo was taken as its probe's answer (none counted lost, as a probe that waited out
        # its timeout would be); how long the run took is only printed.
        print(f"200 probes against a plain echo in {time.monotonic() - started:.1f} s")
    finally:
        echo.close()


def measure_against_reflector(h):
    """speed-measure --serve answers probes with ECHO and anything else unchanged (an empty
    datagram too), and answers neither an ECHO nor its own answer sent straight back (two
    reflectors cannot bounce). SIGINT ends it while it waits."""
    port = free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port)
    reflector.wait_for_line("reflecting on UDP port", 10)
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64,
                      "--count", 100, "--json")
    expect(measure.wait_exit(30) == 0, "speed-measure exit code", measure)
    report = measure.json()
    expect(report["reflector"] == "speed_echo", "reflector", measure)
    # Stamped echoes from this very machine: one clock, exact one-way delays, each below the RTT.
    one_way = report.get("one_way")
    expect(one_way is not None and one_way["clock"] == "same" and one_way["epsilon_us"] == 0, f"{one_way}", measure)
    expect(one_way["samples"] == 100 and report["results"][0]["stamped"] == 100, f"{one_way}", measure)
    rtt = report["results"][0]["rtt_us"]
    expect(0 < one_way["up_us"]["min"] and 0 < one_way["down_us"]["min"], f"{one_way}", measure)
    expect(one_way["up_us"]["min"] + one_way["down_us"]["min"] <= rtt["p50"], f"{one_way} {rtt}", measure)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as client:
        client.settimeout(1.0)
        client.sendto(b"hello, anyone there?", ("127.0.0.1", port))
        answer, _ = client.recvfrom(65536)
        expect(answer == b"hello, anyone there?", f"answer {answer!r}", reflector)
        client.sendto(answer, ("127.0.0.1", port))  # its own answer, straight back: a bounce
        line = "ECHO 1 2 3 xxxx"
        client.sendto(f"{line} #{zlib.crc32(line.encode()) & 0xFFFFFFFF:08x}".encode(), ("127.0.0.1", port))
        client.settimeout(0.5)
        try:
            bounced, _ = client.recvfrom(65536)
            raise Failure(f"the reflector answered a bounce: {bounced!r}")
        except socket.timeout:
            pass
        client.settimeout(1.0)
        client.sendto(b"", ("127.0.0.1", port))  # an empty datagram is a datagram: it comes back too
        empty, _ = client.recvfrom(65536)
        expect(empty == b"", f"answer to an empty datagram {empty!r}", reflector)
    reflector.signal(signal.SIGINT)
    expect(reflector.wait_exit(10) == 0, "reflector exit code", reflector)
    expect(any("not answered" in line for line in reflector.stdout), "the reflector's summary", reflector)


def stream_json(h, name, target, *args, timeout=30):
    measure = h.start(name, "speed-measure", target, "--mode", "stream", *args, "--json")
    expect(measure.wait_exit(timeout) == 0, f"{name} exit code", measure)
    return measure, measure.json()


def measure_stream_against_reflector(h):
    """--mode stream against speed-measure --serve: the far side counts the stream one way and
    reports; with --bidir it streams back at the same rate, and both directions are counted."""
    port = free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port)
    reflector.wait_for_line("reflecting on UDP port", 10)
    # 2 Mbit/s of 500 bytes for 2 s: the first progress line falls due a second into the sending,
    # which lasts at least its 2 s (a descheduled sender's schedule slips, it never hurries).
    measure, report = stream_json(h, "stream", f"127.0.0.1:{port}", "--rate", 2, "--duration", 2, "--size", 500)
    up = report["up"]
    expect(report["counting"] == "one_way" and report["report_received"], f"report {report}", measure)
    expect(up["sent"] == 1000 and up["counted"], f"up {up}", measure)
    # Loopback loses only what a descheduled reflector's socket could not hold: what is checked
    # is the counting (every datagram received or lost, each once), with most of them through.
    expect(up["received"] + up["lost"] == up["sent"] and up["received"] >= up["sent"] // 2, f"up {up}", measure)
    expect(up["duplicates"] == 0 and up["bytes"] == 500 * up["received"], f"up {up}", measure)
    # Goodput is the distinct bytes over the sending time, the same time the sent rate is over: the
    # sent rate times the share received, never above the 2 Mbit/s asked for. A sender that never
    # slipped sent at about the rate asked for.
    expect(abs(up["goodput_mbps"] - report["sent_mbps"] * up["received"] / up["sent"]) <= 0.02
           and up["goodput_mbps"] <= 2.05 and up["jitter_us"] >= 0,
           f"goodput {up} sent {report['sent_mbps']}", measure)
    expect(up["slipped_ms"] > 0 or report["sent_mbps"] > 1.5, f"sent {report['sent_mbps']} {up}", measure)
    print(f"stream: sent {report['sent_mbps']} Mbit/s over {report.get('sending_s')} s, goodput "
          f"{up['goodput_mbps']} Mbit/s, {up['lost']} lost, slipped {up['slipped_ms']} ms")
    expect("down" not in report, "no stream back without --bidir", measure)
    # A progress line each second of sending, labelled with when it was printed (a descheduled
    # sender prints it late, so neither the label nor how many lines came is checked).
    expect(any(re.match(r"^\[\s*\d+\.\d s\] sent \d+ \(", line) for line in measure.stderr),
           "a progress line while sending", measure)

    measure, report = stream_json(h, "bidir", f"127.0.0.1:{port}", "--rate", 2, "--duration", 1, "--size", 250,
                                  "--bidir")
    down = report.get("down")
    expect(down is not None and down["counted"] and down["sent"] == 1000, f"down {down}", measure)
    expect(down["received"] + down["lost"] == down["sent"] and down["received"] >= down["sent"] // 2, f"down {down}",
           measure)
    expect(report["up"]["received"] >= report["up"]["sent"] // 2, f"up {report['up']}", measure)

    # Past the old 1000 Mbit/s cap: the reflector grants 2000 Mbit/s, and 0.1 s of it is 16,983
    # datagrams. A machine that cannot send that fast sends what it can and stops about on time
    # (within a second): what left is counted either way.
    measure, report = stream_json(h, "fast", f"127.0.0.1:{port}", "--rate", 2000, "--duration", 0.1)
    up = report["up"]
    expect(report["granted"]["rate_mbps"] == 2000, f"granted {report['granted']}", measure)
    expect(report["planned"] == 16983 and 0 < up["sent"] <= 16983 and up["received"] + up["lost"] == up["sent"],
           f"up {up}", measure)
    expect(report["stopped_short"] == (up["sent"] < 16983), f"stopped short {report}", measure)

    table = h.start("table", "speed-measure", f"127.0.0.1:{port}", "--mode", "stream", "--rate", 1, "--duration",
                    0.2, "--size", 200)
    expect(table.wait_exit(30) == 0, "table exit code", table)
    expect(any("counted by the far side (one way)" in line for line in table.stdout), "table", table)
    csv = h.start("csv", "speed-measure", f"127.0.0.1:{port}", "--mode", "stream", "--rate", 1, "--duration", 0.2,
                  "--size", 200, "--csv")
    expect(csv.wait_exit(30) == 0, "csv exit code", csv)
    expect(csv.stdout[0].startswith("direction,counted,sent,late") and csv.stdout[1].startswith("up,1,125,"),
           "csv", csv)
    reflector.signal(signal.SIGINT)
    expect(reflector.wait_exit(10) == 0, "reflector exit code", reflector)
    expect(any("streams," in line for line in reflector.stdout), "the reflector's summary", reflector)


def measure_stream_round_trip(h):
    """Against a plain echo and against a speed host the stream comes back and is counted round
    trip, and the report says so."""
    echo = PlainEcho()
    try:
        measure, report = stream_json(h, "plain", f"127.0.0.1:{echo.port}", "--rate", 1, "--duration", 0.5, "--size",
                                      500)
        expect(report["counting"] == "round_trip" and report["reflector"] == "plain_echo", f"report {report}", measure)
        expect(report["up"]["sent"] == 125 and report["up"]["received"] >= 120, f"up {report['up']}", measure)
        expect(0 < report["rtt_us"]["p50"] <= report["rtt_us"]["max"], f"rtt {report['rtt_us']}", measure)
    finally:
        echo.close()
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--wait", 60)
    host.wait_for_line("hosting on UDP port", 10)
    measure, report = stream_json(h, "host", f"127.0.0.1:{port}", "--rate", 1, "--duration", 0.5, "--size", 500,
                                  "--bidir")
    expect(report["counting"] == "round_trip" and report["reflector"] == "speed_echo", f"report {report}", measure)
    expect(report["up"]["received"] >= 120, f"up {report['up']}", measure)
    expect(any("--bidir needs a speed-measure --serve" in line for line in measure.stderr), "bidir note", measure)


def measure_stream_bad_input(h):
    """Bounded: out-of-range rate, duration and size, stream flags without stream mode, and
    nothing listening all fail with a clear message."""
    cases = [(["--mode", "stream", "--rate", 100001], "--rate must be 0.01..100000"),
             (["--mode", "stream", "--duration", 86401], "--duration must be more than 0 and at most 86400"),
             (["--mode", "stream", "--size", 20], "--size must be"),
             (["--mode", "stream", "--rate", 1000, "--duration", 86400], "at most 4294967295"),
             (["--mode", "fixed", "--rate", 5], "belong to --mode stream"),
             (["--mode", "stream", "--rate", "fast"], "--rate")]
    for args, message in cases:
        program = h.start("bad", "speed-measure", "127.0.0.1:9", *args)
        expect(program.wait_exit(10) not in (0, 1, None), f"exit code for {args}", program)
        expect(any(message in line for line in program.stderr), f"message for {args}", program)
    port = free_udp_port()
    program = h.start("nothing", "speed-measure", f"127.0.0.1:{port}", "--mode", "stream", "--timeout", 100)
    expect(program.wait_exit(10) == 1, "exit code against nothing", program)
    expect(any("nothing listens on that port" in line or "no answer" in line for line in program.stderr),
           "message against nothing", program)


def reflector_stream_never_amplifies(h):
    """A stream opened with --bidir from a forged address gets nothing back but the grant (no
    larger than the request): the stream back spends only the bytes that stream brought in."""
    port = free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port)
    reflector.wait_for_line("reflecting on UDP port", 10)

    def datagram(line):
        return f"{line} #{zlib.crc32(line.encode()) & 0xFFFFFFFF:08x}".encode()

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as client:
        client.settimeout(1.0)
        # O: stream 1, 5000 Mbit/s (in kbit/s), 2 hours, 1472-byte datagrams, with a stream back:
        # granted as asked (within 100,000 Mbit/s and a day), and still bounded by what comes in.
        form = "O" + f"{1:08x}{5000000:08x}{7200000:08x}{1472:04x}1"
        request = datagram(f"PROBE 1 1 1 {form}" + "x" * 40)
        client.sendto(request, ("127.0.0.1", port))
        grant, _ = client.recvfrom(65536)
        expect(len(grant) <= len(request) and b" A00000001" in grant, f"grant {grant!r}", reflector)
        expect(("A" + form[1:]).encode() in grant, f"grant as asked {grant!r}", reflector)
        # One stream datagram in: at most its own bytes back, however long we listen.
        data = datagram("PROBE 2 2 2 D" + f"{1:08x}{0:08x}{12345:016x}" + "x" * 100)
        client.sendto(data, ("127.0.0.1", port))
        client.settimeout(0.5)
        back = 0
        try:
            while back <= 10 * len(data):
                back += len(client.recvfrom(65536)[0])
        except socket.timeout:
            pass
        expect(back <= len(data), f"{back} bytes back for {len(data)} in", reflector)
    reflector.signal(signal.SIGINT)
    expect(reflector.wait_exit(10) == 0, "reflector exit code", reflector)


def measure_one_way_through_asymmetric_relay(h):
    """speed-relay --delay-up 5 --delay-down 15 between speed-measure and --serve: one machine,
    one clock, so the one-way delays come out as the relay made them, not split evenly."""
    port, relay_port = free_udp_port(), free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port)
    reflector.wait_for_line("reflecting on UDP port", 10)
    relay = h.start("relay", "speed-relay", "--listen", relay_port, "--to", f"127.0.0.1:{port}", "--delay-up", 5,
                    "--delay-down", 15, "--max-seconds", 60)
    relay.wait_for_line("relaying", 10)
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{relay_port}", "--mode", "fixed", "--size", 100,
                      "--count", 50, "--warmup", 2, "--json")
    expect(measure.wait_exit(30) == 0, "speed-measure exit code", measure)
    one_way = measure.json()["one_way"]
    up, down = one_way["up_us"], one_way["down_us"]
    expect(one_way["clock"] == "same" and one_way["samples"] == 50, f"one way {one_way}", measure)
    # Never sooner than the relay holds a datagram, and the way back the slower by about the 10 ms
    # more it is held there (a split of the round trip in halves would make them equal). How far
    # above the relay's delays the medians lie depends on the machine's load: printed, and
    # measured by `make bench` (tests/bench/measure_vs_pingpong.py).
    expect(5000 <= up["min"] and 15000 <= down["min"], f"up {up} down {down}", measure)
    expect(down["p50"] - up["p50"] > 5000, f"up {up} down {down}", measure)
    print(f"one way: up median {up['p50']} us (relay 5000), down median {down['p50']} us (relay 15000)")
    relay.signal(signal.SIGTERM)
    relay.wait_exit(10)


def start_reflector_and_relay(h, *relay_args):
    """speed-measure --serve behind a speed-relay with these faults: returns (relay, its port)."""
    port, relay_port = free_udp_port(), free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port)
    reflector.wait_for_line("reflecting on UDP port", 10)
    relay = h.start("relay", "speed-relay", "--listen", relay_port, "--to", f"127.0.0.1:{port}", "--json",
                    "--max-seconds", 120, *relay_args)
    relay.wait_for_line("relaying", 10)
    return relay, relay_port


def relay_counts(relay):
    relay.signal(signal.SIGTERM)
    expect(relay.wait_exit(10) == 0, "relay exit code", relay)
    return relay.json()


def measure_open_loop_through_relay(h):
    """Paced probes leave on their schedule whatever the round trip: through 20 ms each way,
    one every 5 ms, several are in flight at once (a closed loop would have one), and every
    probe of the plan is sent and answered."""
    relay, relay_port = start_reflector_and_relay(h, "--delay", 20)
    per_probe = os.path.join(h.work_dir, "probes.jsonl")
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{relay_port}", "--mode", "fixed", "--size", 64,
                      "--count", 200, "--interval", 5, "--warmup", 2, "--per-probe", per_probe, "--json")
    expect(measure.wait_exit(60) == 0, "speed-measure exit code", measure)
    report = measure.json()
    entry = report["results"][0]
    expect(report["open_loop"] and entry["sent"] == 200 and entry["received"] == 200, f"{entry}", measure)
    with open(per_probe, encoding="utf-8") as lines:
        probes = [json.loads(line) for line in lines]
    expect(len(probes) == 200 and [p["seq"] for p in probes] == list(range(1, 201)), "per-probe lines", measure)
    # Each probe's intended time is the schedule's, 5 ms apart, whenever it actually left.
    expect(all(p["intended_ns"] == 5_000_000 * (p["seq"] - 1) for p in probes), "the schedule", measure)
    # In flight when a probe left: those sent before it whose answer had not come yet.
    in_flight = [sum(1 for q in probes[:i] if q["received_ns"] > p["sent_ns"]) for i, p in enumerate(probes)]
    expect(max(in_flight) >= 2, f"at most {max(in_flight)} in flight: not open loop", measure)
    expect(all(p["rtt_us"] >= 40_000 for p in probes), "the relay's 40 ms there and back", measure)
    lateness = sorted(p["sent_ns"] - p["intended_ns"] for p in probes)
    print(f"in flight up to {max(in_flight)}; sends after their time p50 {lateness[100] / 1000:.1f} us, "
          f"max {lateness[-1] / 1000:.1f} us")
    relay_counts(relay)


def measure_per_direction_through_relay(h):
    """A speed-measure --serve counts what it receives of a run and numbers its answers, so
    loss, duplicates and reordering come out per direction, as the relay made them (the relay
    also counts the few datagrams that ask for the far side's report)."""
    relay, relay_port = start_reflector_and_relay(h, "--delay-up", 2, "--delay-down", 6, "--loss", 0.05, "--dup",
                                                  0.04, "--seed", 9)
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{relay_port}", "--mode", "fixed", "--size", 64,
                      "--count", 400, "--interval", 2, "--warmup", 0, "--timeout", 500, "--json")
    expect(measure.wait_exit(60) == 0, "speed-measure exit code", measure)
    report = measure.json()
    counts = relay_counts(relay)
    up, down = report["per_direction"]["up"], report["per_direction"]["down"]
    to_host, to_client = counts["to_host"], counts["to_client"]
    expect(up["counted"] and down["counted"], f"{report['per_direction']}", measure)
    # The relay saw the run's 400 probes and 1 to 3 requests for the report (and their answers).
    extra = to_host["sent"] - 400
    expect(1 <= extra <= 3 and up["sent"] == 400, f"relay {counts}", measure)
    expect(to_host["lost"] - extra <= up["lost"] <= to_host["lost"], f"up {up} relay {to_host}", measure)
    expect(to_host["duplicated"] - extra <= up["duplicates"] <= to_host["duplicated"], f"up {up} relay {to_host}",
           measure)
    expect(down["sent"] == up["received"] + up["duplicates"], f"every copy that arrived is answered {up} {down}",
           measure)
    expect(to_client["lost"] - extra <= down["lost"] <= to_client["lost"], f"down {down} relay {to_client}", measure)
    expect(to_client["duplicated"] - extra <= down["duplicates"] <= to_client["duplicated"],
           f"down {down} relay {to_client}", measure)
    expect(up["lost"] > 0 and down["lost"] > 0 and up["reordered"] == 0, f"{up} {down}", measure)
    entry = report["results"][0]
    expect(entry["lost"] == 400 - entry["received"] and entry["received"] <= up["received"], f"{entry} {up}", measure)
    # Reordering only one way: held back on the way there, the answers go back in arrival order.
    relay2, relay2_port = start_reflector_and_relay(h, "--delay-up", 5, "--reorder", 0.05, "--seed", 4)
    reorder = h.start("reorder", "speed-measure", f"127.0.0.1:{relay2_port}", "--mode", "fixed", "--size", 64,
                      "--count", 300, "--interval", 3, "--warmup", 0, "--json")
    expect(reorder.wait_exit(60) == 0, "speed-measure exit code", reorder)
    counts2 = relay_counts(relay2)
    directions = reorder.json()["per_direction"]
    held = counts2["to_host"]["reordered"]
    expect(held - 3 <= directions["up"]["reordered"] <= held and held > 0, f"{directions} relay {counts2}", reorder)
    expect(directions["down"]["reordered"] <= counts2["to_client"]["reordered"], f"{directions} {counts2}", reorder)
    # Which way each probe was lost, in the per-probe file: never more one way than were lost
    # that way, and every lost probe either up, down or unknown.
    relay3, relay3_port = start_reflector_and_relay(h, "--delay-up", 2, "--delay-down", 6, "--loss", 0.05, "--seed", 5)
    per_probe = os.path.join(h.work_dir, "ways.jsonl")
    ways = h.start("ways", "speed-measure", f"127.0.0.1:{relay3_port}", "--mode", "fixed", "--size", 64, "--count",
                   400, "--interval", 2, "--warmup", 0, "--timeout", 500, "--per-probe", per_probe, "--json")
    expect(ways.wait_exit(60) == 0, "speed-measure exit code", ways)
    relay_counts(relay3)
    report3 = ways.json()
    up3, down3 = report3["per_direction"]["up"], report3["per_direction"]["down"]
    with open(per_probe, encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines]
    lost_rows = [row for row in rows if row["fate"] == "lost"]
    lost_up = sum(1 for row in lost_rows if row["lost_way"] == "up")
    lost_down = sum(1 for row in lost_rows if row["lost_way"] == "down")
    expect(len(rows) == 400 and len(lost_rows) == report3["results"][0]["lost"], f"{len(rows)} rows", ways)
    expect(all(row["lost_way"] is None for row in rows if row["fate"] != "lost"), "a way for a probe not lost", ways)
    expect(0 < lost_up <= up3["lost"] and 0 < lost_down <= down3["lost"] and
           len(lost_rows) == up3["lost"] + down3["lost"],
           f"{lost_up} up, {lost_down} down of {len(lost_rows)} lost; {up3} {down3}", ways)


def measure_late_answers_are_late_not_lost(h):
    """An answer slower than --timeout is counted late, and with its round trip, not lost. The
    interval lines count each late answer once, and a probe listed as unanswered while it was
    overdue leaves that count when its answer comes: the last line lists none."""
    relay, relay_port = start_reflector_and_relay(h, "--delay", 20)
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{relay_port}", "--mode", "fixed", "--size", 64,
                      "--count", 50, "--interval", 5, "--warmup", 0, "--timeout", 25, "--interval-report", 0.1,
                      "--json")
    expect(measure.wait_exit(60) == 0, "speed-measure exit code", measure)
    report = measure.json()
    entry = report["results"][0]
    expect(report["late"] == 50 and entry["late"] == 50 and entry["lost"] == 0 and entry["received"] == 50,
           f"late {report['late']} {entry}", measure)
    expect(entry["rtt_us"]["min"] >= 40_000, f"{entry}", measure)
    pattern = r"\s*[0-9.]+ s: sent \d+ \(\d+ in all\), answered (\d+) \(late (\d+)\), unanswered after 25 ms: (\d+);"
    lines = [re.match(pattern, line) for line in measure.stderr]
    lines = [line for line in lines if line]
    expect(len(lines) >= 2, "interval lines", measure)
    answered = sum(int(line.group(1)) for line in lines)
    late = sum(int(line.group(2)) for line in lines)
    expect(answered == 50 and late == 50 and lines[-1].group(3) == "0",
           f"interval lines: {answered} answered, {late} late, last unanswered {lines[-1].group(3)}", measure)
    relay_counts(relay)


def measure_stamps_every_probe_past_100000(h):
    """Stamps on every probe whatever its sequence number: more than 100,000 back to back on
    loopback, each with its one-way delays; and a 1-byte probe is sent as large as its stamps
    need. The per-probe file (CSV) and the histogram hold every one."""
    port = free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port)
    reflector.wait_for_line("reflecting on UDP port", 10)
    per_probe = os.path.join(h.work_dir, "probes.csv")
    count = 100_500
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64, "--count",
                      count, "--warmup", 0, "--per-probe", per_probe, "--json")
    expect(measure.wait_exit(240) == 0, "speed-measure exit code", measure)
    report = measure.json()
    entry = report["results"][0]
    expect(entry["sent"] == count and entry["stamped"] == entry["received"] and entry["received"] >= count - 10,
           f"{entry}", measure)
    expect(report["one_way"]["samples"] == entry["received"], f"{report['one_way']}", measure)
    expect(report["histogram"]["count"] == entry["received"], "histogram count", measure)
    expect(sum(bucket[2] for bucket in report["histogram"]["buckets"]) == entry["received"], "buckets", measure)
    p = report["histogram"]["percentiles"]
    expect(p["p50"] <= p["p90"] <= p["p99"] <= p["p99.9"] <= report["histogram"]["max"], f"{p}", measure)
    with open(per_probe, encoding="utf-8") as rows:
        header = rows.readline().strip().split(",")
        last = None
        stamped = 0
        for line in rows:
            last = dict(zip(header, line.strip().split(",")))
            stamped += 1 if last["up_us"] else 0
    expect(last["seq"] == str(count) and stamped == entry["stamped"], f"last row {last}, {stamped} stamped", measure)
    tiny = h.start("tiny", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 1, "--count", 20,
                   "--warmup", 0, "--json")
    expect(tiny.wait_exit(30) == 0, "speed-measure exit code", tiny)
    tiny_entry = tiny.json()["results"][0]
    expect(tiny_entry["stamped"] == 20 and tiny_entry["wire_bytes"] > 1, f"{tiny_entry}", tiny)


def measure_interval_report_and_bad_flags(h):
    """--interval-report prints lines while a run goes; bad flag values are refused clearly."""
    port = free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port)
    reflector.wait_for_line("reflecting on UDP port", 10)
    measure = h.start("measure", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64, "--count",
                      150, "--interval", 10, "--interval-report", 0.5, "--json")
    expect(measure.wait_exit(60) == 0, "speed-measure exit code", measure)
    lines = [line for line in measure.stderr if re.match(r"\s*[0-9.]+ s: sent \d+ \(\d+ in all\)", line)]
    expect(len(lines) >= 2 and "(150 in all)" in lines[-1], f"interval lines {lines}", measure)
    for args, words in [(["--dscp", 64], "--dscp"), (["--interval-report", 0], "--interval-report"),
                        (["--mode", "stream", "--per-probe", "x.csv"], "belong to the probe modes"),
                        (["--per-probe", "/nonexistent-folder/probes.csv"], "cannot write --per-probe")]:
        bad = h.start("bad", "speed-measure", f"127.0.0.1:{port}", *args)
        code = bad.wait_exit(20)
        expect(code != 0 and any(words in line for line in bad.stderr + bad.stdout), f"{args}: exit {code}", bad)


def measure_dscp_marks_every_datagram(h):
    """--dscp sets the DSCP of the probes: a UDP echo that reads each datagram's TOS byte sees it."""
    tos_seen = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as echo:
        echo.bind(("127.0.0.1", 0))
        echo.setsockopt(socket.IPPROTO_IP, socket.IP_RECVTOS, 1)
        echo.settimeout(0.2)
        port = echo.getsockname()[1]
        measure = h.start("measure", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64,
                          "--count", 10, "--warmup", 0, "--dscp", 46, "--json")
        deadline = time.monotonic() + 30
        while measure.process.poll() is None and time.monotonic() < deadline:
            try:
                data, ancillary, _, peer = echo.recvmsg(65536, socket.CMSG_SPACE(4))
            except socket.timeout:
                continue
            for level, kind, value in ancillary:
                if level == socket.IPPROTO_IP and kind == socket.IP_TOS:
                    tos_seen.append(value[0])
            echo.sendto(data, peer)
        expect(measure.wait_exit(30) == 0, "speed-measure exit code", measure)
    expect(len(tos_seen) >= 10 and all(tos == 46 << 2 for tos in tos_seen), f"TOS bytes {tos_seen}", measure)


def measure_answers_authenticated_with_password(h):
    """With setup.ini's password the probes are signed and only answers signed under the same
    password count: a --serve or a host with it answers; another password, none, or a plain echo
    (which could be anyone's forgery) gets nothing believed, and the run says why."""
    def config(name, password):
        return h.write_config(name, f"[network]\npassword = {password}\n" if password else "[network]\n")
    kiwi, banana, none = config("kiwi.ini", "kiwi fruit"), config("banana.ini", "banana"), config("none.ini", "")
    port = free_udp_port()
    reflector = h.start("reflector", "speed-measure", "--serve", "--port", port, "--config", kiwi)
    reflector.wait_for_line("signed requests answered under setup.ini's password", 10)
    good = h.start("good", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64, "--count", 50,
                   "--config", kiwi, "--json")
    expect(good.wait_exit(30) == 0, "same password: exit code", good)
    report = good.json()
    entry = report["results"][0]
    expect(report["authenticated"] and report["unauthenticated_answers"] == 0 and entry["received"] == 50 and
           entry["stamped"] == 50, f"{report}", good)
    expect(report["per_direction"]["up"]["counted"] and report["per_direction"]["up"]["received"] == 50,
           f"{report['per_direction']}", good)
    for name, cfg in [("other password", banana)]:
        bad = h.start("bad", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64, "--count", 5,
                      "--warmup", 1, "--timeout", 300, "--config", cfg, "--json")
        expect(bad.wait_exit(30) == 1, f"{name}: exit code", bad)
        expect(any("without a valid tag under setup.ini's password" in line for line in bad.stderr), name, bad)
    # A stream under the password: its opening and its counts signed, the counts believed.
    stream = h.start("stream", "speed-measure", f"127.0.0.1:{port}", "--mode", "stream", "--rate", 5, "--duration", 1,
                     "--config", kiwi, "--json")
    expect(stream.wait_exit(30) == 0, "stream with the password: exit code", stream)
    streamed = stream.json()
    expect(streamed["authenticated"] and streamed["report_received"] and streamed["counting"] == "one_way" and
           streamed["up"]["received"] > 0, f"{streamed}", stream)
    bad_stream = h.start("bad_stream", "speed-measure", f"127.0.0.1:{port}", "--mode", "stream", "--rate", 1,
                         "--duration", 1, "--timeout", 300, "--config", banana, "--json")
    expect(bad_stream.wait_exit(30) == 1, "stream with another password: exit code", bad_stream)
    expect(any("without a valid tag under setup.ini's password" in line for line in bad_stream.stderr),
           "stream with another password: message", bad_stream)
    # Without a password the same reflector answers as any: unsigned, nothing to authenticate.
    plain = h.start("plain", "speed-measure", f"127.0.0.1:{port}", "--mode", "fixed", "--size", 64, "--count", 5,
                    "--config", none, "--json")
    expect(plain.wait_exit(30) == 0 and not plain.json()["authenticated"], "no password: exit code", plain)
    reflector.signal(signal.SIGINT)
    expect(reflector.wait_exit(10) == 0, "reflector exit code", reflector)
    expect(any("signed requests whose tag did not hold" in line and not " 0 signed requests" in line
               for line in reflector.stdout), "the reflector counted the bad tags", reflector)
    # A plain echo sends the signed probe back as it was: no answer's tag, nothing believed.
    echo = PlainEcho()
    try:
        forged = h.start("forged", "speed-measure", f"127.0.0.1:{echo.port}", "--mode", "fixed", "--size", 64,
                         "--count", 5, "--warmup", 0, "--timeout", 300, "--config", kiwi, "--json")
        expect(forged.wait_exit(30) == 1, "plain echo under a password: exit code", forged)
        expect(forged.json()["unauthenticated_answers"] >= 5, "the echoes were refused", forged)
    finally:
        echo.close()
    # A host with the same password signs its stamps too.
    host_port = free_udp_port()
    host = h.start("host", "speed-server", "--port", host_port, "--wait", 60, "--config", kiwi, *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    against_host = h.start("against_host", "speed-measure", f"127.0.0.1:{host_port}", "--mode", "fixed", "--size",
                           64, "--count", 20, "--config", kiwi, "--json")
    expect(against_host.wait_exit(30) == 0, "host with the password: exit code", against_host)
    host_entry = against_host.json()["results"][0]
    expect(host_entry["received"] == 20 and host_entry["stamped"] == 20, f"{host_entry}", against_host)
    host.signal(signal.SIGTERM)
    host.wait_exit(15)


TESTS = {test.__name__: test for test in [
    host_join_three_games, fallback_one_after_the_other, simultaneous_start_trials, sigint_ends_both_sides,
    join_without_host_gives_up, host_without_client_gives_up, port_in_use_is_reported, bad_setup_ini_stops,
    relay_ten_games_under_faults, measure_against_host, measure_without_host_fails_clearly,
    ipv6_loopback_join_and_measure, measure_against_plain_echo, measure_against_reflector,
    measure_stream_against_reflector, measure_stream_round_trip, measure_stream_bad_input,
    reflector_stream_never_amplifies, measure_one_way_through_asymmetric_relay, measure_open_loop_through_relay,
    measure_per_direction_through_relay, measure_late_answers_are_late_not_lost, measure_stamps_every_probe_past_100000,
    measure_interval_report_and_bad_flags, measure_dscp_marks_every_datagram,
    measure_answers_authenticated_with_password]}


def main():
    return run_named_test(TESTS, __doc__, sys.argv)


if __name__ == "__main__":
    sys.exit(main())
