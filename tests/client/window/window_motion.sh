#!/usr/bin/env bash
# Presentation never holds the game: a fast bot plays the window's seat against the expert CPU,
# and every frame's table (the cards in place plus those in the air, landed in the order sent)
# must be the game's state, with full motion and with reduced motion. Seed 5 at these levels
# plays on cards still flying (a refill not yet in its slot, a pile the SPEED! flip still flies
# to). --check-frames counts the frames where it is not and names what differs, and compares
# each frame drawn in parts with the same frame drawn whole.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"

for motion in full reduced; do
    flags=()
    [ "$motion" = reduced ] && flags=(--reduced-motion)
    timeout 240 "$SPEED_BIN" --vs-cpu --bot max --level expert --seed 5 --games 1 --check-frames --no-sound \
        --config /dev/null "${flags[@]}" >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "speed ($motion motion) exited with $?"
    line=$(grep -E "frame check: [0-9]+ frames, [0-9]+ with the table wrong" "$LOG" | tail -n 1)
    [ -n "$line" ] || fail "no frame check line ($motion motion)"
    frames=$(echo "$line" | sed -E 's/.*frame check: ([0-9]+) frames.*/\1/')
    wrong=$(echo "$line" | sed -E 's/.*, ([0-9]+) with the table wrong.*/\1/')
    [ "$(grep -c "game [0-9] over" "$LOG")" = 1 ] || fail "the game did not end ($motion motion)"
    [ "$frames" -ge 50 ] || fail "only $frames frames were checked ($motion motion)"
    [ "$wrong" = 0 ] || fail "$wrong of $frames frames showed a table that is not the game's ($motion motion)"
    # Frames drawn in parts (only the places that changed, where the driver can copy a part of the
    # window) must be the frame drawn whole.
    parts=$(echo "$line" | sed -E 's/.*; ([0-9]+) drawn in parts.*/\1/')
    unlike=$(echo "$line" | sed -E 's/.*, ([0-9]+) unlike the whole frame.*/\1/')
    [ "$unlike" = 0 ] || fail "$unlike of $parts frames drawn in parts were not the whole frame ($motion motion)"
    echo "ok: $motion motion, $frames frames, the table shown was the game's in every one; $parts drawn in parts, each the whole frame"
done
