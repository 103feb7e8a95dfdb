#!/usr/bin/env python3
"""A host's journal that holds less than it committed is never trusted (docs/NETWORK.md, "What is
kept, and where"): real speed-server processes on 127.0.0.1, the host's journal on real files
that lose their tail. A restarted host must not take back an older game than the one it played.
Usage: journal_tests.py BIN_DIR WORK_DIR TEST_NAME (see TESTS below)."""
import errno
import os
import subprocess
import sys

from netharness import Skipped, expect, free_udp_port, run_named_test, wait_until

# The host's bot takes a human's time per card, so that the game is still on when it is killed.
SLOW = ["--level", "hard"]
FAST = ["--level", "max"]
NOT_TAKEN_BACK = "the match journal cannot prove it is complete"
DAMAGED = "the host's record of this game was damaged; the game cannot continue"
TAKEN_BACK = "took the match with"
CANNOT_TAKE_BACK = "a restarted host could not take this match back"
HOST_STATE = "host-machine"


def pair(h, games, host_bot, client_bot):
    port = free_udp_port()
    ini = h.write_config("setup.ini", "[network]\nwait = 30\ngrace = 60\n")
    host_args = ["--config", ini, "--port", port, "--games", games, "--json", "--seed", 11, *host_bot]
    client_args = ["--config", ini, "--join", f"127.0.0.1:{port}", "--games", games, "--json", *client_bot]
    host = h.start("host", "speed-server", *host_args, state=HOST_STATE)
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start("client", "speed-server", *client_args, state="client-machine")
    client.wait_for_line("connected to", 10)
    host.wait_for_line("connected to", 10)
    return host, client, host_args, os.path.join(h.work_dir, HOST_STATE, "speed", f"host-{port}.sqlite")


def size_of(path):
    return os.path.getsize(path) if os.path.exists(path) else 0


def restarted_host_refuses(h, host_args, journal, client, *others):
    """The host comes back on the same state folder: it says why it does not take the match
    back and never takes it back; it asks its client back to tell it, both sides end saying the
    record was damaged, and the journal is deleted (the match is over) to wait for a new one."""
    again = h.start("host again", "speed-server", *host_args, state=HOST_STATE)
    again.wait_for_line(NOT_TAKEN_BACK, 20)
    again.wait_for_line(DAMAGED, 20)
    expect(not any(TAKEN_BACK in line for line in again.stdout + again.stderr),
           "the restarted host took an older game back", again, client, *others)
    expect(client.wait_exit(20) == 1, "the client should end with an error", client, again)
    expect(any(DAMAGED in line for line in client.stdout + client.stderr), "the client does not say why it ended",
           client, again)
    wait_until(lambda: not any(os.path.exists(journal + suffix) for suffix in ("", "-wal", "-committed")),
               "the journal of the match not taken back is deleted", 10, again)
    return again


def wal_cut_in_half_while_host_is_down(h):
    """kill -9 the host mid-game, cut its journal's write-ahead log to half its size, restart it:
    it finds the journal behind what it committed and does not take an older game back."""
    host, client, host_args, journal = pair(h, 1, SLOW, SLOW)
    # A game under way: a dozen commits or more in the log (each commit adds two pages).
    wait_until(lambda: size_of(journal + "-wal") > 100_000, "the journal's write-ahead log grows", 60, host)
    host.kill()  # SIGKILL: the log is left as it is, not checkpointed
    wal = journal + "-wal"
    os.truncate(wal, os.path.getsize(wal) // 2)
    again = restarted_host_refuses(h, host_args, journal, client, host)
    expect(any(NOT_TAKEN_BACK in line and "lost its last commits" in line for line in again.stderr),
           "the restarted host does not say its journal lost its last commits", again)


def fill(folder):
    """Writes a file into `folder` until its file system says it is full."""
    filler = os.path.join(folder, "filler")
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as error:
            if error.errno != errno.ENOSPC:
                raise
    return filler


def disk_fills_up_mid_game(h):
    """The host's state folder is a small tmpfs that fills up during the first game: the host
    says once that a restarted host could not take the match back, and play goes on (the game
    ends, the next is dealt); killed during the next game and restarted with the space freed, it
    does not take back the older game its journal holds."""
    if os.geteuid() != 0:
        raise Skipped("mounting a small tmpfs as the host's state folder needs root")
    state = os.path.join(h.work_dir, HOST_STATE)
    os.makedirs(state, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", state], check=True)
    try:
        host, client, host_args, journal = pair(h, 3, FAST, FAST)
        wait_until(lambda: size_of(journal + "-wal") > 0, "the journal's first commit", 30, host)
        filler = fill(state)
        host.wait_for_line(CANNOT_TAKE_BACK, 30)
        host.wait_for_line("game 1:", 120)  # play went on without the journal
        host.kill()
        reports = [line for line in host.stderr if CANNOT_TAKE_BACK in line]
        expect(len(reports) == 1, f"the failed write was reported {len(reports)} times", host)
        expect("database or disk is full" in reports[0], "the report does not say the disk is full", host)
        os.remove(filler)
        again = restarted_host_refuses(h, host_args, journal, client, host)
        expect(any(NOT_TAKEN_BACK in line and "a write to it failed" in line for line in again.stderr),
               "the restarted host does not say a write to its journal failed", again)
    finally:
        h.close()  # the programs let go of the mount's files
        subprocess.run(["umount", state], check=False)


TESTS = {test.__name__: test for test in (wal_cut_in_half_while_host_is_down, disk_fills_up_mid_game)}

if __name__ == "__main__":
    sys.exit(run_named_test(TESTS, __doc__, sys.argv))
