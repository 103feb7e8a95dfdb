#!/usr/bin/env bash
# The window's language: setup.ini's [player] language, --language, and auto from the locale;
# Japanese drawn with its own font, and English (said once) when that font is missing.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"

# shot NAME [ARGS...]: a screenshot of the start screen with the Help dialog open, and its log
# (in NAME.log). CONFIG=FILE in its environment: that setup.ini rather than setup.ini; AFTER=S:
# the picture after S seconds rather than 1.5 (for a run whose log alone is read: the language
# is chosen before the first frame).
shot() {
    local name=$1
    shift
    rm -f "$WORK_DIR/$name.png"
    timeout 60 "$SPEED_BIN" --config "${CONFIG:-$WORK_DIR/setup.ini}" --no-sound --show help --screenshot "$WORK_DIR/$name.png" \
        --after "${AFTER:-1.5}" "$@" >"$WORK_DIR/$name.stdout" 2>"$WORK_DIR/$name.log" || fail "speed ($name) exited with $?"
    [ -f "$WORK_DIR/$name.png" ] || fail "no screenshot for $name"
}
# quick NAME CONFIG [ARGS...]: shot after 0.2 s with that setup.ini, in the background; `wait`
# for them all before reading their logs.
quick() {
    local name=$1 config=$2
    shift 2
    (CONFIG=$config AFTER=0.2 shot "$name" "$@") &
}
# logged NAME PATTERN: NAME's log has a line with PATTERN (a fixed string).
logged() { grep -qF -- "$2" "$WORK_DIR/$1.log"; }

printf '[player]\nname = Taro\n' >"$WORK_DIR/setup.ini"
printf '[player]\nname = Taro\nlanguage = ja\n' >"$WORK_DIR/ja.ini"
printf '[player]\nlanguage = japanese\n' >"$WORK_DIR/bad.ini"
# A machine without Noto Sans CJK JP: fontconfig shown only DejaVu and the IPA fonts.
mkdir -p "$WORK_DIR/fc-cache"
cat >"$WORK_DIR/fonts.conf" <<EOF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts/truetype/dejavu</dir>
  <dir>/usr/share/fonts/opentype/ipafont-gothic</dir>
  <cachedir>$WORK_DIR/fc-cache</cachedir>
</fontconfig>
EOF
# The runs whose log alone tells go side by side; the three pictures compared are taken after.
LC_ALL=C.UTF-8 LANG=ja_JP.UTF-8 quick lc-all "$WORK_DIR/setup.ini"
LANG=ja_JP.UTF-8 quick flag-en "$WORK_DIR/ja.ini" --language en
LANG=C.UTF-8 quick no-font "$WORK_DIR/ja.ini" --japanese-font "$WORK_DIR/missing.ttf"
FONTCONFIG_FILE="$WORK_DIR/fonts.conf" LANG=C.UTF-8 quick no-noto "$WORK_DIR/setup.ini" --language ja
LANG=C.UTF-8 quick bad-ini "$WORK_DIR/bad.ini"
for run in $(jobs -p); do wait "$run" || fail "a run of speed failed (its log is in $WORK_DIR)"; done
LC_ALL= LC_MESSAGES= LANG=ja_JP.UTF-8 shot auto-ja
LC_ALL= LC_MESSAGES= LANG=C.UTF-8 shot auto-en
LANG=C.UTF-8 CONFIG="$WORK_DIR/ja.ini" shot ini-ja

logged auto-ja "language: ja (auto)" || fail "LANG=ja_JP.UTF-8 with language = auto did not choose Japanese"
grep -q "fonts: DejaVu Sans (.*), Japanese Noto Sans CJK JP (.*NotoSansCJK-Regular.ttc, bold .*NotoSansCJK-Bold.ttc)" \
    "$WORK_DIR/auto-ja.log" || fail "the Japanese words are not drawn in Noto Sans CJK JP (fonts-noto-cjk) and its bold"
logged auto-en "language: en (auto)" || fail "LANG=C.UTF-8 with language = auto did not choose English"
# LC_ALL comes before LANG (C.UTF-8: a locale every Debian has).
logged lc-all "language: en (auto)" || fail "LC_ALL=C.UTF-8 did not win over LANG=ja_JP.UTF-8"
cmp -s "$WORK_DIR/auto-ja.png" "$WORK_DIR/auto-en.png" && fail "the Japanese and English screens are the same picture"
logged ini-ja "language: ja (ja)" || fail "setup.ini's language = ja was not used"
cmp -s "$WORK_DIR/ini-ja.png" "$WORK_DIR/auto-ja.png" || fail "language = ja does not look as LANG=ja_JP does"
logged flag-en "language: en (en)" || fail "--language en did not override setup.ini"

# No Japanese font (setup.ini asks for Japanese): English, said in the log, and the window still opens.
logged no-font "cannot load the Japanese font $WORK_DIR/missing.ttf (install the fonts-noto-cjk package)" ||
    fail "a missing Japanese font was not named"
logged no-font "language: Japanese needs the fonts-noto-cjk package; showing English" ||
    fail "no English fallback without the Japanese font"
# Without Noto Sans CJK JP, IPAPGothic stands in, the window still speaks Japanese, and says once
# which face is missing.
logged no-noto "language: ja (ja)" || fail "without Noto Sans CJK JP the window did not speak Japanese"
grep -q "fonts: DejaVu Sans (.*), Japanese IPAPGothic (.*ipagp.ttf)" "$WORK_DIR/no-noto.log" ||
    fail "IPAPGothic did not stand in for Noto"
[ "$(grep -c "the font Noto Sans CJK JP is missing (package fonts-noto-cjk): the words are drawn in IPAPGothic" "$WORK_DIR/no-noto.log")" = 1 ] ||
    fail "the missing Noto Sans CJK JP was not said once"
logged bad-ini "expected auto, ja or en" || fail "a bad language value was not explained"

# Settings › language, chosen with real clicks and saved: the window speaks Japanese at once,
# without a restart. Each click goes where the window says the control is (--dump-layout), once
# it shows. Started without --config from a folder with no setup.ini, the window uses (and the
# first save makes, with the comments of the project's setup.ini) the user's own file in
# $XDG_CONFIG_HOME/speed/, which the dialog names.
export LANG=C.UTF-8
user_ini=$XDG_CONFIG_HOME/speed/setup.ini
rm -f "$user_ini"
mkdir -p "$WORK_DIR/elsewhere"
cd "$WORK_DIR/elsewhere" || fail "no folder to start in"
start_speed --vs-cpu --cpu-idle --no-sound --show settings --dump-layout
wait_for_log "settings: $user_ini \(your settings folder\)" 60
wait_for_log "dialog open: settings" 60
wait_for_log "window ready" 60
focus_speed_window
click_widget player.language
click_widget player.language=ja
click_widget settings.save
wait_for_log "settings saved to $user_ini" 60
wait_for_log "language: ja \(ja\)" 60
grep -qx "language = ja" "$user_ini" || fail "Settings did not write language = ja into $user_ini"
grep -q "^; Your name as the other player sees it" "$user_ini" || fail "the new $user_ini lacks the comments of setup.ini"
stop_speed
# What the saved file shows: the Settings dialog in Japanese, naming its file (looked at by hand).
timeout 60 "$SPEED_BIN" --vs-cpu --cpu-idle --no-sound --show settings \
    --screenshot "$WORK_DIR/switched.png" --after 1.5 >"$WORK_DIR/stdout.txt" 2>"$LOG" || fail "speed (switched) exited with $?"
grep -q "language: ja (ja)" "$LOG" || fail "the saved language = ja was not used"
[ -f "$WORK_DIR/switched.png" ] || fail "no screenshot of the switched window"
echo "ok: $WORK_DIR/auto-ja.png $WORK_DIR/auto-en.png $WORK_DIR/switched.png; the user's file $user_ini made with its comments"
