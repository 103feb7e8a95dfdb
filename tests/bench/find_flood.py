"""What a flood of FINDs costs a waiting host (docs/PROTOCOL.md, section 11): a speed-server host on
127.0.0.1, flooded for a few seconds with valid FINDs (a fresh nonce each) from 200 loopback
source addresses (127.0.0.2 ...), then with garbled datagrams of the same size. Prints, for each
flood: the datagrams and bytes sent, the HEREs and bytes that came back, and the host's CPU time
as a share of one core (from /proc: user + system time over the wall time). Fails only when the
host answered more bytes than it received. Usage: find_flood.py BIN_DIR WORK_DIR [SECONDS]"""
import os
import random
import select
import socket
import sys
import time
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from netharness import Failure, free_udp_port, run_bench  # noqa: E402

SOURCES = 200
MAX_DATAGRAMS = 3_000_000  # a bound on the loop whatever the machine's speed


def find_datagram(nonce):
    line = f"FIND 0 1 7 {nonce:016x} "
    line += "x" * (128 - 10 - len(line))
    return f"{line} #{zlib.crc32(line.encode()) & 0xFFFFFFFF:08x}".encode()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def flood(port, pid, seconds, make):
    senders = []
    for n in range(SOURCES):
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sender.bind((f"127.0.{n // 250}.{2 + n % 250}", 0))
        sender.setblocking(False)
        senders.append(sender)
    sent = sent_bytes = answers = answer_bytes = 0
    cpu_before = cpu_seconds(pid)
    started = time.monotonic()
    while time.monotonic() - started < seconds and sent < MAX_DATAGRAMS:
        sender = senders[sent % SOURCES]
        datagram = make()
        try:
            sender.sendto(datagram, ("127.0.0.1", port))
            sent += 1
            sent_bytes += len(datagram)
        except BlockingIOError:
            pass
        if sent % 64 == 0:
            ready, _, _ = select.select(senders, [], [], 0)
            for socket_ready in ready:
                try:
                    while True:
                        answer = socket_ready.recv(2048)
                        answers += 1
                        answer_bytes += len(answer)
                except BlockingIOError:
                    pass
    wall = time.monotonic() - started
    time.sleep(0.2)  # the last answers
    for sender in senders:
        try:
            while True:
                answer_bytes += len(sender.recv(2048))
                answers += 1
        except BlockingIOError:
            pass
        sender.close()
    cpu = cpu_seconds(pid) - cpu_before
    return sent, sent_bytes, answers, answer_bytes, cpu / wall, wall


def bench(h):
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0
    port = free_udp_port()
    config = h.write_config("host.ini", f"[network]\nport = {port}\nwait = 600\n[player]\nname = hana\n")
    host = h.start("host", "speed-server", "--config", config, "--level", "max")
    host.wait_for_line("hosting on UDP port", 20)
    pid = host.process.pid
    idle_before = cpu_seconds(pid)
    time.sleep(1.0)
    idle = cpu_seconds(pid) - idle_before
    print(f"host idle: {100 * idle:.1f}% of a core")
    for name, make in (("valid FINDs, a fresh nonce each", lambda: find_datagram(random.getrandbits(64))),
                       ("garbled datagrams of 128 bytes", lambda: bytes(random.getrandbits(8) for _ in range(128)))):
        sent, sent_bytes, answers, answer_bytes, share, wall = flood(port, pid, seconds, make)
        print(f"{name}: {sent} datagrams ({sent / wall:.0f}/s, {sent_bytes} bytes) from {SOURCES} addresses in "
              f"{wall:.1f} s; {answers} HEREs back ({answers / wall:.1f}/s, {answer_bytes} bytes); "
              f"host CPU {100 * share:.1f}% of a core")
        if answer_bytes > sent_bytes:
            raise Failure(f"the host answered {answer_bytes} bytes to {sent_bytes}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(run_bench(bench, sys.argv[1], sys.argv[2]))
