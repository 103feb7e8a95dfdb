#!/usr/bin/env python3
"""The CPU ladder: each level against the one directly below it, GAMES games a pair on virtual
time (speed-server --selfplay N --level A --vs-level B --json, default rules). Prints the table
(A's share of the decided games with its 95% interval, draws, mean game time, actions per
minute) and fails when a level takes less than 60% of the decided games against the one below.
The games are seeded, so the table is the same on every run.
Usage: cpu_ladder.py SPEED_SERVER WORK_DIR [GAMES [SEED]]"""
import json
import os
import subprocess
import sys

# Slowest first, as common/src/Bot.cpp lists them; max, the test bot, is not a rung.
LADDER = ["novice", "easy", "casual", "normal", "hard", "expert"]
NEEDED = 0.60


def play(server, config, upper, lower, games, seed):
    out = subprocess.run([server, "--config", config, "--selfplay", str(games), "--seed", str(seed),
                          "--level", upper, "--vs-level", lower, "--json"],
                         check=False, capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        sys.exit(f"{upper} vs {lower}: speed-server exited {out.returncode}\n{out.stdout}{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv):
    server, work = argv[1], argv[2]
    games = int(argv[3]) if len(argv) > 3 else 1000
    seed = int(argv[4]) if len(argv) > 4 else 1
    os.makedirs(work, exist_ok=True)
    config = os.path.join(work, "setup.ini")  # empty: the default rules
    with open(config, "w", encoding="utf-8"):
        pass
    print(f"CPU ladder: each level against the one below, {games} games a pair from seed {seed}, "
          "seats alternating, default rules, virtual time")
    print(f"{'level':<17} {'vs':<17} {'won':>5} {'lost':>5} {'draws':>5} {'win rate':>8}  {'95% CI':<11}  "
          f"{'game s':>6}  actions/min")
    failures = []
    for lower, upper in zip(LADDER, LADDER[1:]):
        r = play(server, config, upper, lower, games, seed)
        won, lost = r["level_wins"]
        low, high = r["win_rate_ci95"]
        apm = r["actions_per_minute"]
        a, b = r["names"]
        print(f"{a + ' (' + upper + ')':<17} {b + ' (' + lower + ')':<17} {won:>5} {lost:>5} {r['draws']:>5} "
              f"{100 * r['win_rate']:>7.1f}%  {f'{100 * low:.1f}-{100 * high:.1f}%':<11}  "
              f"{r['mean_game_seconds']:>6.1f}  {apm[0]:.1f} / {apm[1]:.1f}")
        if r["invariant_violations"] != 0 or r["finished"] != games:
            failures.append(f"{upper} vs {lower}: {r['finished']} of {games} finished, "
                            f"{r['invariant_violations']} invariant violations")
        if r["win_rate"] < NEEDED:
            failures.append(f"{upper} takes only {100 * r['win_rate']:.1f}% of the decided games against {lower} "
                            f"(needed {100 * NEEDED:.0f}%)")
    for failure in failures:
        print("FAIL: " + failure)
    if not failures:
        print(f"ok: every level takes at least {100 * NEEDED:.0f}% of the decided games against the one below")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
