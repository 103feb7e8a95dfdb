#!/usr/bin/env bash
# The first minutes with real X key presses (XTest): a setup.ini with a bad line opens the window
# anyway, with a dialog naming the file, line and key; Space takes its "Use defaults for now";
# the start screen under it then plays the CPU on C.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"

printf '[network]\nport = 50001\n[rules]\nhand = 12\n' >"$WORK_DIR/setup.ini"
start_speed --config "$WORK_DIR/setup.ini" --seed 4 --dump-layout
wait_for_log "window ready" 60
wait_for_log "setup.ini problem shown: .*setup.ini:4: \[rules\] hand: " 60
grep -q "setup.ini:4: \[rules\] hand: " "$LOG" || fail "the terminal message is gone"
echo "ok: a bad setup.ini opens the window with the problem named (file, line, key)"
wait_for_log "start screen" 60
echo "ok: the start screen is up under it (no peer in setup.ini)"

focus_speed_window
wait_for_log "keys go to settings\.problem\.use_defaults" 60 # the dialog takes the keyboard on its first frames
xdotool key --clearmodifiers space
wait_for_log "setup.ini problem: using the defaults for now" 60
echo "ok: Space chose \"Use defaults for now\""

wait_for_log "keys go to screen\.play_cpu" 60 # the start screen is on top again
xdotool key --clearmodifiers c
wait_for_log "menu: playing vs CPU novice offline" 60
wait_for_log "applied \(table\): SPEED!" 60
echo "ok: C on the start screen plays the CPU"

xdotool key --clearmodifiers F1
wait_for_log "dialog open: help" 60
xdotool key --clearmodifiers Escape
wait_for_log "dialog closed: help \(Esc\)" 60
echo "ok: Esc closes the dialog on top"
stop_speed

# Hosting from the start screen (H), then Esc while waiting: back to the start screen.
write_ini_port=$(python3 -c 'import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf '[network]\nport = %s\n' "$write_ini_port" >"$WORK_DIR/host.ini"
: >"$LOG"
start_speed --config "$WORK_DIR/host.ini" --dump-layout
wait_for_log "start screen" 60
focus_speed_window
wait_for_log "keys go to screen\.play_cpu" 60
xdotool key --clearmodifiers h
wait_for_log "banner: Waiting for a player: on UDP port $write_ini_port" 60
xdotool key --clearmodifiers Escape
wait_for_log "key Esc: back to the start screen" 60
[ "$(grep -c "start screen$" "$LOG")" -ge 2 ] || fail "the start screen did not come back"
echo "ok: hosting from the start screen, and Esc while waiting goes back to it"
wait_for_log_count "keys go to screen\.play_cpu" 2 60
banners=$(grep -c "banner: Waiting for a player" "$LOG")
xdotool key --clearmodifiers h
wait_for_log "start screen: hosting" 60
wait_for_log_count "banner: Waiting for a player" $((banners + 1)) 60 # drawn: the wait panel has the keys
xdotool key --clearmodifiers c
wait_for_log "key C: playing the CPU instead" 60
wait_for_log "menu: playing vs CPU novice offline" 60
echo "ok: C while waiting plays the CPU instead"
stop_speed
