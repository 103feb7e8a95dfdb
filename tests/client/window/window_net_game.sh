#!/usr/bin/env bash
# Two `speed --bot max --games 1 --json` windows on one display find each other through
# setup.ini (peer = 127.0.0.1: the first hosts, the second joins), play a whole game over UDP and report mirrored results
# (WIN <-> DEFEAT, DRAW <-> DRAW, one host and one client). Then a screenshot of each, taken
# while the dealt table stands still, shows each side at the bottom (looked at by hand; the
# test checks the files).
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"

port=$(free_udp_port)
write_ini "$WORK_DIR/alice.ini" alice "$port" 127.0.0.1
write_ini "$WORK_DIR/bob.ini" bob "$port" 127.0.0.1

# play NAME ARGS...: one window in the background; its pid in PIDS, output in NAME.out/.log.
PIDS=()
play() {
    local name=$1
    shift
    timeout 240 "$SPEED_BIN" --config "$WORK_DIR/$name.ini" --seed 21 "$@" >"$WORK_DIR/$name.out" 2>"$WORK_DIR/$name.log" &
    PIDS+=($!)
}
trap 'kill "${PIDS[@]}" 2>/dev/null || true' EXIT
wait_all() {
    local status=0
    for pid in "${PIDS[@]}"; do wait "$pid" || status=$?; done
    PIDS=()
    return $status
}
LOG=$WORK_DIR/alice.log

# Two windows created at the same instant on one bare Xvfb can stall SFML's window creation (it
# waits in XCheckIfEvent until the other program exits): the second starts once the first is up.
play alice --bot max --games 1 --json
wait_for_log "window ready" 60
play bob --bot max --games 1 --json
wait_all || { tail -n 15 "$WORK_DIR/bob.log" >&2; fail "a window exited with status $?"; }

json_field() { python3 -c 'import json, sys; d = json.loads(open(sys.argv[1]).read().splitlines()[-1]); print(d[sys.argv[2]] if not isinstance(d[sys.argv[2]], list) else " ".join(d[sys.argv[2]]))' "$@"; }
for name in alice bob; do
    [ "$(json_field "$WORK_DIR/$name.out" games)" = 1 ] || fail "$name did not play one game: $(tail -n 1 "$WORK_DIR/$name.out")"
done
roles="$(json_field "$WORK_DIR/alice.out" role) $(json_field "$WORK_DIR/bob.out" role)"
results="$(json_field "$WORK_DIR/alice.out" results) $(json_field "$WORK_DIR/bob.out" results)"
case "$roles" in "host client" | "client host") ;; *) fail "roles are not one host and one client: $roles" ;; esac
case "$results" in "WIN DEFEAT" | "DEFEAT WIN" | "DRAW DRAW") ;; *) fail "results do not mirror: $results" ;; esac
grep -q "connected to bob" "$WORK_DIR/alice.log" || fail "alice's log does not name bob as the opponent"
# Each side's estimate of the other's clock (from the OKs' stamps) agrees with the other's:
# the two offsets are opposite, within the sum of their error bounds.
python3 - "$WORK_DIR/alice.out" "$WORK_DIR/bob.out" <<'PY' || fail "the two windows' clock estimates do not agree"
import json, sys
a, b = (json.loads(open(f).read().splitlines()[-1])["clock"] for f in sys.argv[1:])
assert a and b, f"no clock estimate: {a} {b}"
gap = abs(a["offset_ms"] + b["offset_ms"])
assert gap <= a["epsilon_ms"] + b["epsilon_ms"] + 0.002, f"offsets {a['offset_ms']} and {b['offset_ms']} differ by {gap} ms"
print(f"ok: clocks {a['offset_ms']:+.3f} +/- {a['epsilon_ms']:.3f} ms and {b['offset_ms']:+.3f} +/- {b['epsilon_ms']:.3f} ms")
PY
# Fair arbitration by default: both windows say so, and the host's lag was chosen from the
# measured link (at least the floor, below the 100 ms cap it starts from before the link is
# measured). On a quiet loopback it is the floor's few ms; a loaded machine's slower loopback
# may raise it, so the figure is printed, not bounded any tighter.
python3 - "$WORK_DIR/alice.out" "$WORK_DIR/bob.out" <<'PY' || fail "the windows do not report fair arbitration with a loopback lag"
import json, sys
reports = [json.loads(open(f).read().splitlines()[-1]) for f in sys.argv[1:]]
assert all(r["arbitration"]["mode"] == "fair" for r in reports), [r["arbitration"] for r in reports]
host = next(r for r in reports if r["role"] == "host")["arbitration"]
assert 3.0 <= host["lag_ms"] < 100.0, host
print(f"ok: fair arbitration, the host's lag {host['lag_ms']:.1f} ms, tie window {host['tie_window_ms']:.1f} ms")
PY
echo "ok: game over the network, roles $roles, results $results"

# The screenshots: no bot, so after the deal and the SPEED! flip nothing moves. The first window
# to save its PNG exits and tells the other (SHUTDOWN) 3 s later, whose banner then says so: the
# two shots are timed for the same moment, 10 s after alice was launched (each window counts
# --after from its own start, and bob starts about as long after its launch as alice did,
# however loaded the machine). A pair where one was taken before its window connected, or after
# the other side left, is taken again (at most three times).
shots_taken() {
    for name in alice bob; do
        grep -q "screenshot saved" "$WORK_DIR/$name.log" || return 1
        sed -n '/screenshot saved/q;p' "$WORK_DIR/$name.log" | grep -q "banner: Match over" && return 1
        sed -n '/screenshot saved/q;p' "$WORK_DIR/$name.log" | grep -Eq "connected to (alice|bob)" || return 1
    done
    return 0
}
for attempt in 1 2 3; do
    : >"$LOG"
    launched=$(date +%s.%N)
    play alice --screenshot "$WORK_DIR/alice.png" --after 10
    wait_for_log "window ready" 60
    bob_after=$(python3 -c 'import sys, time; print(f"{max(1.0, 10 - (time.time() - float(sys.argv[1]))):.2f}")' "$launched")
    play bob --screenshot "$WORK_DIR/bob.png" --after "$bob_after"
    wait_all || fail "a screenshot window exited with status $?"
    shots_taken && break
    echo "screenshots: attempt $attempt had one taken before connecting or after the other side left; again"
done
shots_taken || fail "no pair of screenshots taken while both windows were connected"
for name in alice bob; do
    shot=$WORK_DIR/$name.png
    [ "$(head -c 8 "$shot" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$shot is not a PNG"
    grep -Eq "connected to (alice|bob)" "$WORK_DIR/$name.log" || fail "$name never connected before its screenshot"
    echo "ok: $shot ($(stat -c %s "$shot") bytes)"
done
