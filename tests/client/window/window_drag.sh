#!/usr/bin/env bash
# Real pointer input through xdotool: a drag of a playable card onto a legal pile changes the
# game, an illegal drop and a drop on the felt change nothing, the deck refills an empty slot by
# drag, a plain click plays, and a resize lays the table out again. Every check reads the log.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
command -v xdotool >/dev/null || fail "xdotool is missing (make deps installs it)"

# --check-frames: each frame drawn in parts (a drag, a lift, a refusal's note, a menu) is
# compared with the same frame drawn whole, and each frame's table with the game's.
start_speed --vs-cpu --cpu-idle --seed 4 --dump-layout --check-frames
wait_for_log "window ready" 60
wait_for_log "applied \(table\): SPEED!" 60
wid=$(timeout 15 xdotool search --sync --classname '^speed$' | head -n 1)
[ -n "$wid" ] || fail "no speed window"

table_now() { last_moves | sed -E 's/.*\| table: //'; }


wait_for_moves_count 2 # one at start, one after the opening flip
drag_first legal # seed 4 leaves a legal play after the flip
wait_for_log "applied \(you\): seat 0 plays .. from slot $slot on pile $pile" 60
echo "ok: legal drag slot $slot -> pile $pile"
wait_for_moves_count 3

before=$(table_now)
played=$slot # empty now: the deck refills it below
drag_first illegal
islot=$slot; ipile=$pile; slot=$played
wait_for_log "refused: seat 0 plays .. from slot $islot on pile $ipile" 60
line=$(grep "refused: seat 0 plays .. from slot $islot on pile $ipile" "$LOG" | tail -n 1)
[ "${line##*table unchanged: }" = "$before" ] || fail "the illegal drop changed the table: $line vs $before"
echo "ok: illegal drop slot $islot -> pile $ipile refused, table unchanged"
wait_for_log "note beside slot $islot: only one rank up or down" 60
echo "ok: the refusal says why beside the card"

# On the felt left of the cards, below the menu bar: a drop under the bar leaves the pointer over
# a menu, whose hover may take the next press before the table sees it.
drag "$sx" "$sy" 20 300
wait_for_log "drop: not on a target, the card returns \| table unchanged" 60
line=$(grep "drop: not on a target" "$LOG" | tail -n 1)
[ "${line##*table unchanged: }" = "$before" ] || fail "a drop on the felt changed the table"
[ "$(moves_lines)" -eq 3 ] || fail "refused drops must not change the table"
echo "ok: drop on the felt changed nothing"

read -r dx dy <<<"$(rect_center deck 0)"
read -r ex ey <<<"$(rect_center hand 0 "$slot")"
drag "$dx" "$dy" "$ex" "$ey"
wait_for_log "applied \(you\): seat 0 refills slot $slot" 60
echo "ok: deck dragged onto the empty slot $slot"
wait_for_moves_count 4

pair=$(first_pair legal)
if [ -n "$pair" ]; then
    cslot=${pair%>*}
    read -r cx cy <<<"$(rect_center hand 0 "$cslot")"
    xdotool mousemove --window "$wid" "$cx" "$cy" sleep 0.05 click 1
    wait_for_log "applied \(you\): seat 0 plays .. from slot $cslot on pile" 60
    echo "ok: a click played slot $cslot"
    wait_for_moves_count 5
fi

# Keys: D refills the first empty slot; a digit selects a slot, left/right play it on a pile.
xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowfocus "$wid"
refills=$(grep -c "applied (you): seat 0 refills" "$LOG")
changes=$(moves_lines)
xdotool key --window "$wid" d
wait_for_moves_count $((changes + 1))
[ "$(grep -c "applied (you): seat 0 refills" "$LOG")" -gt "$refills" ] || fail "the D key did not refill"
echo "ok: the D key refilled a slot"
pair=$(first_pair legal)
if [ -n "$pair" ]; then
    kslot=${pair%>*}; kpile=${pair#*>}
    arrow=Left; [ "$kpile" = 1 ] && arrow=Right # seat 0's flip pile 0 is on its left
    xdotool key --window "$wid" $((kslot + 1)) "$arrow"
    wait_for_log "applied \(you\): seat 0 plays .. from slot $kslot on pile $kpile" 60
    echo "ok: keys $((kslot + 1)) $arrow played slot $kslot on pile $kpile"
fi

xdotool windowsize "$wid" 900 640
wait_for_log "layout window 0 0 900 640" 60
echo "ok: resized window laid out again"
stop_speed
parts_wrong=$(grep -c "a frame drawn in parts differs from the whole frame" "$LOG")
[ "$parts_wrong" = 0 ] || fail "$parts_wrong frames drawn in parts were not the whole frame: $(grep -m1 "drawn in parts differs" "$LOG")"
table_wrong=$(grep -c "frame check: .* | table: " "$LOG")
[ "$table_wrong" = 0 ] || fail "$table_wrong frames showed a table that is not the game's: $(grep -m1 "frame check: .* | table: " "$LOG")"
echo "ok: every frame drawn in parts was the whole frame, and every frame's table the game's"
