#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target into corpus/<target>/, one file per input, named
by its SHA-1 as libFuzzer names what it finds. The seeds cover every verb, both sides' real
traffic (the session scripts' play steps) and the setup.ini shapes the reader must accept or
refuse. Run again after a grammar change; libFuzzer grows the corpus from here (and what it
found that broke a promise stays in the corpus, under its own SHA-1, as a regression case).
Usage: make_corpus.py [CORPUS_DIR]"""
import hashlib
import os
import sys
import zlib

LINES = [
    "HELLO 1 1 2 hana 0123456789abcdef - - " + "x" * 64,
    "HELLO 1 1 3 hana 0123456789abcdef - - - - " + "x" * 64,
    "HELLO 1 2 3 kenta 0123456789abcdef P 00ff00ff00ff00ff - - xxxxxxxx",
    "HELLO 1 2 5 kenta 0123456789abcdef P 00ff00ff00ff00ff - - xxxxxxxx",
    "HELLO 1 2 5 kenta 0123456789abcdef - - 0123456789abcdeffedcba9876543210 - xxxxxxxx",
    "HELLO 1 2 6 kenta 0123456789abcdef - 00ff00ff00ff00ff 0123456789abcdeffedcba9876543210 4 87 0011223344556677 xxxxxxxx",
    "HELLO 1 2 7 kenta 0123456789abcdef - 00ff00ff00ff00ff 0123456789abcdeffedcba9876543210 4 87 0011223344556677 xxxxxxxx",
    "HELLO 1 2 5 kenta 0123456789abcdef - 00ff00ff00ff00ff 0123456789abcdeffedcba9876543210 1122334455667788 x",
    "CHALLENGE 3 1 0123456789abcdef 00ff00ff00ff00ff",
    "WELCOME 4 2 3 hana fedcba9876543210 AAAAAAAAAAAAAAAA 0 0",
    "WELCOME 4 2 3 hana fedcba9876543210 AAAAAAAAAAAAAAAA 3 41250",
    "WELCOME 4 2 5 hana fedcba9876543210 AAAAAAAAAAAAAAAA 3 41250",
    "DENY 5 3 0123456789abcdef HELD",
    "DENY 5 3 0123456789abcdef NO_MATCH",
    "DENY 5 3 0123456789abcdef BUSY",
    "DENY 5 4 0123456789abcdef WRONG_PASSWORD",
    "DENY 5 4 0123456789abcdef WRONG_PASSWORD 6",
    "DENY 5 4 0123456789abcdef VERSION 7 FIELDS_OF_ANOTHER_VERSION",
    "DENY 5 4 0123456789abcdef VERSION 8 FIELDS_OF_ANOTHER_VERSION",
    "FIND 0 1 7 0123456789abcdef " + "x" * 92,
    "FIND 0 1 8 0123456789abcdef FIELDS_OF_ANOTHER_VERSION",
    "FIND 0 1 7 0123456789abcdef x",
    "HERE 3 1 7 0123456789abcdef hana WAITING - 2S4MF",
    "HERE 3 1 7 0123456789abcdef hana BUSY P 0C8AF",
    "HERE 3 1 8 0123456789abcdef hana FIELDS_OF_ANOTHER_VERSION",
    "UPDATE 10 5 S1H2C3D4S5H6C7D8S9HAC1 H2--D9DC S5H6/D8 D1C2C3C4 H1H3H5H7H9 1 1 2S4MF SPEED 0 -",
    "UPDATE 20 6 - -------- S1/S2 -------- - 1 99 2S4MF LOST 0 -",
    "UPDATE 30 7 S1 JJ------ HD/CD ---- S2 3 12 0C8A PLAY 7 P12H50",
    "UPDATE 31 7 S1 JJ------ HD/CD ---- S2 3 13 0C8AF PLAY 7 U2P12H50",
    "UPDATE 32 7 S1 JJ------ HD/CD ---- S2 3 13 0C8AF PLAY 8 U1-",
    "UPDATE 33 7 S1 JJ------ HD/CD ---- S2 3 14 0C8AF PLAY 8 B02H43000",
    "UPDATE 34 7 S1 JJ------ HD/CD ---- S2 3 15 0C8AF PLAY 8 BR01",
    "INVISIBLE 40 8 S1 H2D3C4S5 S5H6/D8 D1C2C3C4 H1 1 2 2S4MF PLAY 0 F",
    "UPDATE 50 9 S1 H2D3C4S5 SASB D1C2C3C4 H1",
    "OK 60 10 MOVE 1 7 12 4051230 4051262 8",
    "OK 61 11 UPDATE 1 12 0 1 1",
    "OK 62 12 START 2 120 135 3",
    "OK 63 13 PAUSE 1 5000 5010 4",
    "OK 64 14 RESUME 1 6000 6010 5",
    "OK 65 15 SHUTDOWN",
    "OK 66 16 MOVE 1 8 13 4051230 4051262 9",
    "OK 67 17 UPDATE 1 13 999999999999999 0 4294967295",
    "NG 70 16 MOVE 1 8 NOT_ADJACENT",
    "NG 70 16 MOVE 1 8 NOT_ADJACENT 7000",
    "NG 70 16 MOVE 1 8 NOT_ADJACENT -5200",
    "NG 71 17 MOVE 1 9 BAD_SLOT",
    "NG 72 18 GARBLED",
    "PAUSE 80 19 1 USER",
    "PAUSE 81 20 1 SILENT",
    "SHUTDOWN 90 21 match_over",
    "MOVE 100 22 1 7 PLAY 2 H5 0",
    "MOVE 101 23 1 8 REFILL 3",
    "MOVE 102 24 1 9 PLAY 1 S7 1 98500250",
    "MOVE 103 25 1 10 REFILL 0 98500300",
    "MOVE 102 24 1 9 PLAY 99 JJ 99",
    "START 110 25 2",
    "RESUME 120 26 1",
    "ALIVE 130 27",
    "REKEY 131 28",
    "PROBE 140 28 5 " + "x" * 40,
    "ECHO 150 29 5 " + "x" * 41,
    "ALIVE 4294967295 4294967295",
]

# Session scripts (SessionScript.hpp): op bytes, lines end with '\n'.
RAW, TAGGED, STRANGER, WAIT, PEER_PLAYS, TARGET_PLAYS, LINK, PAUSE = (bytes([n]) for n in range(8))


def datagram(line):
    return f"{line} #{zlib.crc32(line.encode()) & 0xFFFFFFFF:08x}"


def scripts():
    plain, password = b"\x00", b"\x01"
    play = (PEER_PLAYS + TARGET_PLAYS) * 6
    wait = WAIT + bytes([50])
    yield plain + play + wait + play
    yield password + play + wait * 3 + play
    yield plain + LINK + play + wait * 10 + LINK + wait * 10 + play
    yield plain + PAUSE + wait + PEER_PLAYS + PAUSE + wait + play
    yield plain + WAIT + b"\xff" + WAIT + b"\xff" + play  # a game played out and the next one
    # A silence longer than silenceTimeoutMs: the client asks for its seat back (RESUME).
    yield plain + play + LINK + WAIT + b"\xff" + LINK + wait * 10 + play
    yield password + play + LINK + WAIT + b"\xff" + WAIT + b"\xff" + LINK + wait * 10 + play
    for line in LINES:
        yield plain + TAGGED + line.encode() + b"\n" + play
        yield plain + RAW + datagram(line).encode() + b"\n" + wait
    yield plain + STRANGER + datagram(LINES[0]).encode() + b"\n" + STRANGER + b"x" * 30 + b"\n"
    yield password + TAGGED + b"SHUTDOWN 1 4000000000 forged\n" + TAGGED + b"OK 1 5 UPDATE 1 999 10 20 0\n" + play


SETTINGS = [
    b"",
    b"[network]\npeer = 10.0.0.2\nport = 50002\nwait = 30\ngrace = 5\npassword = kiwi fruit\n[player]\nname = hana\n"
    b"[rules]\njokers = 0\ndeal = colors\nhand = 6\nrefill = auto\n[cpu]\nlevel = max\n",
    b"\xef\xbb\xbf[network]\r\nport = 50003\r\n",
    b"[network]\nport = 1\n[player]\nname = a\n[network]\nwait = 9\n",
    b"[ cpu ]\nlevel = hard\n",
    b"[network]\n\vport = 50002\n\f\twait = 4\n",
    b"; comment\n# another\n[network]\npeer = example.org ; the host\n",
    b"[network]\npeer = " + b"a" * 180 + b" ; " + b"c" * 150 + b"\n",
    b"[network]\nport = 50001] x\n",
    b"[network] trailing\nport = 1\n",
    b"[network]\rport = 1\r",
    b"[network]\nport = 1\x00\nwait = 2\n",
    b"[rules]\nhand = 9\n",
    b"[network]\nport = 70000\n",
    b"[unknown]\nkey = 1\n",
    b"[network]\nport = 1\nport = 2\n",
    b"[network]\npassword =  lead\n",
    b"\xef\xbb\xbf\xef\xbb\xbf[network]\r\nport = 50\r\n",  # found by the fuzzer: two marks
    b"[player]\nname = hana\nsound = off ; quiet\nvolume = 0\n",
    b"[player]\nsound = on\nvolume = 100\n",
    b"[player]\nvolume = 101\n",
    b"[player]\nsound = yes\n",
]


def write(folder, inputs):
    os.makedirs(folder, exist_ok=True)
    for data in inputs:
        with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as out:
            out.write(data)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    write(os.path.join(root, "decoder"), [d.encode() for line in LINES for d in (line, datagram(line))])
    write(os.path.join(root, "host_session"), list(scripts()))
    write(os.path.join(root, "client_session"), list(scripts()))
    finds = [datagram(line) for line in LINES if line.startswith(("FIND", "HERE"))]
    write(os.path.join(root, "discovery"), [bytes([n]) + "\n".join(finds[n:] + finds[:n]).encode() for n in range(len(finds))] +
          [b"\x00" + "\n".join([finds[0]] * 40).encode(), b"\x01" + datagram(LINES[0]).encode() + b"\n" + finds[3].encode()])
    write(os.path.join(root, "settings"), SETTINGS + [open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                      "../../setup.ini"), "rb").read()])


if __name__ == "__main__":
    main()
