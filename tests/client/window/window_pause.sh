#!/usr/bin/env bash
# A game against the CPU waits while the player reads or looks away, and counts in before it goes
# on: Help (F1), a menu, the window losing the keyboard, and the player's own P. While it waits the
# CPU plays nothing: the log shows no CPU move between a wait and the resume that ends it.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"

start_speed --vs-cpu --level expert --seed 3 --dump-layout
wait_for_log "window ready" 60
focus_speed_window
wait_for_log "applied \(table\): SPEED!" 60 # the opening flip: the game plays

# no_cpu_move_between FROM TO: the CPU played nothing between the last lines matching FROM and TO.
no_cpu_move_between() {
    local from to
    from=$(grep -nE -- "$1" "$LOG" | tail -n 1 | cut -d: -f1)
    to=$(grep -nE -- "$2" "$LOG" | tail -n 1 | cut -d: -f1)
    [ -n "$from" ] && [ -n "$to" ] && [ "$from" -lt "$to" ] || fail "no /$1/ before /$2/ in the log"
    if sed -n "${from},${to}p" "$LOG" | grep -q "applied (cpu)"; then
        fail "the CPU played while the game waited: $(sed -n "${from},${to}p" "$LOG" | grep "applied (cpu)" | head -n 1)"
    fi
}

xdotool key F1
wait_for_log "game waits: Help is open" 60
grep -q "game paused" "$LOG" || fail "Help did not pause the game"
sleep 2 # time for an expert CPU to play, were the game not waiting
xdotool key Escape
wait_for_log "game resumes in" 60
wait_for_log_count "game resumed" 1 60
no_cpu_move_between "game waits: Help is open" "game resumed"
echo "ok: Help holds the game, and it resumes after the count-in"

root=$(xwininfo -root | awk '/Window id:/ { print $4 }')
xdotool windowfocus "$root"
wait_for_log "game waits: the window is in the background" 60
sleep 2
xdotool windowfocus "$wid"
wait_for_log_count "game resumed" 2 60
no_cpu_move_between "game waits: the window is in the background" "game resumed"
echo "ok: a window in the background holds the game"

xdotool key p
wait_for_log "key P: paused" 60
xdotool key F1
wait_for_log "game waits: Help is open|key P: paused" 60
xdotool key Escape
sleep 1
[ "$(grep -c "game resumed" "$LOG")" -eq 2 ] || fail "closing Help ended the player's own pause"
xdotool key p
wait_for_log "key P: resuming after the count-in" 60
wait_for_log_count "game resumed" 3 60
no_cpu_move_between "key P: paused" "game resumed"
echo "ok: P pauses until P again, whatever opens and closes meanwhile, and counts in"

open_menu menu.game menu.game.pause
wait_for_log "game waits: a menu is open" 60
xdotool key Escape
wait_for_log_count "game resumed" 4 60
echo "ok: an open menu holds the game"

# The status bar's speaker: a click turns the sound off, M on again; each time it says so.
read -r sx sy <<<"$(rect_center speaker)"
# The pointer comes from the menu just closed: the first click may still be the menu's (the
# overlay sees where the pointer is only in its next frame), so it is clicked again if unseen.
xdotool windowmove --sync "$wid" 0 0 # centred on a screen it does not fit, its bottom edge is off it
xdotool mousemove --window "$wid" "$sx" "$sy"
for tries in 1 2 3; do
    xdotool click 1
    for _ in $(seq 100); do grep -q "click on the speaker" "$LOG" && break 2; sleep 0.1; done
done
wait_for_log "click on the speaker: sound off" 60
xdotool key m
wait_for_log "key M: sound on" 60
echo "ok: the speaker turns the sound off and on"
stop_speed
