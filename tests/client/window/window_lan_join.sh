#!/usr/bin/env bash
# The start screen's Join list: a headless host waiting on this machine appears in it by itself
# (no address typed), a click on its row joins it, and the joined address is not kept as
# setup.ini's peer. A host that needs a password asks for it in the list; typed there, the join
# goes through with it. A host that stops leaves the list by itself.
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"
SERVER_BIN=$3
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"

port=$(free_udp_port)
write_ini "$WORK_DIR/host.ini" robo "$port"
write_ini "$WORK_DIR/window.ini" kenta "$port"
trap 'kill $SERVER_PID $SPEED_PID 2>/dev/null || true' EXIT
start_host "$SERVER_BIN" "$WORK_DIR/host.ini" --level max --wait 60

start_speed --config "$WORK_DIR/window.ini" --bot max --seed 5 --dump-layout
wait_for_log "start screen" 60
focus_speed_window
wait_for_log "LAN: host robo at [^ ]+:$port \(waiting\)" 20
echo "ok: the waiting host is listed: $(grep -m1 "LAN: host robo" "$LOG" | sed 's/.*LAN: //')"
click_widget_until screen.lan.host.0 "start screen: joining the listed host [^ ]+:$port"
wait_for_log "connected to robo" 60
grep -q "^peer *= *[^ ]" "$WORK_DIR/window.ini" && fail "the listed host's address was kept as setup.ini's peer"
echo "ok: one click on its row joined it"
stop_speed
kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null

# A host with a password: the row has a lock; a click asks for the password, Enter joins with it.
printf '[network]\nport = %s\nwait = 60\npassword = kiwi\n[player]\nname = locked\n' "$port" >"$WORK_DIR/locked.ini"
start_host "$SERVER_BIN" "$WORK_DIR/locked.ini" --level max --wait 60
: >"$LOG"
start_speed --config "$WORK_DIR/window.ini" --bot max --seed 5 --dump-layout
wait_for_log "start screen" 60
focus_speed_window
wait_for_log "LAN: host locked at [^ ]+:$port \(waiting, password\)" 20
click_widget_until screen.lan.host.0 "keys go to screen\.lan\.password"
xdotool type --delay 30 kiwi
xdotool key --clearmodifiers Return
wait_for_log "start screen: joining the listed host [^ ]+:$port" 30
wait_for_log "connected to locked" 60
echo "ok: a host with a password asked for it in the list, and the join went through with it"

# A host that stops leaves the list by itself (it is forgotten 3.5 s after its last answer).
kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null
stop_speed
start_host "$SERVER_BIN" "$WORK_DIR/host.ini" --level max --wait 60
: >"$LOG"
start_speed --config "$WORK_DIR/window.ini" --dump-layout
wait_for_log "LAN: host robo at [^ ]+:$port \(waiting\)" 20
kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null
stopped=$(date +%s%N)
wait_for_log "LAN: host robo at [^ ]+:$port is gone" 30
echo "ok: a stopped host left the list $(( ($(date +%s%N) - stopped) / 1000000 )) ms after it stopped"
stop_speed
