#!/usr/bin/env python3
"""How long a match stands still when one side's program is killed with -9 and started again at
once (docs/NETWORK.md, "Coming back"): from the restart to the moment the host plays on with its
client back, over TRIALS trials for each side. Prints the figures; fails only when a side does
not come back. Usage: resume_time.py BIN_DIR WORK_DIR [TRIALS]"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from netharness import Failure, free_udp_port, run_bench  # noqa: E402

BOT = ["--level", "hard"]


def trial(h, side, number):
    port = free_udp_port()
    ini = h.write_config(f"resume-{side}-{number}.ini", "[network]\nwait = 30\ngrace = 60\n")
    host_args = ["--config", ini, "--port", port, "--seed", number + 1, *BOT]
    client_args = ["--config", ini, "--join", f"127.0.0.1:{port}", *BOT]
    host_state, client_state = f"host-{side}-{number}", f"client-{side}-{number}"
    host = h.start(f"host {number}", "speed-server", *host_args, state=host_state)
    host.wait_for_line("hosting on UDP port", 10)
    client = h.start(f"client {number}", "speed-server", *client_args, state=client_state)
    host.wait_for_line("connected to", 10)
    time.sleep(1.0)  # a game under way; nothing is timed here
    if side == "client":
        client.kill()
        restarted_at = time.monotonic()
        again = h.start(f"client again {number}", "speed-server", *client_args, state=client_state)
        resumed_at = max(host.wait_for_line("is back at", 15), again.wait_for_line("back in the match", 15))
    else:
        host.kill()
        restarted_at = time.monotonic()
        again = h.start(f"host again {number}", "speed-server", *host_args, state=host_state)
        resumed_at = again.wait_for_line("is back at", 15)
    for program in (host, client, again):
        program.kill()
    return (resumed_at - restarted_at) * 1000


def bench(h):
    trials = h.trials
    for side, why in (("client", "the restarted client asks for its seat at once"),
                      ("host", "the restored host sends REKEY, the client asks for its seat")):
        times = [trial(h, side, number) for number in range(trials)]
        if not times:
            raise Failure(f"no trial of the {side}'s restart")
        print(f"{side} killed with -9 and restarted: play resumed after p50 {statistics.median(times):.0f} ms, "
              f"min {min(times):.0f}, max {max(times):.0f} ms over {trials} trials ({why})")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(run_bench(bench, sys.argv[1], sys.argv[2], trials=int(sys.argv[3]) if len(sys.argv) == 4 else 10))
