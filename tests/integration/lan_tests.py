"""Finding hosts on a real LAN (docs/NETWORK.md, "Finding hosts"): a small network of namespaces
joined by a bridge, made and removed here (root only: without root the test reports SKIPPED).
Hosts are speed-server processes in their own namespaces; `speed --list-hosts --json` looks for
them from another. Each step prints how long it took. Usage: lan_tests.py BIN_DIR WORK_DIR
TEST_NAME; the window program is $SPEED_CLIENT."""
import contextlib
import json
import os
import shutil
import subprocess
import sys
import time

from netharness import Failure, Program, Skipped, expect, run_named_test

PORT = 50001


def run(*argv, check=True):
    return subprocess.run(argv, check=check, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=30)


class Lan:
    """Namespaces joined by one bridge, which lives in a namespace of its own: nothing of the
    machine's own network is touched. `members` maps a namespace's short name to its number on the
    LAN and whether it has IPv4 (10.77.N.x/24) besides IPv6 (fd77:N::x/64 and its link-local)."""

    def __init__(self, members, net=0):
        if os.geteuid() != 0:
            raise Skipped("needs root to make network namespaces")
        for tool in ("ip",):
            if shutil.which(tool) is None:
                raise Skipped(f"{tool} is missing (the iproute2 package)")
        tag = f"{os.getpid() % 100000}"
        self.switch = f"spsw{tag}"
        self.names = {}
        self.made = []
        self.net = net
        self._add_namespace(self.switch)
        run("ip", "-n", self.switch, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0")
        run("ip", "-n", self.switch, "link", "set", "br0", "up")
        for short, (number, ipv4) in members.items():
            name = f"sp{short}{tag}"
            self.names[short] = name
            self._add_namespace(name)
            run("ip", "link", "add", "eth0", "netns", name, "type", "veth", "peer", "name", f"p{number}", "netns", self.switch)
            run("ip", "-n", self.switch, "link", "set", f"p{number}", "master", "br0", "up")
            if ipv4:
                run("ip", "-n", name, "addr", "add", f"10.77.{net}.{number}/24", "brd", "+", "dev", "eth0")
            run("ip", "-n", name, "addr", "add", f"fd77:{net}::{number}/64", "dev", "eth0", "nodad")
            run("ip", "-n", name, "link", "set", "eth0", "up")

    def _add_namespace(self, name):
        run("ip", "netns", "add", name)
        self.made.append(name)
        run("ip", "-n", name, "link", "set", "lo", "up")
        # No duplicate address detection: an address is usable at once (a real LAN waits ~1 s).
        for scope in ("all", "default"):
            run("ip", "netns", "exec", name, "sysctl", "-qw", f"net.ipv6.conf.{scope}.accept_dad=0")

    def inside(self, short):
        return ["ip", "netns", "exec", self.names[short]]

    def close(self):
        for name in reversed(self.made):
            run("ip", "netns", "delete", name, check=False)


@contextlib.contextmanager
def lan(members, net=0):
    made = Lan(members, net)
    try:
        yield made
    finally:
        made.close()


def host_config(h, name, player):
    path = os.path.join(h.work_dir, f"{name}.ini")
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"[network]\npeer =\nport = {PORT}\nwait = 600\n[player]\nname = {player}\n")
    return path


def start_host(h, network, short, player, *extra):
    argv = [*network.inside(short), os.path.join(h.bin_dir, "speed-server"), "--config", host_config(h, short, player),
            "--level", "hard", *extra]
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(h.work_dir, short, "state"),
               XDG_DATA_HOME=os.path.join(h.work_dir, short, "data"))
    host = Program(f"host in {short}", argv, h.work_dir, env)
    h.programs.append(host)
    host.wait_for_line("hosting on UDP port", 20)
    return host


def list_hosts(h, network, short):
    """`speed --list-hosts --json` in namespace `short`: the report and how long it ran."""
    client = os.environ.get("SPEED_CLIENT") or os.path.join(h.bin_dir, "speed")
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(h.work_dir, "finder"), DISPLAY="")
    started = time.monotonic()
    done = subprocess.run([*network.inside(short), client, "--list-hosts", "--json", "--config", "/nonexistent/setup.ini"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60, env=env)
    took = time.monotonic() - started
    if done.returncode != 0:
        raise Failure(f"speed --list-hosts exited with {done.returncode}: {done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1]), took


def named(report, player):
    return [host for host in report["hosts"] if host["name"] == player]


def find_hosts_on_a_lan(h):
    with lan({"a": (1, True), "b": (2, True), "c": (3, True)}) as network:
        # One host: found from another namespace at its LAN address, at the first round.
        began = time.monotonic()
        taro = start_host(h, network, "a", "Taro")
        hosting = time.monotonic()
        report, took = list_hosts(h, network, "b")
        found = named(report, "Taro")
        expect(len(found) == 1, f"one Taro listed: {report}", taro)
        expect(found[0]["address"] == f"10.77.0.1:{PORT}", f"Taro at its LAN address: {found[0]}", taro)
        expect(found[0]["state"] == "waiting" and found[0]["password"] is False, f"waiting, no password: {found[0]}")
        expect(found[0]["first_heard_ms"] <= 2000, f"heard within 2 s: {found[0]}")
        print(f"a host: found {found[0]['first_heard_ms']} ms into a search begun {hosting - began:.1f} s after it was "
              f"started (when it said it was hosting); the search ran {took:.1f} s")

        # Two hosts of the same name: two rows, each at its own address.
        second = start_host(h, network, "c", "Taro")
        report, _ = list_hosts(h, network, "b")
        addresses = sorted(host["address"] for host in named(report, "Taro"))
        expect(addresses == [f"10.77.0.1:{PORT}", f"10.77.0.3:{PORT}"], f"two Taros apart: {report}", taro, second)
        print("two hosts named alike: two rows")

        # A busy host: the second one joins the first as a player; the first now says busy, and
        # the second no longer hosts.
        second.kill()
        player_env = dict(os.environ, XDG_STATE_HOME=os.path.join(h.work_dir, "player", "state"),
                          XDG_DATA_HOME=os.path.join(h.work_dir, "player", "data"))
        player = Program("player in c", [*network.inside("c"), os.path.join(h.bin_dir, "speed-server"), "--config",
                                          host_config(h, "c", "Hana"), "--join", f"10.77.0.1:{PORT}", "--level", "hard"],
                         h.work_dir, player_env)
        h.programs.append(player)
        player.wait_for_line("connected to", 20)
        report, _ = list_hosts(h, network, "b")
        found = named(report, "Taro")
        expect(len(found) == 1 and found[0]["state"] == "busy", f"Taro busy in a match: {report}", taro)
        print("a host in a match: listed as busy")

        # Stopped: gone from the next search.
        player.kill()
        taro.kill()
        stopped = time.monotonic()
        report, took = list_hosts(h, network, "b")
        expect(not named(report, "Taro"), f"a stopped host is not listed: {report}")
        print(f"a stopped host: not listed by a search begun {time.monotonic() - stopped:.1f} s after it stopped")

        # announce off: a host that is not listed.
        quiet = start_host(h, network, "a", "Quiet", "--no-announce")
        report, _ = list_hosts(h, network, "b")
        expect(not named(report, "Quiet"), f"--no-announce: not listed: {report}", quiet)
        quiet.kill()
        print("--no-announce: not listed")

    # A LAN with IPv6 only: found through the all-nodes group.
    with lan({"d": (1, False), "e": (2, False)}, net=1) as network:
        ken = start_host(h, network, "d", "Ken")
        report, took = list_hosts(h, network, "e")
        found = named(report, "Ken")
        expect(len(found) == 1 and found[0]["address"].startswith("["), f"Ken at an IPv6 address: {report}", ken)
        print(f"IPv6 only: found at {found[0]['address']}, {found[0]['first_heard_ms']} ms into the search")


def window_joins_a_listed_host(h):
    """A window under Xvfb in one namespace lists a host waiting in another and joins it with one
    click (lan_window.sh drives it)."""
    for tool in ("xvfb-run", "xdotool"):
        if shutil.which(tool) is None:
            raise Skipped(f"{tool} is missing (make deps installs it)")
    client = os.environ.get("SPEED_CLIENT") or os.path.join(h.bin_dir, "speed")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lan_window.sh")
    with lan({"a": (1, True), "b": (2, True)}, net=0) as network:
        taro = start_host(h, network, "a", "Taro")
        done = subprocess.run([*network.inside("b"), script, client, os.path.join(h.work_dir, "window"), str(PORT), "Taro"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=150)
        print(done.stdout.strip())
        expect(done.returncode == 0, f"the window did not join the listed host (exit {done.returncode})", taro)
        taro.wait_for_line("connected", 20)


TESTS = {test.__name__: test for test in (find_hosts_on_a_lan, window_joins_a_listed_host)}

if __name__ == "__main__":
    sys.exit(run_named_test(TESTS, __doc__, sys.argv))
