#!/usr/bin/env bash
# No display: one line that says so and suggests xvfb-run, non-zero exit. A missing font names
# the file. Neither needs an X server.
set -u
. "$(dirname "$0")/window_lib.sh"

env -u DISPLAY "$SPEED_BIN" --vs-cpu >"$WORK_DIR/out.txt" 2>"$WORK_DIR/err.txt"
status=$?
[ "$status" -ne 0 ] || fail "exit status 0 without a display"
[ "$(wc -l <"$WORK_DIR/err.txt")" -eq 1 ] || { cat "$WORK_DIR/err.txt"; fail "expected exactly one line on stderr"; }
grep -q "no display" "$WORK_DIR/err.txt" || fail "the error does not say there is no display"
grep -q "xvfb-run" "$WORK_DIR/err.txt" || fail "the error does not suggest xvfb-run"

DISPLAY=:987654 "$SPEED_BIN" --vs-cpu >/dev/null 2>"$WORK_DIR/err2.txt" && fail "exit status 0 with an unreachable display"
grep -q "cannot open display" "$WORK_DIR/err2.txt" || fail "unreachable display not reported"

"$SPEED_BIN" --vs-cpu --font-dir /nonexistent/fonts >/dev/null 2>"$WORK_DIR/err3.txt" && fail "exit status 0 without fonts"
grep -q "/nonexistent/fonts/DejaVuSans.ttf" "$WORK_DIR/err3.txt" || fail "the font error does not name the file"

"$SPEED_BIN" --help | grep -q -- "--screenshot" || fail "--help does not list --screenshot"
"$SPEED_BIN" --version | grep -q "speed" || fail "--version prints nothing useful"
echo "ok: no display, missing font, --help, --version"
