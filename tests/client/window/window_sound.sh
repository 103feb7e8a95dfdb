#!/usr/bin/env bash
# Sound without a sound card (as under CI): the window starts, says in one log line that it plays
# silently, and plays on. setup.ini's [player] sound = off starts it muted at its volume; M through
# a real key turns it on and off, but an m typed into the start screen's address field is a letter;
# the Settings menu's Sound item toggles it too. With --log-level debug every effect started is
# logged, so the game's events are followed to their sounds: the SPEED! flip, a card picked up and
# placed by a real drag, a refused drop, the opponent's play. On OpenAL's null device a whole game
# plays through real buffers and voices. --no-sound opens no device at all.
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"

port=$(free_udp_port)
printf '[network]\nport = %s\nwait = 5\n[player]\nname = tester\nsound = off\nvolume = 30\n' "$port" >"$WORK_DIR/setup.ini"

# The start screen: J puts the caret in the address field, where m is a letter.
start_speed --config "$WORK_DIR/setup.ini" --dump-layout
wait_for_log "start screen" 60
wait_for_log "sound: (no audio device|8 effects ready, muted, volume 30)" 60
echo "ok: the window starts; $(grep -Eo "sound: (no audio device|8 effects ready)" "$LOG" | head -n 1)"
focus_speed_window
wait_for_log "keys go to screen\.play_cpu" 60
xdotool key --clearmodifiers m
wait_for_log "key M: sound on" 60
echo "ok: M on the start screen turns the sound on"
xdotool key --clearmodifiers j
wait_for_log "keys go to screen\.join\.address" 60 # the caret is in the field
xdotool type --delay 40 "mm"
xdotool key --clearmodifiers BackSpace BackSpace
xdotool type --delay 30 "127.0.0.1"
xdotool key --clearmodifiers Return
# Joined exactly that address: each key reached the field in order (the two m's, then the two
# BackSpaces that took them away), and none of them toggled the sound.
wait_for_log "start screen: joining 127\.0\.0\.1$" 60
[ "$(grep -c "key M: sound" "$LOG")" -eq 1 ] || fail "an m typed into the address field toggled the sound"
echo "ok: m typed into the address field is a letter there, not a mute"
stop_speed

# A game against an idle CPU with the sound muted by setup.ini: the flip is heard at volume 0.
: >"$LOG"
start_speed --vs-cpu --cpu-idle --seed 4 --dump-layout --log-level debug --config "$WORK_DIR/setup.ini"
wait_for_log "window ready" 60
wait_for_log "applied \(table\): SPEED!" 60
wait_for_log "sound: speed at volume 0" 60
echo "ok: muted by setup.ini, the SPEED! flip is cued at volume 0"
focus_speed_window
xdotool key --clearmodifiers m
wait_for_log "key M: sound on" 60

tables=$(moves_lines)
drag_first legal
wait_for_log "applied \(you\): seat 0 plays .. from slot $slot on pile $pile" 60
wait_for_log "sound: pick-up at volume 24" 60
wait_for_log "sound: place at volume 30" 60
echo "ok: a real drag is heard: picked up at 24 (80% of 30), placed at 30"

wait_for_moves_count $((tables + 1)) # the table after the play, where the next drag is chosen
drag_first illegal
wait_for_log "refused: seat 0 plays .. from slot $slot on pile $pile" 60
wait_for_log "sound: refused at volume 24" 60
echo "ok: a refused drop buzzes"

# Settings > Sound in the menu bar (real clicks): off again.
menu_pick menu.settings menu.settings.sound
wait_for_log "menu: sound off" 60
echo "ok: Settings > Sound turns it off"
stop_speed

# The CPU playing: its moves are cued quieter than one's own (45% of the volume).
: >"$LOG"
printf '[player]\nvolume = 100\n' >"$WORK_DIR/loud.ini"
timeout 60 "$SPEED_BIN" --vs-cpu --bot max --level max --games 1 --seed 4 --log-level debug --config "$WORK_DIR/loud.ini" \
    >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "a bot game with sound exited with $?"
grep -q "sound: opponent-play at volume 45" "$LOG" || fail "the opponent's play was not cued at 45"
grep -q "sound: place at volume 100" "$LOG" || fail "the local bot's play was not cued at 100"
grep -Eq "sound: (win|lose) at volume 100" "$LOG" || grep -q "game 1 over: DRAW" "$LOG" || fail "the result was not cued"
echo "ok: a whole game: the opponent at 45, our own at 100, the result cued"

# OpenAL's null device (it mixes and discards): the effects load into real buffers and a whole
# game plays through the voice pool. Skipped where this OpenAL has no such backend.
: >"$LOG"
ALSOFT_DRIVERS=null timeout 60 "$SPEED_BIN" --vs-cpu --bot max --level max --games 1 --seed 5 --log-level debug \
    --config "$WORK_DIR/loud.ini" >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "a bot game on the null audio device exited with $?"
if grep -q "sound: 8 effects ready, on, volume 100" "$LOG"; then
    grep -q "sound: opponent-play at volume 45$" "$LOG" || fail "the opponent's play was not played on the null device"
    grep -Eq "game 1 over: (WIN|DRAW|DEFEAT)" "$LOG" || fail "the game did not end on the null device"
    echo "ok: on OpenAL's null device the effects are loaded and a whole game plays through the voices"
else
    echo "skip: this OpenAL has no null device ($(grep -Eo "sound: no audio device.*" "$LOG" | head -n 1))"
fi

# --no-sound: no device is opened even where one could be (the null device is offered), and the
# game still plays.
: >"$LOG"
ALSOFT_DRIVERS=null timeout 60 "$SPEED_BIN" --vs-cpu --cpu-idle --seed 4 --no-sound --config "$WORK_DIR/setup.ini" \
    --screenshot "$WORK_DIR/silent.png" --after 1.5 >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "--no-sound exited with $?"
grep -q "sound: no audio device opened (--no-sound)" "$LOG" || fail "no log line for --no-sound"
! grep -Eq "effects ready|ALSA lib|AL lib|OpenAL" "$LOG" || fail "--no-sound still opened an audio device"
[ -f "$WORK_DIR/silent.png" ] || fail "no screenshot with --no-sound"
echo "ok: --no-sound opens no device and the window plays"
