#!/usr/bin/env python3
"""Attacks on the link with real processes and raw datagrams on 127.0.0.1: what a program on the
LAN (or one that forges the peer's address) can try against speed-server. Each test checks that
the match goes on with nothing lost, and prints what it measured.
Usage: attack_tests.py BIN_DIR WORK_DIR TEST_NAME (see TESTS below). Forging another address
needs a raw socket (root); without one those tests report themselves skipped (exit code 77)."""
import os
import re
import socket
import struct
import sys
import time
import zlib

from netharness import Failure, Skipped, expect, expect_mirrored, free_udp_port, run_named_test

BOT = ["--level", "max"]
HELLO_BYTES = 128  # a HELLO is padded to this (docs/PROTOCOL.md)
# The version this build speaks, read where the protocol states it.
_MESSAGE_HPP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "protocol", "include", "speed",
                            "protocol", "Message.hpp")
PROTOCOL_VERSION = int(re.search(r"kProtocolVersion = (\d+);", open(_MESSAGE_HPP).read()).group(1))


def datagram(line):
    """A line with its CRC-32 tail, as every datagram outside a session ends."""
    return f"{line} #{zlib.crc32(line.encode()) & 0xFFFFFFFF:08x}".encode()


def hello(nonce, name="mallory", cookie="-", auth="-", size=HELLO_BYTES, version=PROTOCOL_VERSION, resume="- 0 0 -"):
    fields = f"HELLO 1 1 {version} {name} {nonce:016x} {auth} {cookie} {resume}"
    bare = len(datagram(f"{fields} x"))
    return datagram(f"{fields} {'x' * max(1, 1 + size - bare)}")


def receive_all(sock, seconds):
    """Everything that arrives within `seconds`: a list of datagrams."""
    sock.settimeout(0.05)
    got, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            got.append(sock.recv(65535))
        except socket.timeout:
            continue
    return got


def receive_answer(sock, answered, ceiling=20.0, settle=0.5):
    """Datagrams until one satisfies `answered` (at most `ceiling` seconds, however loaded the
    machine), then whatever else comes within `settle` seconds: (the list, when it ended)."""
    sock.settimeout(0.05)
    got, deadline, settled = [], time.monotonic() + ceiling, None
    while time.monotonic() < (settled if settled is not None else deadline):
        try:
            got.append(sock.recv(65535))
        except socket.timeout:
            continue
        if settled is None and answered(got[-1]):
            settled = time.monotonic() + settle
    return got, time.monotonic()


def most_in(seconds):
    """How many answers limited to one a second may come over `seconds` of wall time: one at once,
    one more each whole second (a loaded machine stretches the time, and the bound with it)."""
    return 1 + int(seconds)


def udp_socket():
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    return sock


def forge(source_port, destination_port, payload):
    """Sends `payload` to 127.0.0.1:destination_port as if from 127.0.0.1:source_port."""
    try:
        raw = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_RAW)
    except PermissionError as error:
        raise Skipped(f"forging an address needs a raw socket: {error}") from error
    with raw:
        udp = struct.pack("!HHHH", source_port, destination_port, 8 + len(payload), 0) + payload
        ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 0, 0, 64, socket.IPPROTO_UDP, 0,
                         socket.inet_aton("127.0.0.1"), socket.inet_aton("127.0.0.1"))
        raw.sendto(ip + udp, ("127.0.0.1", 0))


def peer_port(program, fragment):
    """The peer's port from a line such as 'connected to player at 127.0.0.1:40123 as host'."""
    for line in program.stdout + program.stderr:
        match = re.search(fragment + r" at 127\.0\.0\.1:(\d+)", line)
        if match:
            return int(match.group(1))
    raise Failure(f"{program.name}: no peer address in its output\n{program.transcript()}")


def start_match(h, games, extra_host=(), extra_client=()):
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--games", games, "--json", "--seed", 3, *BOT, *extra_host)
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start("client", "speed-server", "--join", f"127.0.0.1:{port}", "--games", games, "--json", *BOT,
                     *extra_client)
    host.wait_for_line("connected to", 20)
    client.wait_for_line("connected to", 20)
    return port, host, client


def seat_stealing(h):
    """One HELLO, even from the right-looking address, takes no seat: at most a CHALLENGE goes
    back, and the real player joins afterwards."""
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--games", 1, "--json", *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    with udp_socket() as thief:
        thief.sendto(hello(0x1234), ("127.0.0.1", port))
        replies, _ = receive_answer(thief, lambda reply: True)
    expect(len(replies) == 1 and replies[0].startswith(b"CHALLENGE "), f"one CHALLENGE back: {replies}", host)
    expect(not any("connected to" in line for line in host.stdout), "the thief took the seat", host)
    client = h.start("client", "speed-server", "--join", f"127.0.0.1:{port}", "--games", 1, "--json", *BOT)
    expect(client.wait_exit(60) == 0, "client exit code", client)
    expect(host.wait_exit(30) == 0, "host exit code", host)
    expect_mirrored(host, client, 1)
    print("seat stealing: one CHALLENGE, no seat; the real player played its game")


def amplification_ratio(h):
    """Bytes sent to an address that never proved it receives never outweigh what it sent."""
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--wait", 60, *BOT)
    host.wait_for_line("hosting on UDP port", 10)
    sent = 0
    with udp_socket() as probe:
        shapes = [lambda n: hello(n), lambda n: hello(n, size=40), lambda n: hello(n, cookie="0123456789abcdef"),
                  lambda n: hello(n, auth="P"), lambda n: hello(n, version=1, size=60),
                  lambda n: datagram(f"HELLO 1 {n} 1 oldclient"), lambda n: b"x" * 30]
        for n in range(1, 141):
            payload = shapes[n % len(shapes)](n)
            probe.sendto(payload, ("127.0.0.1", port))
            sent += len(payload)
        received = receive_all(probe, 1.0)
    back = sum(len(d) for d in received)
    ratio = back / sent
    print(f"amplification: {sent} bytes in, {back} bytes out in {len(received)} datagrams: ratio {ratio:.3f}")
    expect(back <= sent, f"amplification {ratio:.3f} > 1", host)
    expect(len(received) <= 140, "more answers than HELLOs", host)
    expect(not any("connected to" in line for line in host.stdout), "a HELLO took the seat", host)


def forged_datagrams_change_nothing(h):
    """Forged SHUTDOWN, MOVE and UPDATE, with a right CRC and the peer's own address, are ignored:
    only this session's tag makes a datagram of it."""
    port, host, client = start_match(h, 3, extra_host=("--log-level", "debug"))
    client_port = peer_port(host, "connected to player")
    for n in range(5):
        forge(client_port, port, datagram(f"SHUTDOWN 1 {900 + n} forged"))
        forge(client_port, port, datagram(f"MOVE 1 {910 + n} 1 1 PLAY 0 S1 0"))
        forge(port, client_port, datagram(f"SHUTDOWN 1 {920 + n} forged"))
        forge(port, client_port, datagram(f"UPDATE 1 {930 + n} - -------- S1/S2 -------- - 1 99 2S4MF LOST 0 -"))
        time.sleep(0.05)  # spread over the game; the processes run on
    expect(client.wait_exit(90) == 0, "client exit code", client)
    expect(host.wait_exit(30) == 0, "host exit code", host)
    host_report, client_report = expect_mirrored(host, client, 3)
    expect(any("ignored by rule 13 (SHUTDOWN without this session's tag)" in line for line in host.stderr),
           "the host's debug log names the rule of each forged datagram", host)
    print(f"forged datagrams: 3 games played and mirrored; ignored host {host_report['ignored']}, "
          f"client {client_report['ignored']}")


def busy_host(h):
    """A third party's HELLO during a match gets one short DENY BUSY per second at most."""
    port, host, client = start_match(h, 2)
    sent = 0
    with udp_socket() as stranger:
        started = time.monotonic()
        for n in range(40):
            payload = hello(n)
            stranger.sendto(payload, ("127.0.0.1", port))
            sent += len(payload)
        replies, ended = receive_answer(stranger, lambda reply: True, settle=0.8)
    expect(1 <= len(replies) <= most_in(ended - started), f"BUSY once a second: {replies} in {ended - started:.1f} s",
           host)
    expect(all(r.startswith(b"DENY ") and b" BUSY " in r for r in replies), f"only DENY BUSY: {replies}", host)
    expect(sum(len(r) for r in replies) <= sent, "more back than sent", host)
    expect(client.wait_exit(90) == 0, "client exit code", client)
    expect(host.wait_exit(30) == 0, "host exit code", host)
    expect_mirrored(host, client, 2)
    print(f"busy host: {len(replies)} DENY BUSY for 40 HELLOs; the match went on")


def password_config(h, name, port, password):
    return h.write_config(name, f"[network]\nport = {port}\npassword = {password}\nwait = 30\n[cpu]\nlevel = max\n")


def password_mismatch(h):
    """Another password fails at once with the reason on both sides; the host waits on and plays
    with the player who has the right one."""
    port = free_udp_port()
    host = h.start("host", "speed-server", "--config", password_config(h, "host.ini", port, "kiwi fruit"), "--games", 1, "--json")
    host.wait_for_line("hosting on UDP port", 20)
    wrong = h.start("wrong", "speed-server", "--config", password_config(h, "wrong.ini", port, "mango"),
                    "--join", f"127.0.0.1:{port}", "--json")
    expect(wrong.wait_exit(30) == 1, "a wrong password must fail", wrong)
    expect(any("password" in line for line in wrong.stderr), "the joiner says it is the password", wrong)
    host.wait_for_line("password", 10)
    right = h.start("right", "speed-server", "--config", password_config(h, "right.ini", port, "kiwi fruit"),
                    "--join", f"127.0.0.1:{port}", "--games", 1, "--json")
    expect(right.wait_exit(60) == 0, "right password exit code", right)
    expect(host.wait_exit(30) == 0, "host exit code", host)
    expect_mirrored(host, right, 1)
    print("password: the wrong one was refused with its reason on both sides; the right one played")


TESTS = {name: globals()[name] for name in
         ["seat_stealing", "amplification_ratio", "forged_datagrams_change_nothing", "busy_host", "password_mismatch"]}


def main():
    return run_named_test(TESTS, __doc__, sys.argv)


if __name__ == "__main__":
    sys.exit(main())
