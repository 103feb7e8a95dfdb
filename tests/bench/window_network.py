#!/usr/bin/env python3
"""Does the window keep up with the network? The same bots and seeds play three ways on
loopback: two headless peers (speed-server and speed-server), a window joining a headless host,
and two windows on one Xvfb display. For each it prints the share of proposals the rules or the
host refused, the round trips each side measured (rtt_ms), how long datagrams waited in the
socket before they were read (read_delay_us, from the kernel's arrival stamp), and for windows
the frame time and the time from a remote move's arrival to the end of the frame that showed it.

It fails only when a match did not finish or a report is missing; the figures are for reading.
Usage: window_network.py BIN_DIR WORK_DIR [GAMES [LEVEL [SEED]]]
(BIN_DIR is the build folder: server/speed-server and client/speed below it)"""
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from netharness import Failure, Harness, expect, free_udp_port  # noqa: E402

# The windows read and log their English words, whatever the machine's locale.
os.environ.pop("LC_ALL", None)
os.environ.pop("LC_MESSAGES", None)
os.environ["LANG"] = "C.UTF-8"

SERVER = os.path.join("server", "speed-server")
WINDOW = os.path.join("client", "speed")


def start_display(work_dir):
    """One Xvfb for both windows, on a display number it picks itself (-displayfd)."""
    if shutil.which("Xvfb") is None:
        raise Failure("Xvfb is not installed (Debian package xvfb)")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              cwd=work_dir)
    os.close(write_end)
    with os.fdopen(read_end) as reader:
        number = reader.readline().strip()
    if not number:
        server.kill()
        raise Failure("Xvfb did not start")
    return server, ":" + number


def run_on_display(bin_dir, work_dir, body):
    """The main of a window benchmark: a harness and one Xvfb display for `body(h, display)`.
    Returns the exit code: 0, or 1 when it raised Failure."""
    h = Harness(bin_dir, work_dir)
    display = None
    try:
        display, name = start_display(h.work_dir)
        body(h, name)
    except Failure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        h.close()
        if display is not None:
            display.kill()
            display.wait()
    return 0


def player(h, name, kind, config, level, seed, games, display):
    args = ["--config", config, "--seed", seed, "--games", games, "--json"]
    if kind == "window":
        os.environ["DISPLAY"] = display
        return h.start(name, WINDOW, *args, "--bot", level, state=name)
    return h.start(name, SERVER, *args, "--level", level, state=name)


def play(h, label, kinds, level, seed, games, display):
    port = free_udp_port()
    host_ini = h.write_config(f"{label}-host.ini", f"[network]\nport = {port}\nwait = 60\n[player]\nname = host\n")
    join_ini = h.write_config(f"{label}-join.ini",
                              f"[network]\nport = {port}\npeer = 127.0.0.1\nwait = 60\n[player]\nname = guest\n")
    host = player(h, f"{label}-host", kinds[0], host_ini, level, seed, games, display)
    # A window's "hosting" comes before its window exists; two windows made at the same instant on
    # one Xvfb can stall each other's creation, so the second starts once the first is up.
    host.wait_for_line("hosting on UDP port" if kinds[0] == "server" else "window ready", 20)
    client = player(h, f"{label}-client", kinds[1], join_ini, level, seed, games, display)
    limit = 60 + 60 * games
    for program in (client, host):
        expect(program.wait_exit(limit) == 0, f"{program.name} did not play its {games} games", host, client)
    reports = host.json(), client.json()
    for report, program in zip(reports, (host, client)):
        expect(len(report.get("results", [])) == games, f"{program.name}: {games} results expected", program)
    return reports


def figure(report, key):
    value = report.get(key)
    if not value:
        return "-"
    return f"{value['p50']:.3f} / {value['p99']:.3f}"


def refused_share(reports):
    sent = sum(r["proposals"]["sent"] for r in reports)
    rejected = sum(r["proposals"]["rejected"] for r in reports)
    return rejected, sent


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    bin_dir, work_dir = argv[1], argv[2]
    games = int(argv[3]) if len(argv) > 3 else 5
    level = argv[4] if len(argv) > 4 else "max"
    seed = int(argv[5]) if len(argv) > 5 else 11

    def bench(h, name):
        print(f"{games} games per pairing, bots '{level}' on both seats, seed {seed}, one Xvfb display {name}")
        rows = []
        for label, kinds in (("headless", ("server", "server")), ("window-vs-headless", ("server", "window")),
                             ("two-windows", ("window", "window"))):
            started = time.monotonic()
            reports = play(h, label, kinds, level, seed, games, name)
            rows.append((label, reports, time.monotonic() - started))
        print(f"{'pairing':20} {'refused':>14}  {'side':6} {'rtt_ms p50/p99':>18} {'read_delay_us p50/p99':>24} "
              f"{'frame_ms p50/p99':>18} {'move-to-frame_ms p50/p99':>26}")
        for label, reports, seconds in rows:
            rejected, sent = refused_share(reports)
            share = f"{rejected}/{sent} {100.0 * rejected / sent if sent else 0:.1f}%"
            for side, report in zip(("host", "client"), reports):
                print(f"{label:20} {share:>14}  {side:6} {figure(report, 'rtt_ms'):>18} "
                      f"{figure(report, 'read_delay_us'):>24} {figure(report, 'frame_ms'):>18} "
                      f"{figure(report, 'remote_move_to_frame_ms'):>26}")
                label, share = "", ""
        base_rejected, base_sent = refused_share(rows[0][1])
        for label, reports, _ in rows[1:]:
            rejected, sent = refused_share(reports)
            difference = 100.0 * (rejected / sent - base_rejected / base_sent) if sent and base_sent else 0.0
            print(f"refused share, {label} minus headless: {difference:+.2f} percentage points")

    return run_on_display(bin_dir, work_dir, bench)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
