#!/usr/bin/env bash
# A window joined to a headless host (speed-server) over loopback. The host is frozen
# (SIGSTOP): within the liveness timeout the window pauses with the SILENT banner. Thawed
# (SIGCONT): the window hears it again and the banner goes. Then the host is stopped (SIGTERM,
# which sends SHUTDOWN): the window says the match is over instead of crashing or hanging.
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"
SERVER_BIN=$3

port=$(free_udp_port)
write_ini "$WORK_DIR/host.ini" host "$port"
write_ini "$WORK_DIR/window.ini" window "$port" 127.0.0.1
trap 'kill -CONT $SERVER_PID 2>/dev/null; kill $SERVER_PID $SPEED_PID 2>/dev/null || true' EXIT
start_host "$SERVER_BIN" "$WORK_DIR/host.ini" --level easy

"$SPEED_BIN" --config "$WORK_DIR/window.ini" --join "127.0.0.1:$port" 2>"$LOG" >"$WORK_DIR/stdout.txt" &
SPEED_PID=$!
wait_for_log "connected to host" 60
wait_for_log "applied \(table\): SPEED! both seats flip" 60
echo "ok: joined and the game is on"

kill -STOP "$SERVER_PID"
wait_for_log "banner: host.s window stopped answering" 60
echo "ok: a frozen host pauses the window with the SILENT banner"

kill -CONT "$SERVER_PID"
wait_for_log "the other side is back" 60
echo "ok: the host is heard again"

kill -TERM "$SERVER_PID"
wait_for_log "banner: Match over" 60
kill -0 "$SPEED_PID" 2>/dev/null || fail "the window exited instead of showing the end of the match"
wait "$SERVER_PID"; status=$?
[ "$status" = 0 ] || fail "speed-server exited with status $status after SIGTERM"
stop_speed
echo "ok: the host's SHUTDOWN ends the match in the window with a message"
