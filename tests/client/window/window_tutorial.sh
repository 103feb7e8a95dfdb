#!/usr/bin/env bash
# "Learn to play" at a first start: the start screen offers it first with the keyboard on it;
# Space starts the lesson, the opening SPEED! moves it to its second step, dragging the lit 8 onto
# the lit 7 does that step, a legal move the step does not ask for is refused in the lesson's
# words, Esc leaves it; it is then written down in the state folder, and the next start offers a
# game first. Every check reads the log.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"
mark="$XDG_STATE_HOME/speed/tutorial-done"
rm -f "$mark" # a first start (window_lib.sh marks the lesson done for the other tests)

start_speed --seed 4 --dump-layout
wait_for_log "window ready" 60
wait_for_log "start screen" 60
wid=$(timeout 15 xdotool search --sync --classname '^speed$' | head -n 1)
[ -n "$wid" ] || fail "no speed window"
focus_speed_window
wait_for_log "keys go to screen\.learn" 60
echo "ok: a first start offers Learn to play first, with the keyboard on it"
xdotool key --clearmodifiers space
wait_for_log "learn to play: step 1 of 7: opening" 60
wait_for_log "learn to play: step 2 of 7: play" 60 # the opening SPEED! did the first step
echo "ok: Space starts the lesson; the opening SPEED! is its first step"

# The K on the A is legal, but the step asks for the 8 on the 7: refused, the lesson says so.
read -r kx ky <<<"$(rect_center hand 0 1)"
read -r px py <<<"$(rect_center pile 1)"
drag "$kx" "$ky" "$px" "$py"
wait_for_log "refused: seat 0 plays SD from slot 1 on pile 1: not what the lesson asks for" 60
echo "ok: a legal move the step does not ask for is refused"
read -r sx sy <<<"$(rect_center hand 0 0)"
read -r px py <<<"$(rect_center pile 0)"
drag "$sx" "$sy" "$px" "$py"
wait_for_log "applied \(you\): seat 0 plays D8 from slot 0 on pile 0" 60
wait_for_log "learn to play: step 3 of 7: wrap" 60
echo "ok: dragging the lit 8 onto the lit 7 does the step"

xdotool key --clearmodifiers Escape
wait_for_log "learn to play: skipped" 60
wait_for_log "learn to play: done" 60
wait_for_log_count "start screen" 2 60
[ -f "$mark" ] || fail "the lesson's end was not written down in $mark"
echo "ok: Esc leaves the lesson for the start screen, and it is written down"
stop_speed

: >"$LOG"
start_speed --seed 4 --dump-layout
wait_for_log "start screen" 60
focus_speed_window
wait_for_log "keys go to screen\.play_cpu" 60
wait_for_widget screen.learn 60
echo "ok: the next start offers a game first, and the lesson still"
stop_speed
echo "PASS"
