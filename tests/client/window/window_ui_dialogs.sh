#!/usr/bin/env bash
# Each dialog opened by --show draws over the table: the screenshot is a PNG,
# not blank, and differs from the same table without the dialog. The measurement dialog first
# measures a real host on loopback (speed-server). L shows and hides the game log through a
# real key; the Game menu pauses, switches to a new game vs CPU and quits through real clicks.
# Usage: window_ui_dialogs.sh SPEED WORK_DIR SPEED_SERVER
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
SERVER_BIN=$3
SERVER_PID=

cleanup() { kill $SPEED_PID $SERVER_PID 2>/dev/null || true; }
trap cleanup EXIT

# A host on a free port: try a few random ones (another test may hold one).
for _ in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 30000))
    printf '[network]\nport = %s\nwait = 120\n' "$port" >"$WORK_DIR/host.ini"
    "$SERVER_BIN" --config "$WORK_DIR/host.ini" >"$WORK_DIR/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 50); do grep -q "hosting on UDP port" "$WORK_DIR/server.log" && break; sleep 0.1; done
    grep -q "hosting on UDP port" "$WORK_DIR/server.log" && break
    kill $SERVER_PID 2>/dev/null; SERVER_PID=
done
[ -n "$SERVER_PID" ] || fail "speed-server did not start hosting"
# The window's setup.ini: its peer:port is the measurement dialog's default target offline.
printf '; window test\n[network]\npeer = 127.0.0.1\nport = %s\n' "$port" >"$WORK_DIR/setup.ini"

shoot() { # shoot NAME FLAGS...: a screenshot of a vs-CPU table (CPU idle, so the table is fixed)
    local name=$1; shift
    rm -f "$WORK_DIR/$name.png"
    timeout 60 "$SPEED_BIN" --vs-cpu --cpu-idle --seed 4 --config "$WORK_DIR/setup.ini" \
        --screenshot "$WORK_DIR/$name.png" --after 2.5 "$@" >"$WORK_DIR/stdout.txt" 2>"$LOG" ||
        fail "speed $* exited with $?"
    [ -f "$WORK_DIR/$name.png" ] || fail "no screenshot for $name"
    [ "$(head -c 8 "$WORK_DIR/$name.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$name.png is not a PNG"
    local bytes
    bytes=$(stat -c %s "$WORK_DIR/$name.png")
    [ "$bytes" -gt 40000 ] || fail "$name.png looks blank ($bytes bytes)"
    echo "ok: $name.png ($bytes bytes)"
}

png_pixels() { tail -c +34 "$1" | md5sum | cut -d' ' -f1; } # past the IHDR: the image data

shoot table-only
for dialog in help settings log trace measure; do
    extra=()
    [ "$dialog" = measure ] && extra=(--measure-now)
    shoot "$dialog" --show "$dialog" "${extra[@]}"
    grep -q "dialog open: $dialog" "$LOG" || fail "no log line for the $dialog dialog"
    [ "$(png_pixels "$WORK_DIR/$dialog.png")" != "$(png_pixels "$WORK_DIR/table-only.png")" ] ||
        fail "$dialog.png is the same as the table without the dialog"
done
grep -Eq "measurement finished: 11 sizes from 127\.0\.0\.1:$port" "$LOG" || fail "the measurement did not finish against the host"

# L through a real X key event shows the log pane (hidden offline by default) and hides it again;
# then the Game menu takes real clicks: Pause, Play vs CPU
# (its first entry, the ladder's lowest rung: Hana, novice), Start screen, Statistics, Quit.
start_speed --vs-cpu --cpu-idle --seed 4 --config "$WORK_DIR/setup.ini" --dump-layout
wait_for_log "window ready" 60
# Keys through XTest to the focused window: events sent to a window (key --window) carry no time,
# and two presses of one key in a row may then pass for the keyboard's auto-repeat.
focus_speed_window
xdotool key --clearmodifiers l
wait_for_log "game log shown" 60
xdotool key --clearmodifiers l
wait_for_log "game log hidden" 60
[ "$(grep -cE "layout window" "$LOG")" -ge 3 ] || fail "the table was not laid out again when the log pane changed"
echo "ok: L shows and hides the game log, the table is laid out again each time"

wait_for_log "applied \(table\): SPEED!" 60
# Each click goes where the window says the item is (--dump-layout), once the open menu shows it.
menu_pick menu.game menu.game.pause
wait_for_log "menu: paused" 60
# Game > Play vs CPU > Hana (novice): the submenu opens on hover; the match is replaced by a new one.
before=$(widget_count menu.game.play_cpu.0)
open_menu menu.game menu.game.play_cpu
xdotool mousemove --window "$wid" "$wx" "$wy"
click_widget menu.game.play_cpu.0 "$before"
wait_for_log "menu: playing vs CPU novice offline" 60
# The opponent chosen is the one in force: setup.ini keeps it (the Settings dialog shows it, the
# menu ticks it, the next start plays it).
grep -qx "level = novice" "$WORK_DIR/setup.ini" || fail "Play vs CPU > Hana (novice) was not kept as setup.ini's level"
menu_pick menu.game menu.game.start_screen
wait_for_log "menu: back to the start screen" 60
wait_for_log "start screen$" 60
menu_pick menu.game menu.game.statistics
wait_for_log "dialog open: stats" 60
wait_for_log "statistics shown: [0-9]+ games" 60
xdotool key --clearmodifiers Escape
wait_for_log "dialog closed: stats \(Esc\)" 60
menu_pick menu.game menu.game.quit
wait_for_log "menu: quit" 60
for _ in $(seq 600); do kill -0 "$SPEED_PID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$SPEED_PID" 2>/dev/null && fail "Game > Quit did not close the window"
SPEED_PID=
echo "ok: Game > Pause, Play vs CPU > Hana (novice) (kept as setup.ini's level), Start screen, Statistics (Esc closes it) and Quit through real clicks"

# Settings > Fullscreen: the window fills this display (1280x900) and the menus grow with it.
"$SPEED_BIN" --config "$WORK_DIR/none.ini" --no-sound --dump-layout 2>"$WORK_DIR/fullscreen.log" &
SPEED_PID=$!
LOG=$WORK_DIR/fullscreen.log
wait_for_log "start screen" 60
wid=$(timeout 15 xdotool search --sync --classname '^speed$' | head -n 1)
[ -n "$wid" ] || fail "no speed window"
menu_pick menu.settings menu.settings.fullscreen
wait_for_log "menu: fullscreen \(1280x900\)" 60
wait_for_log "menus and dialogs at scale 1.25" 60
stop_speed
echo "ok: Settings > Fullscreen fills the screen and scales the menus"
