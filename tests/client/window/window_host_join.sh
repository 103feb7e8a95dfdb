#!/usr/bin/env bash
# Two windows on one display, driven only by X key presses as two players would: the first
# hosts from its start screen (H), the second types 127.0.0.1 into Join (J, the address,
# Return). Their bots then play a whole game over loopback, and the joined address is
# remembered as the second player's setup.ini peer.
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"

port=$(free_udp_port)
write_ini "$WORK_DIR/alice.ini" alice "$port"
write_ini "$WORK_DIR/bob.ini" bob "$port"
ALICE_LOG=$WORK_DIR/alice.log BOB_LOG=$WORK_DIR/bob.log
"$SPEED_BIN" --config "$WORK_DIR/alice.ini" --bot max --seed 21 --dump-layout 2>"$ALICE_LOG" >/dev/null &
ALICE=$!
trap 'kill $ALICE $BOB 2>/dev/null || true' EXIT
LOG=$ALICE_LOG wait_for_log "start screen" 60
alice_wid=$(timeout 15 xdotool search --sync --classname '^speed$' | head -n 1)
"$SPEED_BIN" --config "$WORK_DIR/bob.ini" --bot max --seed 21 --dump-layout 2>"$BOB_LOG" >/dev/null &
BOB=$!
LOG=$BOB_LOG wait_for_log "start screen" 60
bob_wid=
for _ in $(seq 50); do
    bob_wid=$(xdotool search --classname '^speed$' | grep -vx "$alice_wid" | head -n 1)
    [ -n "$bob_wid" ] && break
    sleep 0.1
done
[ -n "$alice_wid" ] && [ -n "$bob_wid" ] || fail "two speed windows expected"

xdotool windowfocus --sync "$alice_wid"
LOG=$ALICE_LOG wait_for_log "keys go to screen\.play_cpu" 60
xdotool key --clearmodifiers h
LOG=$ALICE_LOG wait_for_log "banner: Waiting for a player: on UDP port $port" 60
echo "ok: H on the start screen hosts on port $port"

xdotool windowfocus --sync "$bob_wid"
LOG=$BOB_LOG wait_for_log "keys go to screen\.play_cpu" 60
xdotool key --clearmodifiers j
LOG=$BOB_LOG wait_for_log "keys go to screen\.join\.address" 60 # the caret is in the field
xdotool type --delay 30 "127.0.0.1"
xdotool key --clearmodifiers Return
LOG=$BOB_LOG wait_for_log "start screen: joining 127.0.0.1" 60
echo "ok: the typed address is joined"
LOG=$BOB_LOG wait_for_log "game 1 over" 60
LOG=$ALICE_LOG wait_for_log "game 1 over" 60
echo "ok: a whole game played between the two windows"
grep -qx "peer = 127.0.0.1" "$WORK_DIR/bob.ini" || fail "bob.ini does not remember the peer: $(cat "$WORK_DIR/bob.ini")"
echo "ok: the address is remembered as setup.ini's peer"
kill "$BOB" "$ALICE" 2>/dev/null
wait "$BOB" "$ALICE" 2>/dev/null
true
