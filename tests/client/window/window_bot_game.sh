#!/usr/bin/env bash
# speed --vs-cpu --bot max plays a whole game to its end by itself and reports it; the game is
# counted in the statistics (speed --stats), which a locked file costs but never stops. Then the
# result panel after a game against the CPU, and the CPU ladder that starts where the player is.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"

rm -rf "$WORK_DIR"/data/speed/statistics.sqlite3* "$WORK_DIR/locked" # each run counts from nothing
# Meanwhile, in a data folder of its own: another program holds the statistics file; the game is
# played to its end anyway and the window says why it was not counted.
mkdir -p "$WORK_DIR/locked/speed"
XDG_DATA_HOME="$WORK_DIR/locked" python3 - "$WORK_DIR/locked/speed/statistics.sqlite3" "$SPEED_BIN" "$WORK_DIR/locked.log" <<'PY' &
import sqlite3, subprocess, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
with open(sys.argv[3], "w") as log:
    done = subprocess.run([sys.argv[2], "--vs-cpu", "--bot", "max", "--level", "max", "--seed", "3", "--games", "1"],
                          stdout=subprocess.DEVNULL, stderr=log, timeout=90)
db.execute("ROLLBACK")
assert done.returncode == 0, done.returncode
PY
locked=$!
timeout 90 "$SPEED_BIN" --vs-cpu --bot max --level max --seed 11 --games 1 --json \
    >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "speed exited with $?"
grep -Eq "game 1 over: (WIN|DRAW|DEFEAT)" "$LOG" || fail "the log does not show the end of the game"
last=$(tail -n 1 "$WORK_DIR/stdout.txt")
echo "$last" | grep -q '"finished":1' || fail "the JSON (last line) does not report one finished game: $last"
echo "$last" | grep -Eq '"result":"(WIN|DRAW|DEFEAT)"' || fail "no result in the JSON: $last"
grep -q "invariant" "$LOG" && fail "an invariant was logged"

# The finished game is in the statistics, read back without a display.
stats=$(DISPLAY= "$SPEED_BIN" --stats --json 2>>"$LOG") || fail "speed --stats exited with $?"
python3 - "$stats" <<'PY' || fail "speed --stats --json: $stats"
import json, sys
report = json.loads(sys.argv[1])
assert report["games"] == 1, report
cpu = report["opponents"][0]
assert cpu["kind"] == "cpu" and cpu["level"] == "max" and cpu["played"] == 1, cpu
assert cpu["won"] + cpu["lost"] + cpu["drawn"] == 1 and len(cpu["recent"]) == 1, cpu
PY
DISPLAY= "$SPEED_BIN" --stats 2>>"$LOG" | grep -q "1 game recorded in $WORK_DIR/data/speed/statistics.sqlite3" ||
    fail "speed --stats does not print the table"

wait "$locked" || fail "a locked statistics file stopped the game (log: $WORK_DIR/locked.log)"
grep -q "this game was not counted: the statistics .* is locked by another program" "$WORK_DIR/locked.log" ||
    fail "no word of the locked statistics: $(tail -n 5 "$WORK_DIR/locked.log")"
echo "ok: $(head -n 1 "$WORK_DIR/stdout.txt")"

# The CPU ladder: a first-time player (no CPU game counted) starts at its first rung, not normal.
rm -f "$WORK_DIR"/data/speed/statistics.sqlite3*
timeout 60 "$SPEED_BIN" --vs-cpu --seed 3 --config /dev/null --screenshot "$WORK_DIR/first.png" --after 0.2 \
    >/dev/null 2>"$LOG" || fail "speed --screenshot exited with $?"
grep -q "window ready .* vs CPU novice" "$LOG" || fail "a first-time player does not start at novice"

# A game played to its end by the bot (against the test bot: a few seconds): the result panel,
# once the cards have landed, has Next game (with the keyboard), another opponent and the menu,
# no next rung (max is no rung); a click on Next game is the panel's, not the felt's, and deals
# game 2, which the panel does not outlive.
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"
: >"$LOG"
start_speed --vs-cpu --bot max --level max --seed 11 --config /dev/null --dump-layout
focus_speed_window
# Without a window manager the window is placed with its lower part below this screen, where the
# panel is: it goes to the corner.
xdotool windowmove --sync "$wid" 0 0 || fail "cannot move the window into the screen"
wait_for_log "game 1 over: (WIN|DRAW|DEFEAT)" 60
wait_for_log "result panel: (You won!|You lost|A draw) \| in [0-9:]+ \| .* \| buttons result\.next_game, result\.change_opponent, result\.menu$" 30
wait_for_log "keys go to result\.next_game" 30
click_widget result.next_game
wait_for_log "menu: game 2 starts" 30
grep -q "click: game 2 starts" "$LOG" && fail "the click on the panel's button went to the felt"
echo "ok: the result panel after a game, and a click on its Next game"
# At the end of game 2 the keyboard moves on (Right) to Change opponent and Enter presses it; the
# ladder it opens plays the level clicked.
wait_for_log "game 2 over: (WIN|DRAW|DEFEAT)" 60
wait_for_log_count "keys go to result\.next_game" 2 30
xdotool key --clearmodifiers Right
wait_for_log "keys go to result\.change_opponent" 30
xdotool key --clearmodifiers Return
click_widget result.level.2
wait_for_log "menu: playing vs CPU casual offline" 30
echo "ok: the keyboard's Right and Enter open Change opponent, and its ladder plays the level chosen"
stop_speed

# Wins against the test bot are no rung: the ladder still starts at novice. A win against easy
# (planted) and it starts at easy.
timeout 60 "$SPEED_BIN" --vs-cpu --seed 3 --config /dev/null --screenshot "$WORK_DIR/again.png" --after 0.2 \
    >/dev/null 2>"$LOG" || fail "speed --screenshot exited with $?"
grep -q "window ready .* vs CPU novice" "$LOG" || fail "a win against the test bot moved the ladder"
python3 - "$WORK_DIR/data/speed/statistics.sqlite3" <<'PY' || fail "cannot plant a win against easy"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("INSERT INTO games (finished_at, opponent_kind, opponent_name, cpu_level, jokers, deal, hand_size, refill, "
           "outcome, duration_ms, cards_left_mine, cards_left_theirs, moves, flips, seed) VALUES "
           "(1, 'cpu', 'Sora', 'easy', 0, 'random', 4, 'manual', 'win', 60000, 0, 5, 40, 2, 1)")
db.commit()
PY
timeout 60 "$SPEED_BIN" --vs-cpu --seed 3 --config /dev/null --screenshot "$WORK_DIR/again.png" --after 0.2 \
    >/dev/null 2>"$LOG" || fail "speed --screenshot exited with $?"
grep -q "window ready .* vs CPU easy" "$LOG" || fail "the ladder does not start at the highest rung beaten"
printf '[cpu]\nlevel = normal\n' >"$WORK_DIR/normal.ini"
timeout 60 "$SPEED_BIN" --vs-cpu --seed 3 --config "$WORK_DIR/normal.ini" --screenshot "$WORK_DIR/normal.png" --after 0.2 \
    >/dev/null 2>"$LOG" || fail "speed --screenshot exited with $?"
grep -q "window ready .* vs CPU normal" "$LOG" || fail "setup.ini's level (chosen last, above the rung beaten) is not the one played"
printf '[cpu]\nlevel = novice\n' >"$WORK_DIR/novice.ini"
timeout 60 "$SPEED_BIN" --vs-cpu --seed 3 --config "$WORK_DIR/novice.ini" --screenshot "$WORK_DIR/novice.png" --after 0.2 \
    >/dev/null 2>"$LOG" || fail "speed --screenshot exited with $?"
grep -q "window ready .* vs CPU easy" "$LOG" || fail "a level chosen below the highest rung beaten was preselected"
echo "ok: the ladder starts at the higher of the highest rung beaten and the level chosen last"
