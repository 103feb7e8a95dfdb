#!/usr/bin/env bash
# Run inside a namespace of lan_tests.py's LAN: a window under its own Xvfb, on the start screen,
# lists the host HOSTNAME waiting on PORT elsewhere on the LAN, and one click on its row joins it.
# Prints how long each step took. Usage: lan_window.sh SPEED_BIN WORK_DIR PORT HOSTNAME
set -u
. "$(dirname "$0")/../client/window/window_lib.sh"
under_xvfb "$@"
port=$3 host=$4
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"
printf '[network]\nport = %s\nwait = 60\n[player]\nname = visitor\n' "$port" >"$WORK_DIR/visitor.ini"
began=$(date +%s%N)
ms() { echo $(( ($(date +%s%N) - began) / 1000000 )); }
start_speed --config "$WORK_DIR/visitor.ini" --bot max --seed 3 --dump-layout
wait_for_log "start screen" 60
focus_speed_window
wait_for_log "LAN: host $host at 10\.77\.0\.[0-9]+:$port \(waiting\)" 30
echo "listed: $(grep -m1 "LAN: host $host" "$LOG" | sed 's/.*LAN: host //') after $(ms) ms"
click_widget screen.lan.host.0
wait_for_log "connected to $host" 60
echo "joined with one click: connected after $(ms) ms"
stop_speed
