#!/usr/bin/env bash
# The installed card decks: --list-cards names them, --cards and setup.ini's [player] cards pick
# one, the table shows it (a dark KDE deck against the light built-in cards, read off the
# screenshots), the second start reads it from the cache folder, and a deck that is missing or
# cannot be drawn falls back with a word in the log.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
export XDG_CACHE_HOME=$WORK_DIR/cache
export XDG_DATA_DIRS=/usr/local/share:/usr/share
PNG_MEAN="python3 $(dirname "$0")/png_mean.py"

# --list-cards: no window needed; the two families Debian ships, and the built-in cards.
"$SPEED_BIN" --list-cards >"$WORK_DIR/list.txt" 2>"$LOG" || fail "speed --list-cards exited with $?"
for name in Anglo "Anglo Modern 4 Color" Oxygen Standard built-in; do
    grep -qx "$name" "$WORK_DIR/list.txt" || fail "--list-cards does not name $name (make deps installs the decks)"
done
"$SPEED_BIN" --list-cards --json >"$WORK_DIR/list.json" 2>"$LOG" || fail "--list-cards --json exited with $?"
python3 - "$WORK_DIR/list.json" <<'PY' || fail "--list-cards --json is not what it should be"
import json, sys
listing = json.load(open(sys.argv[1]))
names = {deck["name"]: deck for deck in listing["decks"]}
assert listing["preferred"] == "Anglo" and listing["built_in"] == "built-in", listing
assert names["Oxygen"]["family"] == "kde" and names["Anglo"]["family"] == "aisleriot"
assert names["Anglo Modern 4 Color"]["four_colour"] and not names["Anglo"]["four_colour"]
PY
echo "ok: --list-cards"

# A deck named on the command line that is not installed: an error, no window.
"$SPEED_BIN" --vs-cpu --cards "No Such Deck" >/dev/null 2>"$LOG" && fail "--cards with an unknown deck started"
grep -q 'no card deck named "No Such Deck"' "$LOG" || fail "no word on the unknown deck"
echo "ok: --cards with an unknown deck is refused"

# brightness SHOT: the mean brightness of the local seat's first hand card in a screenshot.
brightness() { $PNG_MEAN "$1" $(grep -E "layout hand 0 0 " "$LOG" | head -n 1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }'); }
shoot() { # shoot NAME FLAGS...: a screenshot of a fresh vs-CPU deal with --dump-layout (after SHOOT_AFTER s, 2)
    timeout 120 "$SPEED_BIN" --vs-cpu --cpu-idle --seed 7 --width 1024 --height 720 --dump-layout \
        --screenshot "$WORK_DIR/$1.png" --after "${SHOOT_AFTER:-2}" "${@:2}" >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "speed exited with $?"
    [ -f "$WORK_DIR/$1.png" ] || fail "no screenshot $1"
}

shoot built-in --cards built-in
grep -q "cards: the built-in cards" "$LOG" || fail "the built-in cards were not chosen"
light=$(brightness "$WORK_DIR/built-in.png")

# Drawn anew (an empty cache), and shot at once: the screenshot waits for the deck, however long
# drawing takes on this machine.
rm -rf "$XDG_CACHE_HOME"
SHOOT_AFTER=0 shoot oxygen --cards oxygen
grep -qE "cards: Oxygen ready, cards of [0-9]+x[0-9]+ px" "$LOG" || fail "Oxygen was not shown"
grep -q "cards: The deck Oxygen has no joker: the game draws that card" "$LOG" || fail "no word on Oxygen's missing joker"
ls "$XDG_CACHE_HOME"/speed/cards/oxygen-*.rgba >/dev/null 2>&1 || fail "Oxygen was not kept in the cache folder"
dark=$(brightness "$WORK_DIR/oxygen.png")
[ "$dark" -lt $((light - 60)) ] || fail "the hand card with Oxygen ($dark) is not darker than the built-in one ($light)"
echo "ok: Oxygen shown (hand card brightness $dark against the built-in $light), kept in the cache"

shoot oxygen-again --cards Oxygen
grep -qE "cards: Oxygen ready, cards of [0-9]+x[0-9]+ px, read from the cache" "$LOG" || fail "the second start drew the deck again"
[ "$(grep -c "has no joker" "$LOG")" = 1 ] || fail "the missing joker should be said once"
echo "ok: the second start reads the deck from the cache"

# A resize asks for the deck at the new size; the old pictures stay until the new ones are ready.
start_speed --vs-cpu --cpu-idle --no-sound --cards Oxygen --width 1024 --height 720 --config /dev/null
wait_for_log "cards: Oxygen ready" 60
first=$(grep -oE "cards: Oxygen ready, cards of [0-9]+x[0-9]+" "$LOG" | tail -n 1)
focus_speed_window
xdotool windowsize --sync "$wid" 1280 880 2>/dev/null || xdotool windowsize "$wid" 1280 880
wait_for_log_count "cards: Oxygen ready" 2 120
second=$(grep -oE "cards: Oxygen ready, cards of [0-9]+x[0-9]+" "$LOG" | tail -n 1)
[ "$first" != "$second" ] || fail "the deck was not drawn anew for the new size ($first)"
stop_speed
echo "ok: a resize draws the deck anew (${first#*of } then ${second#*of })"

# setup.ini's [player] cards, and a name there that is not installed: the preferred deck, said.
printf '[player]\ncards = Oxygen\n' >"$WORK_DIR/oxygen.ini"
shoot from-ini --config "$WORK_DIR/oxygen.ini"
grep -q "cards: Oxygen ready" "$LOG" || fail "setup.ini's cards = Oxygen was not followed"
printf '[player]\ncards = Gone Deck\n' >"$WORK_DIR/gone.ini"
shoot gone --config "$WORK_DIR/gone.ini"
grep -q 'cards: No deck named "Gone Deck" is installed: showing Anglo' "$LOG" || fail "no word on setup.ini's missing deck"
grep -q "cards: Anglo ready" "$LOG" || fail "the preferred deck was not shown instead"
echo "ok: setup.ini's cards, and its missing deck"

# Settings > Cards and table > Card deck, chosen with real clicks and saved: the table shows the new deck at once, and
# setup.ini keeps the choice. Each click goes where the window says the control is.
rm -rf "$XDG_DATA_HOME"
printf '[player]\nname = Taro\n' >"$WORK_DIR/setup.ini"
start_speed --config "$WORK_DIR/setup.ini" --vs-cpu --cpu-idle --no-sound --show settings --dump-layout
wait_for_log "dialog open: settings" 60
wait_for_log "cards: Anglo ready" 60
focus_speed_window
# The deck is on the Cards and table tab: clicked until the tab shows it (a click in the frame
# the dialog settled may go unseen, as open_menu says).
for _ in 1 2 3; do
    click_widget settings.tab.cards
    widget_shows player.cards 20 && break
done
click_widget player.cards
# The list closes a frame or more after the pick (seconds, on a busy machine): a click on Save
# while it is still open would only close it. The box shows again once the list is gone.
wait_for_widget "player.cards=Anglo Modern 4 Color" 60
listed=$(widget_count player.cards)
xdotool mousemove --window "$wid" "$wx" "$wy" click 1
wait_for_widget player.cards 60 "$listed"
click_widget settings.save
wait_for_log "settings saved to" 60
wait_for_log "cards: Anglo Modern 4 Color ready" 120
grep -qx "cards = Anglo Modern 4 Color" "$WORK_DIR/setup.ini" || fail "Settings did not write cards = Anglo Modern 4 Color"
stop_speed
echo "ok: Settings > Cards switches the deck at once and saves it"

# setup.ini's [player] card_back: another deck's back with these faces, the drawn one, and one
# that is not installed (the deck's own, said).
printf '[player]\ncards = Anglo\ncard_back = Oxygen\n' >"$WORK_DIR/back.ini"
shoot back-oxygen --config "$WORK_DIR/back.ini"
grep -q "cards: the back of Oxygen ready" "$LOG" || fail "the back of Oxygen was not shown"
printf '[player]\ncards = Anglo\ncard_back = built-in\n' >"$WORK_DIR/back.ini"
shoot back-drawn --config "$WORK_DIR/back.ini"
grep -q "cards: the built-in back" "$LOG" || fail "the built-in back was not chosen"
printf '[player]\ncards = Anglo\ncard_back = Gone Deck\n' >"$WORK_DIR/back.ini"
shoot back-gone --config "$WORK_DIR/back.ini"
grep -q 'cards: No deck named "Gone Deck" is installed: the cards show their deck.s own back' "$LOG" || fail "no word on the missing back"
# The deck's place: Anglo's dark blue lattice, Oxygen's green, the drawn blue: three different pictures.
deck_colour() { $PNG_MEAN "$1" $(grep -E "layout deck 0 " "$LOG" | head -n 1 | awk '{ print $(NF-3)+10, $(NF-2)+10, $(NF-1)-20, $NF-20 }'); }
[ "$(deck_colour "$WORK_DIR/back-oxygen.png")" != "$(deck_colour "$WORK_DIR/back-gone.png")" ] || fail "Oxygen's back looks like Anglo's"
echo "ok: card_back: another deck's, the drawn one, and a missing one"

# A deck that cannot be drawn (a broken SVG in the user's data folder): the built-in cards, said.
mkdir -p "$XDG_DATA_HOME/aisleriot/cards"
echo "<svg this is not" >"$XDG_DATA_HOME/aisleriot/cards/broken_deck.svg"
shoot broken --cards "Broken Deck"
grep -q "cards: The deck Broken Deck cannot be drawn" "$LOG" || fail "no word on the broken deck"
[ "$(brightness "$WORK_DIR/broken.png")" -gt $((dark + 60)) ] || fail "the broken deck did not fall back to the built-in cards"
echo "ok: a deck that cannot be drawn falls back to the built-in cards"

# No deck installed at all: the built-in cards, said once.
XDG_DATA_HOME=$WORK_DIR/empty XDG_DATA_DIRS=$WORK_DIR/empty shoot none
grep -q "cards: No card deck is installed" "$LOG" || fail "no word when no deck is installed"
echo "ok: no deck installed"
