#!/usr/bin/env python3
"""A match outlives its programs (docs/NETWORK.md, "Coming back"): real speed-server processes on
127.0.0.1, killed with -9, frozen with SIGSTOP, restarted with the same setup.ini and state
folder. Usage: resume_tests.py BIN_DIR WORK_DIR TEST_NAME (see TESTS below)."""
import glob
import os
import re
import shutil
import signal
import sys
import time

from netharness import MIRROR, Failure, expect, expect_mirrored, free_udp_port, run_named_test

# Bots that take a human's time per card, so that a game lasts long enough to be cut in two; a
# program that comes back plays at full speed, so the rest of the game is quick.
BOT = ["--level", "hard"]
FAST = ["--level", "max"]
GAMES = 1


def config(h, name, grace=60):
    return h.write_config(name, f"[network]\nwait = 30\ngrace = {grace}\n")


def pair(h, grace=60, seed=11, host_bot=BOT, client_bot=BOT, games=GAMES):
    """A host and a client that play `games` games; each has its own state folder (its machine).
    The argument lists returned start the same program again, its bot at full speed."""
    port = free_udp_port()
    ini = config(h, "setup.ini", grace)
    host_args = ["--config", ini, "--port", port, "--games", games, "--json", "--seed", seed]
    client_args = ["--config", ini, "--join", f"127.0.0.1:{port}", "--games", games, "--json"]
    host = h.start("host", "speed-server", *host_args, *host_bot, state="host-machine")
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start("client", "speed-server", *client_args, *client_bot, state="client-machine")
    client.wait_for_line("connected to", 10)
    host.wait_for_line("connected to", 10)
    return host, client, host_args + FAST, client_args + FAST


def let_the_game_run(seconds=2.0):
    """Bots play for a while, so that what is resumed is a game well under way. No result
    depends on how many moves they made."""
    time.sleep(seconds)


def finish(host, client, *others):
    expect(client.wait_exit(120) == 0, "client exit code", client, host, *others)
    expect(host.wait_exit(30) == 0, "host exit code", host, client, *others)
    host_report, client_report = expect_mirrored(host, client, GAMES)
    expect(host_report["bad_tables"] == 0 and client_report["bad_tables"] == 0,
           "a table lost or doubled a card", host, client)
    return host_report, client_report


def client_killed_comes_back(h):
    host, client, _, client_args = pair(h)
    let_the_game_run()
    client.kill()  # SIGKILL: no SHUTDOWN, nothing written on the way out
    host.wait_for_line("is missing: the game is paused", 10)
    again = h.start("client again", "speed-server", *client_args, state="client-machine")
    again.wait_for_line("back in the match with", 10)
    host.wait_for_line("is back at", 10)
    expect(any(re.search(r"is back at .*: game 1 goes on", line) for line in host.stdout),
           "the host did not go on with game 1", host, again)
    finish(host, again, client)


def host_killed_comes_back(h):
    host, client, host_args, _ = pair(h)
    let_the_game_run()
    host.kill()
    again = h.start("host again", "speed-server", *host_args, state="host-machine")
    again.wait_for_line("took the match with", 10)
    again.wait_for_line("is back at", 15)
    client.wait_for_line("back in the match with", 15)
    finish(again, client, host)


def frozen(h, side, seconds):
    """SIGSTOP one side for `seconds` (less than the grace), then SIGCONT: the match goes on.
    The other side's bot plays at full speed, so the game ends soon after."""
    host, client, _, _ = pair(h, host_bot=FAST if side == "client" else BOT, client_bot=BOT if side == "client" else FAST)
    let_the_game_run(1.0)
    target, other = (client, host) if side == "client" else (host, client)
    target.signal(signal.SIGSTOP)
    other.wait_for_line("is missing: the game is paused", 10)
    time.sleep(seconds)  # the freeze itself: how long the program is stopped
    target.signal(signal.SIGCONT)
    other.wait_for_line("is heard again", 15)
    finish(host, client)


def client_frozen_20s(h):
    frozen(h, "client", 20)


def host_frozen_45s(h):
    frozen(h, "host", 45)


def frozen_past_the_grace(h):
    """A freeze longer than the grace: both sides end and say why, and the host takes a new
    player without a restart."""
    host, client, _, client_args = pair(h, grace=5)
    let_the_game_run(1.0)
    client.signal(signal.SIGSTOP)
    host.wait_for_line("the match is given up", 15)
    host.wait_for_line("for a new player", 5)
    client.signal(signal.SIGCONT)
    expect(client.wait_exit(20) == 1, "the frozen client should end with an error", client, host)
    # It finds out by itself (its own grace) or from the host, which has given the match up.
    expect(any("the match is given up" in line or "no longer holds this match" in line
               for line in client.stdout + client.stderr), "the client does not say why it ended", client)
    newcomer = h.start("newcomer", "speed-server", *client_args, state="newcomer-machine")
    newcomer.wait_for_line("connected to", 10)
    finish(host, newcomer, client)


def stranger_told_seat_is_held(h):
    host, client, _, client_args = pair(h)
    let_the_game_run(1.0)
    client.kill()
    host.wait_for_line("is missing: the game is paused", 10)
    stranger = h.start("stranger", "speed-server", *client_args, state="stranger-machine")
    expect(stranger.wait_exit(15) == 1, "the stranger should be refused", stranger, host)
    expect(any("keeps the seat for a player who dropped out" in line for line in stranger.stderr),
           "the stranger is not told the seat is held", stranger)
    host.wait_for_line("the seat is held for the player who dropped out", 5)
    again = h.start("client again", "speed-server", *client_args, state="client-machine")
    again.wait_for_line("back in the match with", 10)
    finish(host, again, client, stranger)


def journal_files(h, port):
    """The host's journal for its port: the database and its write-ahead log and index."""
    return sorted(glob.glob(os.path.join(h.work_dir, "host-machine", "speed", f"host-{port}.sqlite*")))


def older_journal_is_refused(h):
    """A host whose journal is put back to an older copy (a write that failed, a log that lost
    its tail) never takes back a game older than its client holds: both sides end within
    seconds and say why, the ticket and the journal are gone, and the host waits for a new
    player."""
    port = free_udp_port()
    ini = config(h, "setup.ini")
    host_args = ["--config", ini, "--port", port, "--games", 3, "--json", "--seed", 11]
    client_args = ["--config", ini, "--join", f"127.0.0.1:{port}", "--games", 3, "--json"]
    host = h.start("host", "speed-server", *host_args, *BOT, state="host-machine")
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start("client", "speed-server", *client_args, *BOT, state="client-machine")
    client.wait_for_line("connected to", 10)
    let_the_game_run(1.5)
    host.kill()
    saved = os.path.join(h.work_dir, "older-journal")
    os.makedirs(saved)
    copies = journal_files(h, port)
    expect(copies, "the host kept no journal", host)
    for path in copies:
        shutil.copy2(path, saved)
    again = h.start("host again", "speed-server", *host_args, *BOT, state="host-machine")
    again.wait_for_line("took the match with", 10)
    again.wait_for_line("is back at", 15)
    let_the_game_run(3.0)  # the game goes on past the copy
    again.kill()
    for path in journal_files(h, port):
        os.remove(path)
    for name in os.listdir(saved):
        shutil.copy2(os.path.join(saved, name), os.path.join(h.work_dir, "host-machine", "speed", name))
    third = h.start("host put back", "speed-server", *host_args, *FAST, state="host-machine")
    damaged = "the host's record of this game was damaged; the game cannot continue"
    third.wait_for_line(damaged, 15)
    third.wait_for_line("for a new player", 5)
    expect(client.wait_exit(15) == 1, "the client should end with an error", client, third)
    expect(any(damaged in line for line in client.stdout + client.stderr), "the client does not say why it ended",
           client)
    expect(not any("goes on" in line for line in third.stdout), "the host took the older game back", third)
    tickets = glob.glob(os.path.join(h.work_dir, "client-machine", "speed", "join-*.ticket"))
    expect(not tickets, f"the client's ticket is still there: {tickets}", client)
    expect(not journal_files(h, port), "the host's journal is still there", third)
    newcomer = h.start("newcomer", "speed-server", *client_args, *FAST, state="newcomer-machine")
    newcomer.wait_for_line("connected to", 10)
    expect(newcomer.wait_exit(120) == 0, "the newcomer's match", newcomer, third)
    expect(third.wait_exit(30) == 0, "the host's exit code after the newcomer's match", third, newcomer)


def late_join_past_the_grace(h):
    """A host that waits longer than the grace: a player who joins after more than the grace is
    neither "missing" nor dropped, and plays its game."""
    grace = 5
    port = free_udp_port()
    host = h.start("host", "speed-server", "--port", port, "--wait", 60, "--grace", grace, "--games", 1, "--json",
                   "--seed", 4, *FAST, state="host-machine")
    host.wait_for_line("hosting on UDP port", 10)
    time.sleep(grace + 3)  # the client starts well after the grace: what is tested is that wait
    client = h.start("client", "speed-server", "--join", f"127.0.0.1:{port}", "--games", 1, "--json", *FAST,
                     state="client-machine")
    expect(client.wait_exit(60) == 0, "client exit code", client, host)
    expect(host.wait_exit(30) == 0, "host exit code", host, client)
    expect_mirrored(host, client, 1)
    for line in host.stdout + host.stderr:
        expect("is missing" not in line and "given up" not in line, f"the host said: {line}", host, client)


def played_games(report):
    """The match's numbers of the games a program saw end."""
    return report["result_games"]


def finish_match(host, client, games, *others):
    """Both sides exit 0 once game `games` of the match is over, and say the match had `games`
    games; the games both saw have mirrored results; no side played a game more."""
    expect(client.wait_exit(240) == 0, "client exit code", client, host, *others)
    expect(host.wait_exit(30) == 0, "host exit code", host, client, *others)
    host_report, client_report = host.json(), client.json()
    for report, program in ((host_report, host), (client_report, client)):
        expect(report["match_games"] == games and max(played_games(report)) == games,
               f"{program.name}: the match should end with game {games}: {report}", host, client, *others)
        expect(len(report["results"]) == len(played_games(report)), f"{program.name}: {report}", program)
    host_results = dict(zip(played_games(host_report), host_report["results"]))
    for game, result in zip(played_games(client_report), client_report["results"]):
        if game in host_results:
            expect(MIRROR[host_results[game]] == result, f"game {game} does not mirror", host, client)
    for program in (host, client, *others):
        expect(not any(f"game {games + 1}" in line for line in program.stdout),
               f"{program.name} played a game more than {games}", program)
    return host_report, client_report


def into_game_two(program):
    """Waits until `program` saw game 1 end and game 2 dealt (on a busy machine the next deal may
    come seconds after the result), then lets game 2 run a little."""
    program.wait_for_line("game 1: ", 180)
    program.wait_for_line("game 2 dealt", 120)
    let_the_game_run(2.0)


def games_count_the_match_host_restarted(h):
    """--games 3, the host killed during game 2 and started again with the same flags: it plays
    games 2 and 3 of the match, then both sides exit 0."""
    host, client, host_args, _ = pair(h, games=3)
    into_game_two(host)
    host.kill()
    again = h.start("host again", "speed-server", *host_args, state="host-machine")
    again.wait_for_line("took the match with", 10)
    host_report, client_report = finish_match(again, client, 3, host)
    expect(played_games(host_report) == [2, 3] and played_games(client_report) == [1, 2, 3],
           f"games seen: host {host_report} client {client_report}", again, client)


def games_count_the_match_client_restarted(h):
    """The same with the client killed during game 2 and started again."""
    host, client, _, client_args = pair(h, games=3)
    into_game_two(client)
    client.kill()
    again = h.start("client again", "speed-server", *client_args, state="client-machine")
    again.wait_for_line("back in the match with", 15)
    host_report, client_report = finish_match(host, again, 3, client)
    expect(played_games(host_report) == [1, 2, 3] and played_games(client_report) == [2, 3],
           f"games seen: host {host_report} client {client_report}", host, again)


def games_after_a_match_given_up(h):
    """--games 3: a player is lost for good during game 2; a new player then gets a match of
    three games of its own, and the host ends after them."""
    host, client, _, client_args = pair(h, grace=5, games=3, host_bot=FAST)
    into_game_two(host)
    client.kill()
    host.wait_for_line("the match is given up", 20)
    host.wait_for_line("for a new player", 5)
    newcomer = h.start("newcomer", "speed-server", *client_args, state="newcomer-machine")
    newcomer.wait_for_line("connected to", 10)
    host_report, newcomer_report = finish_match(host, newcomer, 3, client)
    expect(played_games(host_report) == [1, 2, 3] and played_games(newcomer_report) == [1, 2, 3],
           f"games seen: host {host_report} newcomer {newcomer_report}", host, newcomer)


TESTS = {test.__name__: test for test in (
    client_killed_comes_back, host_killed_comes_back, client_frozen_20s, host_frozen_45s,
    frozen_past_the_grace, stranger_told_seat_is_held, older_journal_is_refused, late_join_past_the_grace,
    games_count_the_match_host_restarted, games_count_the_match_client_restarted, games_after_a_match_given_up)}

if __name__ == "__main__":
    sys.exit(run_named_test(TESTS, __doc__, sys.argv))
