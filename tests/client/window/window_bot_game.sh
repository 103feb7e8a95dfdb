#!/usr/bin/env bash
# speed --vs-cpu --bot max plays a whole game to its end by itself and reports it; the game is
# counted in the statistics (speed --stats), which a locked file costs but never stops.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"

rm -f "$WORK_DIR"/data/speed/statistics.sqlite3* # each run counts from nothing
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

# Another program holds the file: the game is played to its end anyway and the window says why
# it was not counted.
python3 - "$WORK_DIR/data/speed/statistics.sqlite3" "$SPEED_BIN" "$LOG" <<'PY' || fail "a locked statistics file"
import sqlite3, subprocess, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
with open(sys.argv[3], "a") as log:
    done = subprocess.run([sys.argv[2], "--vs-cpu", "--bot", "max", "--level", "max", "--seed", "3", "--games", "1"],
                          stdout=subprocess.DEVNULL, stderr=log, timeout=90)
db.execute("ROLLBACK")
assert done.returncode == 0, done.returncode
PY
grep -q "this game was not counted: the statistics .* is locked by another program" "$LOG" ||
    fail "no word of the locked statistics"
echo "ok: $(head -n 1 "$WORK_DIR/stdout.txt")"
