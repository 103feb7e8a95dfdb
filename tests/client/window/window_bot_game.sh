#!/usr/bin/env bash
# speed --vs-cpu --bot max plays a whole game to its end by itself and reports it.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"

timeout 90 "$SPEED_BIN" --vs-cpu --bot max --level max --seed 11 --games 1 --json \
    >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "speed exited with $?"
grep -Eq "game 1 over: (WIN|DRAW|DEFEAT)" "$LOG" || fail "the log does not show the end of the game"
last=$(tail -n 1 "$WORK_DIR/stdout.txt")
echo "$last" | grep -q '"finished":1' || fail "the JSON (last line) does not report one finished game: $last"
echo "$last" | grep -Eq '"result":"(WIN|DRAW|DEFEAT)"' || fail "no result in the JSON: $last"
grep -q "invariant" "$LOG" && fail "an invariant was logged"
echo "ok: $(head -n 1 "$WORK_DIR/stdout.txt")"
