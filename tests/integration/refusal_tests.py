#!/usr/bin/env python3
"""What a refused HELLO costs a real host on 127.0.0.1 (docs/PROTOCOL.md, section 9, "Refusals"):
crafted HELLOs of every refusal a waiting host can give, wrong join proofs, and HELLOs and DENYs of
another protocol version. Counts answers and log lines within generous windows; never durations.
Usage: refusal_tests.py BIN_DIR WORK_DIR TEST_NAME (see TESTS below)."""
import re
import secrets
import socket
import sys
import time

from attack_tests import PROTOCOL_VERSION, datagram, hello, most_in, receive_answer, udp_socket
from netharness import expect, free_udp_port, run_named_test

SESSION_ID = "ab" * 16
SUMMARY = re.compile(r"refused (\d+) more HELLOs? from 127\.0\.0\.1 in the last")


def start_host(h, name, password=None):
    port = free_udp_port()
    args = ["--port", port, "--wait", 60, "--level", "max"]
    if password:
        config = h.write_config(f"{name}.ini", f"[network]\nport = {port}\npassword = {password}\nwait = 60\n")
        args = ["--config", config, "--wait", 60]
    host = h.start(name, "speed-server", *args)
    host.wait_for_line("hosting on UDP port", 20)
    return port, host


def denies(replies):
    """(nonce, reason, version) of each DENY among the replies."""
    found = []
    for reply in replies:
        fields = reply.decode(errors="replace").split()
        if fields[0] == "DENY" and len(fields) >= 6:
            found.append((fields[3], fields[4], fields[5]))
    return found


def cookie_for(sock, port, nonce):
    sock.sendto(hello(nonce, auth="P"), ("127.0.0.1", port))
    replies, _ = receive_answer(sock, lambda reply: reply.startswith(b"CHALLENGE "), settle=0)
    for reply in replies:
        fields = reply.decode(errors="replace").split()
        if fields[0] == "CHALLENGE":
            return fields[4]
    return None


def flood(sock, port, payloads, seconds, answered=lambda reply: reply.startswith(b"DENY ")):
    """Sends the payloads evenly over `seconds`, then listens until an answer came and a little
    longer: (the replies, the wall time from the first send to the end of listening). The socket's
    buffer holds the replies meanwhile; a loaded machine stretches the time, never shortens it."""
    started = time.monotonic()
    for payload in payloads:
        sock.sendto(payload, ("127.0.0.1", port))
        time.sleep(seconds / len(payloads))
    replies, ended = receive_answer(sock, answered, settle=0.3)
    return replies, ended - started


def refusal_lines(host):
    return [line for line in host.stderr if "refused a player at 127.0.0.1" in line]


def every_refusal_is_limited(h):
    """Forty HELLOs in half a second of each refusal a waiting host gives (another version, no password, a password
    too many, no match held, the wrong password), from one address: at most one DENY a second
    reaches it, the host's log has a line for few of them, and its summary counts the rest."""
    open_port, open_host = start_host(h, "open")
    locked_port, locked_host = start_host(h, "locked", password="kiwi fruit")
    sent = {open_host.name: 0, locked_host.name: 0}
    with udp_socket() as sock:
        cookie = cookie_for(sock, locked_port, 99)
        expect(cookie is not None, "the host with a password sends a CHALLENGE", locked_host)
        cases = [  # the host with a password first: both log windows end soon after the last kind
            ("PASSWORD_NEEDED", locked_port, locked_host, lambda n: hello(n)),
            ("WRONG_PASSWORD", locked_port, locked_host, lambda n: hello(99, cookie=cookie, auth=secrets.token_hex(8))),
            ("VERSION", open_port, open_host, lambda n: hello(n, version=PROTOCOL_VERSION - 1)),
            ("VERSION", open_port, open_host, lambda n: hello(n, version=PROTOCOL_VERSION + 1)),
            ("NO_PASSWORD", open_port, open_host, lambda n: hello(n, auth="P")),
            ("NO_MATCH", open_port, open_host, lambda n: hello(n, resume=f"{SESSION_ID} 0 0 -")),
        ]
        started = time.monotonic()
        for reason, port, host, make in cases:
            replies, took = flood(sock, port, [make(n) for n in range(1000, 1040)], 0.5)
            answered = denies(replies)
            sent[host.name] += 40
            print(f"{reason}: 40 HELLOs in 0.5 s, {len(answered)} DENY back over {took:.1f} s")
            expect(1 <= len(answered) <= most_in(took), f"{reason}: one DENY a second at most: {replies}", host)
            expect(all(a[1] == reason and a[2] == str(PROTOCOL_VERSION) for a in answered), f"{reason}: {answered}", host)
            time.sleep(0.3)  # the next kind starts after the interval
    flooding = time.monotonic() - started
    # One log line per address and 10 s window, the rest counted in the window's summary: wait
    # until the summaries account for every HELLO (a generous ceiling), then count the lines.
    for host in (open_host, locked_host):
        host.wait_for_line("from 127.0.0.1 in the last", 40)
        deadline = time.monotonic() + 40
        while True:
            lines = refusal_lines(host)
            summed = sum(int(m.group(1)) for line in list(host.stderr) for m in [SUMMARY.search(line)] if m)
            if summed + len(lines) >= sent[host.name] or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        print(f"{host.name}: {len(lines)} refusal lines and a summary of {summed} more for {sent[host.name]} HELLOs")
        expect(1 <= len(lines) <= 3 + int(flooding / 10), f"few refusal lines: {lines}", host)
        expect(summed + len(lines) == sent[host.name], "the summary counts every refused HELLO", host)


def wrong_passwords_are_throttled(h):
    """Sixty wrong join proofs in 3 s from one address get a few answers (the delay doubles from
    0.5 s); the log counts the proofs left unchecked; the right password then still gets in."""
    port, host = start_host(h, "host", password="kiwi fruit")
    with udp_socket() as guesser:
        cookie = cookie_for(guesser, port, 7)
        expect(cookie is not None, "a CHALLENGE for the guesser", host)
        guesses = [hello(7, cookie=cookie, auth=secrets.token_hex(8)) for _ in range(60)]
        replies, took = flood(guesser, port, guesses, 3.0)
        answered = [d for d in denies(replies) if d[1] == "WRONG_PASSWORD"]
    print(f"60 wrong join proofs in 3 s: {len(answered)} WRONG_PASSWORD answers over {took:.1f} s")
    # Answers at 0, 0.5, 1.5, 3.5, 7.5 ... s (the delay doubles from 0.5 s): how many fit in the
    # time the flood really took, one more for the edge.
    allowed = 1 + sum(1 for k in range(1, 20) if 0.5 * (2 ** k - 1) <= took)
    expect(1 <= len(answered) <= allowed + 1, f"a throttled guesser hears little: {answered}", host)
    host.wait_for_line("join proofs not checked during the wrong-password delay", 25)
    config = h.write_config("right.ini", f"[network]\npassword = kiwi fruit\nwait = 30\n[cpu]\nlevel = max\n")
    right = h.start("right", "speed-server", "--config", config, "--join", f"127.0.0.1:{port}", "--json")
    right.wait_for_line("connected to", 25)
    host.wait_for_line("connected to", 10)
    print("the right password got in once the delay was over")


def version_mismatch_is_told_at_once(h):
    """A HELLO of another version gets DENY VERSION with its nonce and this version; a joiner
    told so by a host of another version says both versions within seconds, not after `wait`."""
    port, host = start_host(h, "host")
    with udp_socket() as asker:
        for n, version in enumerate((PROTOCOL_VERSION - 1, PROTOCOL_VERSION + 1)):
            nonce = 0x5151_0000 + n
            asker.sendto(hello(nonce, version=version), ("127.0.0.1", port))
            replies, _ = receive_answer(asker, lambda reply: reply.startswith(b"DENY "))
            answered = denies(replies)
            expect(answered == [(f"{nonce:016x}", "VERSION", str(PROTOCOL_VERSION))],
                   f"version {version}: DENY with the nonce and {PROTOCOL_VERSION}: {answered}", host)
            time.sleep(1.1)  # one DENY a second per address
    host.wait_for_line(f"speaks protocol version {PROTOCOL_VERSION - 1}; this program speaks version {PROTOCOL_VERSION}", 10)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as fake:  # a host of the next version
        fake.bind(("127.0.0.1", 0))
        fake_port = fake.getsockname()[1]
        started = time.monotonic()
        joiner = h.start("joiner", "speed-server", "--join", f"127.0.0.1:{fake_port}", "--wait", 60)
        fake.settimeout(10)
        request, address = fake.recvfrom(65535)
        nonce = request.decode(errors="replace").split()[5]
        fake.sendto(datagram(f"DENY 1 1 {nonce} VERSION {PROTOCOL_VERSION + 1}"), address)
        code = joiner.wait_exit(20)
    took = time.monotonic() - started
    words = (f"the host at 127.0.0.1:{fake_port} speaks protocol version {PROTOCOL_VERSION + 1}; "
             f"this program speaks version {PROTOCOL_VERSION}: update one side")
    print(f"the joiner gave up after {took:.2f} s (wait 60 s), exit code {code}")
    expect(code == 1, "the joiner fails", joiner)
    said = [line for line in joiner.stderr + joiner.stdout if words in line]
    expect(said, f"the joiner says: {words}", joiner)
    print(f"the joiner said: {said[-1]}")


TESTS = {name: globals()[name] for name in
         ["every_refusal_is_limited", "wrong_passwords_are_throttled", "version_mismatch_is_told_at_once"]}


def main():
    return run_named_test(TESTS, __doc__, sys.argv)


if __name__ == "__main__":
    sys.exit(main())
