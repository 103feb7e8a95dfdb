#!/usr/bin/env bash
# --screenshot FILE --after S of a vs-CPU game: a PNG of the window's size, not blank, at two sizes.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"

png_size() { # "width height" from the IHDR chunk
    od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }'
}

# The desktop knows the window: its class (for grouping and the desktop entry) and an icon.
timeout 60 "$SPEED_BIN" --vs-cpu --seed 5 --screenshot "$WORK_DIR/dressed.png" --after 1 >/dev/null 2>"$LOG" &
pid=$!
window=""
for _ in $(seq 1 600); do # a ceiling, not a timing: it ends when the window appears
    window=$(xwininfo -root -tree 2>/dev/null | awk '/"speed" "Speed"/ { print $1; exit }')
    [ -n "$window" ] && break
    sleep 0.1
done
[ -n "$window" ] || fail "no window with WM_CLASS \"speed\", \"Speed\": $(xwininfo -root -tree | grep -i speed)"
xprop -id "$window" _NET_WM_ICON | grep -q "Icon (64 x 64)" || fail "the window has no 64x64 icon"
wait "$pid" || fail "speed --screenshot exited with $?"
echo "ok: WM_CLASS speed/Speed and a 64x64 icon"

for size in "1024 720" "800 600"; do
    set -- $size
    shot=$WORK_DIR/table-$1x$2.png
    rm -f "$shot"
    timeout 60 "$SPEED_BIN" --vs-cpu --seed 5 --width "$1" --height "$2" --screenshot "$shot" --after 2.5 \
        >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "speed --screenshot exited with $?"
    [ -f "$shot" ] || fail "no screenshot written"
    [ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$shot is not a PNG"
    [ "$(png_size "$shot")" = "$1 $2" ] || fail "$shot is $(png_size "$shot"), expected $1 $2"
    # A blank or single-colour frame compresses to a few kB; the table with its cards does not.
    bytes=$(stat -c %s "$shot")
    [ "$bytes" -gt 40000 ] || fail "$shot looks blank ($bytes bytes)"
    grep -q "screenshot saved to $shot" "$LOG" || fail "no log line for the screenshot"
    echo "ok: $shot ($bytes bytes)"
done
