#!/usr/bin/env bash
# After a network game the next one is a rematch both players choose. A window joins a headless
# host; the bot plays the window's cards (--bot) but, without --games, the player chooses what
# comes next. The host's bot asks for the rematch at once, the window says so, and game 2 is
# dealt only when the window's player presses N. Then the player leaves (Game › Start screen,
# as the panel's Leave does): the host is told.
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"
SERVER_BIN=$3

port=$(free_udp_port)
write_ini "$WORK_DIR/host.ini" robo "$port"
write_ini "$WORK_DIR/window.ini" kenta "$port" 127.0.0.1
trap 'kill $SERVER_PID $SPEED_PID 2>/dev/null || true' EXIT
start_host "$SERVER_BIN" "$WORK_DIR/host.ini" --level max --wait 60

"$SPEED_BIN" --config "$WORK_DIR/window.ini" --join "127.0.0.1:$port" --bot max --seed 5 --dump-layout 2>"$LOG" >"$WORK_DIR/stdout.txt" &
SPEED_PID=$!
wait_for_log "connected to robo" 60
wait_for_log "game 1 dealt" 60
wait_for_log "game 1 over: (WIN|DEFEAT|DRAW)" 60
wait_for_log "robo asks for a rematch \(game 2\)" 60
wait_for_log "rematch: robo wants a rematch" 60
grep -q "game 2 dealt" "$LOG" && fail "game 2 was dealt before this player chose Rematch"
echo "ok: the host's bot asked for a rematch and the window says so; nothing is dealt yet"

wid=$(timeout 15 xdotool search --sync --classname '^speed$' | head -n 1)
[ -n "$wid" ] || fail "no window"
xdotool key --window "$wid" n
wait_for_log "game 2 dealt" 60
grep -q "rematch: waiting for robo" "$LOG" && fail "the window waited for a player who had asked already"
echo "ok: N (Rematch) deals game 2"

menu_pick menu.game menu.game.start_screen
wait_for_log "menu: back to the start screen" 60
for _ in $(seq 600); do grep -q "ended the session.*window_closed" "$WORK_DIR/server.out" 2>/dev/null && break; sleep 0.1; done
grep -q "ended the session.*window_closed" "$WORK_DIR/server.out" ||
    fail "the host was not told that kenta left: $(tail -n 3 "$WORK_DIR/server.out")"
stop_speed
echo "ok: leaving ends the match for the host too"
