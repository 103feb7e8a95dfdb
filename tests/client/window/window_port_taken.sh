#!/usr/bin/env bash
# A UDP port held by another program (a plain socket that never answers) is named as such in
# the window, within seconds, not read as "no host answered" after the whole wait; and the
# start screen comes back with the reason, so the player can choose another game or press R
# (Connect again) once the port is free.
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"

port=$(free_udp_port)
python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("0.0.0.0", int(sys.argv[1])))
print("bound", flush=True); time.sleep(60)' "$port" >"$WORK_DIR/holder.out" &
HOLDER=$!
for _ in $(seq 50); do grep -q bound "$WORK_DIR/holder.out" && break; sleep 0.1; done
write_ini "$WORK_DIR/setup.ini" player "$port"
start_speed --host --config "$WORK_DIR/setup.ini"
trap 'kill $SPEED_PID $HOLDER 2>/dev/null || true' EXIT
wait_for_log "window ready" 60
# Well before the 30 s wait would end (that a taken port is not read as "no host answered").
wait_for_log "no game: UDP port $port is used by another program" 20
echo "ok: the port held by another program is named"
wait_for_log "start screen: .*UDP port $port is used by another program" 60
echo "ok: the start screen comes back with the reason"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"
focus_speed_window
xdotool key --clearmodifiers r
wait_for_log "trying again" 60
echo "ok: R on the start screen connects again"
stop_speed
kill "$HOLDER" 2>/dev/null || true
