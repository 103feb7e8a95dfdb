#!/usr/bin/env bash
# Two players on one keyboard (speed --two-players): real X key presses (XTest) play a card for
# each player with their own keys (the bottom player 1-5 and A/S, the top player 6-0 and J/K),
# each refills with theirs (D, H), and the pointer plays the top player's hand too; 2 on the start
# screen and the Game menu's item start such a game too. Every check reads the log.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"

start_speed --two-players --seed 4 --dump-layout --check-frames
wait_for_log "window ready .* two players" 60
wait_for_log "applied \(table\): SPEED!" 60
focus_speed_window
hand=4 # the default hand

top_pair() { grep "moves of seat 1 legal=" "$LOG" | tail -n 1 | sed -E "s/.* legal=([0-9]+>[0-9]+).*/\1/;t;d"; }
top_moves_lines() { grep -c "moves of seat 1 legal=" "$LOG"; }

# The bottom player: the card's key (slot 0 is 1), then A for the left pile (pile 0, seat 0's
# own flip pile) or S for the right one.
wait_for_moves_count 2 # one at start, one after the opening flip
pair=$(first_pair legal)
[ -n "$pair" ] || fail "seed 4 leaves the bottom player no play: $(last_moves)"
slot=${pair%>*}; pile=${pair#*>}
key=a; [ "$pile" = 1 ] && key=s
xdotool key --clearmodifiers $((slot + 1)) "$key"
wait_for_log "applied \(player 1\): seat 0 plays .. from slot $slot on pile $pile" 60
echo "ok: player 1 played slot $slot on pile $pile with keys $((slot + 1)) $key"

# The top player: the cards are mirrored, the leftmost on the screen is their last slot and
# key 6; J puts the card on the left pile (pile 0), K on the right one.
pair=$(top_pair)
[ -n "$pair" ] || fail "no play for the top player: $(grep "moves of seat 1" "$LOG" | tail -n 1)"
slot=${pair%>*}; pile=${pair#*>}
key=j; [ "$pile" = 1 ] && key=k
card=$((6 + hand - 1 - slot))
xdotool key --clearmodifiers "$card" "$key"
wait_for_log "applied \(player 2\): seat 1 plays .. from slot $slot on pile $pile" 60
echo "ok: player 2 played slot $slot on pile $pile with keys $card $key"

# Each refills their own empty slot with their own key.
xdotool key --clearmodifiers d
wait_for_log "applied \(player 1\): seat 0 refills" 60
xdotool key --clearmodifiers h
wait_for_log "applied \(player 2\): seat 1 refills" 60
echo "ok: D refilled player 1's slot, H player 2's"

# The pointer takes a card of the top hand and plays it for the top player.
seen=$(top_moves_lines)
pair=$(top_pair)
if [ -n "$pair" ]; then
    slot=${pair%>*}; pile=${pair#*>}
    read -r sx sy <<<"$(rect_center hand 1 "$slot")"
    read -r px py <<<"$(rect_center pile "$pile")"
    drag "$sx" "$sy" "$px" "$py"
    wait_for_log "applied \(player 2\): seat 1 plays .. from slot $slot on pile $pile" 60
    echo "ok: a drag played the top player's slot $slot on pile $pile"
else
    echo "note: no play for the top player after the refills ($seen tables); the drag was not tried"
fi
grep -qE "applied \((cpu|opponent)\)" "$LOG" && fail "a seat moved by itself: $(grep -m1 -E "applied \((cpu|opponent)\)" "$LOG")"
stop_speed
parts_wrong=$(grep -c "a frame drawn in parts differs from the whole frame" "$LOG")
[ "$parts_wrong" = 0 ] || fail "$parts_wrong frames drawn in parts were not the whole frame: $(grep -m1 "drawn in parts differs" "$LOG")"
table_wrong=$(grep -c "frame check: .* | table: " "$LOG")
[ "$table_wrong" = 0 ] || fail "$table_wrong frames showed a table that is not the game's: $(grep -m1 "frame check: .* | table: " "$LOG")"
echo "ok: every frame drawn in parts was the whole frame, and every frame's table the game's"

# 2 on the start screen (no peer in setup.ini): a game of two players.
: >"$LOG"
: >"$WORK_DIR/none.ini"
start_speed --config "$WORK_DIR/none.ini" --seed 4 --dump-layout
wait_for_log "start screen" 60
focus_speed_window
wait_for_log "keys go to screen\.play_cpu" 60
xdotool key --clearmodifiers 2
wait_for_log "menu: playing two players on one keyboard, seed 4" 60
wait_for_log "applied \(table\): SPEED!" 60
wait_for_log "moves of seat 1 legal=" 60
echo "ok: 2 on the start screen starts a game of two players"

# The Game menu's item deals a new game of two players (the deal after the last one).
menu_pick menu.game menu.game.two_players
wait_for_log "menu: playing two players on one keyboard, seed 5" 60
echo "ok: Game > Two players deals a new game of two players"
stop_speed
