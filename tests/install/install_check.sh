#!/bin/sh
# install_check.sh BUILD_DIR SOURCE_DIR: installs the built tree into a temporary DESTDIR (prefix
# /usr, through cmake/install_tree.sh as `make install` does) and checks it file by file: the four
# programs, the desktop entry, the AppStream metadata, the icons, the manual pages (each lists
# exactly its program's --help options), the docs, no other file; then that `make uninstall`'s
# removal leaves the DESTDIR empty. The build's own install records are put back afterwards.
set -eu
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
id=io.github.speed_card_game.Speed
programs="speed speed-server speed-measure speed-relay"

work=$(mktemp -d)
dest=$work/dest
mkdir "$dest"
# A real install's records in the build folder survive this test.
for record in install_manifest.txt install_dirs.txt; do
    [ -f "$build/$record" ] && cp "$build/$record" "$work/$record.kept"
done
restore() {
    for record in install_manifest.txt install_dirs.txt; do
        if [ -f "$work/$record.kept" ]; then cp "$work/$record.kept" "$build/$record"; else rm -f "$build/$record"; fi
    done
    rm -rf "$work"
}
trap restore EXIT

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

DESTDIR=$dest sh "$source/cmake/install_tree.sh" install "$build" /usr >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; echo "FAIL: the install"; exit 1; }
root=$dest/usr

# The programs, executable, and nothing else in bin/ (no test program).
for program in $programs; do
    [ -f "$root/bin/$program" ] && [ -x "$root/bin/$program" ] || fail "bin/$program is missing or not executable"
done
extra=$(cd "$root/bin" && ls | grep -vxF -e speed -e speed-server -e speed-measure -e speed-relay || true)
[ -z "$extra" ] || fail "bin/ holds programs besides the four: $extra"

# The desktop entry and the metadata, through their validators.
desktop=$root/share/applications/$id.desktop
if desktop-file-validate "$desktop" >"$work/desktop.log" 2>&1; then
    [ ! -s "$work/desktop.log" ] || { cat "$work/desktop.log"; fail "desktop-file-validate warned"; }
else
    cat "$work/desktop.log"; fail "desktop-file-validate $desktop"
fi
grep -qx "Exec=speed" "$desktop" || fail "the desktop entry does not run speed"
grep -qx "Icon=$id" "$desktop" || fail "the desktop entry's icon is not $id"
appstreamcli validate --no-net "$root/share/metainfo/$id.metainfo.xml" >"$work/metainfo.log" 2>&1 ||
    { cat "$work/metainfo.log"; fail "appstreamcli validate"; }

# The icons: the SVG, and each PNG the size its folder says (the IHDR's width and height).
[ -s "$root/share/icons/hicolor/scalable/apps/$id.svg" ] || fail "the scalable icon is missing"
for size in 16 32 48 64 128 256; do
    png=$root/share/icons/hicolor/${size}x${size}/apps/$id.png
    got=$(python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read(24)
if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
    print("not a PNG")
else:
    print("%dx%d" % struct.unpack(">II", data[16:24]))
' "$png" 2>&1) || got="unreadable"
    [ "$got" = "${size}x${size}" ] || fail "$png: $got, not ${size}x${size}"
done

# The manual pages: each renders without a warning, and its OPTIONS name exactly the options
# the installed program's --help prints.
for page in speed.6 speed-server.6 speed-measure.1 speed-relay.1; do
    program=${page%.*}
    file=$root/share/man/man${page##*.}/$page
    [ -f "$file" ] || { fail "$file is missing"; continue; }
    warnings=$(MANWIDTH=80 man -l --warnings "$file" 2>&1 >/dev/null) || fail "man -l $page"
    [ -z "$warnings" ] || fail "man -l $page warns: $warnings"
    warnings=$(groff -ww -man -z "$file" 2>&1) || fail "groff $page"
    [ -z "$warnings" ] || fail "groff $page warns: $warnings"
    "$root/bin/$program" --help >"$work/$program.help" 2>&1 || fail "$program --help"
    python3 "$source/tests/install/man_options.py" "$work/$program.help" "$file" || fail "$page's OPTIONS are not $program --help's"
done

# The docs, setup.ini as the example.
for doc in README.md setup.ini; do
    [ -f "$root/share/doc/speed/$doc" ] || fail "share/doc/speed/$doc is missing"
done
for doc in "$source"/docs/*.md; do
    [ -f "$root/share/doc/speed/${doc##*/}" ] || fail "share/doc/speed/${doc##*/} is missing"
done

# Nothing but what the manifest names (under the prefix, without DESTDIR), and all it names.
(cd "$dest" && find . ! -type d | sed 's|^\.||' | sort) >"$work/found"
sort "$build/install_manifest.txt" >"$work/listed"
if ! cmp -s "$work/found" "$work/listed"; then
    diff "$work/listed" "$work/found" || true
    fail "the files installed are not those of install_manifest.txt"
fi
unexpected=$(grep -v \
    -e '^/usr/bin/speed\(-server\|-measure\|-relay\)\?$' \
    -e "^/usr/share/applications/$id\.desktop$" \
    -e "^/usr/share/metainfo/$id\.metainfo\.xml$" \
    -e "^/usr/share/icons/hicolor/[0-9a-z]*/apps/$id\.\(png\|svg\)$" \
    -e '^/usr/share/man/man[16]/speed[a-z-]*\.[16]$' \
    -e '^/usr/share/doc/speed/[A-Za-z]*\.\(md\|ini\)$' "$work/found" || true)
[ -z "$unexpected" ] || fail "installed, but not meant to be: $unexpected"

# `make uninstall`'s removal leaves nothing, not even a folder.
DESTDIR=$dest sh "$source/cmake/install_tree.sh" uninstall "$build" /usr >"$work/uninstall.log" 2>&1 ||
    { cat "$work/uninstall.log"; fail "the uninstall"; }
left=$(cd "$dest" && find . -mindepth 1)
[ -z "$left" ] || fail "left after the uninstall: $left"

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "installed and removed: $(wc -l <"$work/listed") files, each checked"
