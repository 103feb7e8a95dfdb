#!/usr/bin/env python3
"""Fair races: identical bots through the protocol simulator (speed-server --simulate N
--arbitration fair|first-arrival --json) at one-way delays of 0, 1, 25, 50 and 100 ms (jitter 10%
of the delay), and once at 50 ms with 2% loss each way. Prints, for each arbitration side by side,
the host's share of the decided games with its 95% interval, the race-level host bias, the order
accuracy, plays taken back per 1,000 plays, the local lag and the move-confirm latency. Fails when
fair arbitration misses its goals: host win rate 0.50 +/- 0.015 in every cell, |bias| <= 1 ms,
order accuracy >= 99.5%, rollbacks <= 5 per 1,000 plays, local lag <= 5 ms at 1 ms one-way.
The games are seeded and run on virtual time, so the table is the same on every run.
Usage: fair_races.py SPEED_SERVER WORK_DIR [GAMES [LEVEL [SEED]]]"""
import concurrent.futures
import json
import os
import subprocess
import sys

CELLS = [(0, 0.0), (1, 0.0), (25, 0.0), (50, 0.0), (100, 0.0), (50, 0.02)]
POLICIES = ["fair", "first-arrival"]


def simulate(server, config, games, level, seed, delay, loss, policy):
    jitter = delay // 10
    args = [server, "--config", config, "--simulate", str(games), "--seed", str(seed), "--level", level,
            "--delay", str(delay), "--jitter", str(jitter), "--loss", str(loss), "--arbitration", policy, "--json"]
    out = subprocess.run(args, check=False, capture_output=True, text=True, timeout=1800)
    if out.returncode != 0:
        sys.exit(f"{' '.join(args)}: exited {out.returncode}\n{out.stdout}{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv):
    server, work = argv[1], argv[2]
    games = int(argv[3]) if len(argv) > 3 else 10000
    level = argv[4] if len(argv) > 4 else "normal"
    seed = int(argv[5]) if len(argv) > 5 else 1
    os.makedirs(work, exist_ok=True)
    config = os.path.join(work, "setup.ini")  # empty: the default rules
    with open(config, "w", encoding="utf-8"):
        pass
    print(f"fair races: {games} games per cell from seed {seed}, identical {level} bots, jitter 10% of the delay")
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        for delay, loss in CELLS:
            for policy in POLICIES:
                jobs[(delay, loss, policy)] = pool.submit(simulate, server, config, games, level, seed, delay, loss, policy)
    print(f"{'one-way':>7} {'loss':>4}  {'arbitration':<13} {'host wins':>9} {'95% CI':<13} {'bias ms':>8} "
          f"{'order':>7} {'races':>6} {'rollb/1k':>8} {'lag ms':>6} {'tie ms':>6} {'confirm p50/p99':>15}")
    failures = []
    for delay, loss in CELLS:
        for policy in POLICIES:
            r = jobs[(delay, loss, policy)].result()
            low, high = r["host_win_rate_ci95"]
            confirm = r["move_confirm_ms"]
            print(f"{delay:>5} ms {loss:>4.0%}  {policy:<13} {r['host_win_rate']:>9.3f} {low:.3f}-{high:.3f}  "
                  f"{r['host_bias_ms']:>+8.2f} {100 * r['order_accuracy']:>6.2f}% {r['contested_races']:>6} "
                  f"{r['rollbacks_per_1000_plays']:>8.2f} {r['local_lag_ms']['p50']:>6.1f} {r['tie_window_ms']:>6.1f} "
                  f"{confirm['p50']:>7} / {confirm['p99']:<6}")
            if r["divergences"] or r["invariant_violations"]:
                failures.append(f"{policy} at {delay} ms: the tables diverged or lost a card")
            if policy != "fair":
                continue
            cell = f"fair at {delay} ms one-way, {loss:.0%} loss"
            if abs(r["host_win_rate"] - 0.5) > 0.015:
                failures.append(f"{cell}: host win rate {r['host_win_rate']:.3f}, not 0.50 +/- 0.015")
            if abs(r["host_bias_ms"]) > 1.0:
                failures.append(f"{cell}: host bias {r['host_bias_ms']:+.2f} ms, more than 1 ms")
            if r["order_accuracy"] < 0.995:
                failures.append(f"{cell}: order accuracy {100 * r['order_accuracy']:.2f}%, under 99.5%")
            if r["rollbacks_per_1000_plays"] > 5:
                failures.append(f"{cell}: {r['rollbacks_per_1000_plays']:.2f} rollbacks per 1000 plays, more than 5")
            if delay == 1 and r["local_lag_ms"]["p50"] > 5:
                failures.append(f"{cell}: local lag {r['local_lag_ms']['p50']:.1f} ms, more than 5 ms")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
