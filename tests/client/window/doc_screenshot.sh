#!/usr/bin/env bash
# Regenerates docs/screenshot-table.png: a vs-CPU game two seconds in, with a card held in
# mid-drag so the legal pile is highlighted. Not a test; run it by hand after changing the look:
#   tests/client/window/doc_screenshot.sh build/release/client/speed docs/screenshot-table.png
# Flags after the file go to speed (docs/screenshot-table-ja.png: --language ja).
set -eu
if [ -z "${SPEED_UNDER_XVFB:-}" ]; then
    SPEED_UNDER_XVFB=1 exec xvfb-run -a -n $((200 + RANDOM % 3000)) -s "-screen 0 1280x900x24 -noreset" "$0" "$@"
fi
speed=$1 out=$(realpath -m "$2") log=$(mktemp)
"$speed" --vs-cpu --level easy --seed 4 --dump-layout --screenshot "$out" --after 2.3 "${@:3}" 2>"$log" &
pid=$!
for _ in $(seq 100); do grep -q "applied (table)" "$log" && break; sleep 0.1; done
wid=$(timeout 15 xdotool search --sync --classname '^speed$' | head -n 1)
center() { grep -E "layout $* " "$log" | head -n 1 | awk '{ print int($(NF-3) + $(NF-1) / 2), int($(NF-2) + $NF / 2) }'; }
read -r sx sy <<<"$(center hand 0 3)" # seed 4: slot 3 (C4) plays on pile 1 (D3)
read -r px py <<<"$(center pile 1)"
xdotool mousemove --window "$wid" "$sx" "$sy" sleep 0.05 mousedown 1 sleep 0.05 \
    mousemove --window "$wid" $((sx - 10)) $((sy - 40)) sleep 0.05 \
    mousemove --window "$wid" $(((sx + px) / 2 + 30)) $(((sy + py) / 2 + 20))
wait "$pid"
rm -f "$log"
echo "wrote $out"
