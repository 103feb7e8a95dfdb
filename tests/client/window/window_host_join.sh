#!/usr/bin/env bash
# Two windows on one display, driven only by X key presses as two players would: the first
# hosts from its start screen (H), the second types 127.0.0.1 into Join (J, the address,
# Return). Their bots then play a whole game over loopback, and the joined address is
# remembered as the second player's setup.ini peer. Then the host is killed (-9) mid-game and
# started again: it offers the waiting match, resumes it, and both clocks agree; when the
# joiner leaves, the host hosts again without the last opponent on its table.
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

# The host dies in the middle of game 2 (kill -9) and is started again: its start screen offers
# the match its journal keeps, Enter resumes it, bob's window comes back by itself, and the
# host's log tells of a join, never of a player who stopped answering.
# Both players choose the rematch (N): game 2 is dealt.
for wid in "$alice_wid" "$bob_wid"; do
    xdotool windowfocus --sync "$wid"
    xdotool key --clearmodifiers n
done
LOG=$ALICE_LOG wait_for_log "game 2 dealt" 60
played=$(grep -c "applied (" "$BOB_LOG")
LOG=$BOB_LOG wait_for_log_count "applied \(" $((played + 6)) 60
kill -9 "$ALICE"
wait "$ALICE" 2>/dev/null
LOG=$BOB_LOG wait_for_log "banner: alice's window stopped answering" 60
ALICE_LOG=$WORK_DIR/alice2.log
"$SPEED_BIN" --config "$WORK_DIR/alice.ini" --bot max --seed 21 --dump-layout 2>"$ALICE_LOG" >/dev/null &
ALICE=$!
LOG=$ALICE_LOG wait_for_log "start screen offers: resume the match with bob \(game 2\) on UDP port $port" 60
echo "ok: the restarted host offers its waiting match"
alice_wid=
for _ in $(seq 50); do
    alice_wid=$(xdotool search --classname '^speed$' | grep -vx "$bob_wid" | head -n 1)
    [ -n "$alice_wid" ] && break
    sleep 0.1
done
[ -n "$alice_wid" ] || fail "the restarted host's window is missing"
xdotool windowfocus --sync "$alice_wid"
LOG=$ALICE_LOG wait_for_log "keys go to screen\.resume" 60
xdotool key --clearmodifiers Return
LOG=$ALICE_LOG wait_for_log "start screen: resuming the match with bob \(game 2\)" 60
LOG=$ALICE_LOG wait_for_log "took the match with bob back from the journal: game 2" 60
LOG=$ALICE_LOG wait_for_log "bob joined the match taken back \(game 2\)" 60
grep -q "stopped answering" "$ALICE_LOG" && fail "the resumed host says someone stopped answering: $(grep "stopped answering" "$ALICE_LOG" | head -n 2)"
echo "ok: Enter resumes it, and bob's return is a join"

# Both clocks show the host's game time: game 2 ends at the same time on both sides (whole
# seconds, so one apart at most), and with the same result from each side.
LOG=$ALICE_LOG wait_for_log "game 2 over" 90
LOG=$BOB_LOG wait_for_log "game 2 over" 60
seconds() { awk -F: '{ print $1 * 60 + $2 }' <<<"$1"; }
alice_end=$(grep -oE "game 2 over: [A-Z]+ in [0-9]+:[0-9]+" "$ALICE_LOG" | head -n 1)
bob_end=$(grep -oE "game 2 over: [A-Z]+ in [0-9]+:[0-9]+" "$BOB_LOG" | head -n 1)
gap=$(($(seconds "${alice_end##* }") - $(seconds "${bob_end##* }")))
[ "${gap#-}" -le 1 ] || fail "the clocks disagree after the resume: alice '$alice_end', bob '$bob_end'"
case "$alice_end $bob_end" in
*WIN*DEFEAT* | *DEFEAT*WIN* | *DRAW*DRAW*) ;;
*) fail "the results do not mirror: alice '$alice_end', bob '$bob_end'" ;;
esac
echo "ok: after the resume both clocks agree ($alice_end / $bob_end)"

# Bob leaves (Game › Start screen): the host's start screen offers to host again (not
# "connect again"), and hosting again clears bob's name and score from the table.
LOG=$BOB_LOG
wid=$bob_wid
xdotool windowraise "$bob_wid"
xdotool windowfocus --sync "$bob_wid"
menu_pick menu.game menu.game.start_screen
wait_for_log "menu: back to the start screen" 60
LOG=$WORK_DIR/speed.log
LOG=$ALICE_LOG wait_for_log "start screen offers: host again on UDP port $port" 60
waits=$(grep -c "banner: Waiting for a player" "$ALICE_LOG")
xdotool windowraise "$alice_wid"
xdotool windowfocus --sync "$alice_wid"
xdotool key --clearmodifiers r
LOG=$ALICE_LOG wait_for_log "trying again" 60
LOG=$ALICE_LOG wait_for_log_count "banner: Waiting for a player" $((waits + 1)) 60
last_shown=$(grep "opponent shown:" "$ALICE_LOG" | tail -n 1)
case "$last_shown" in
*bob*) fail "hosting again still shows the last opponent: $last_shown" ;;
*"score: ") ;;
*) fail "hosting again still shows a score: $last_shown" ;;
esac
echo "ok: R hosts again, without bob's name or score on the table"
kill "$ALICE" 2>/dev/null
wait "$ALICE" 2>/dev/null
true
