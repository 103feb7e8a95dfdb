#!/bin/sh
# install_tree.sh install|uninstall BUILD_DIR PREFIX: `make install` and `make uninstall`, and the
# install test, through the same steps. DESTDIR (environment) stages the tree elsewhere.
#
# install: `cmake --install`, after noting which folders it is about to make: the files go to
# the build's install_manifest.txt (CMake's), the folders that did not exist to install_dirs.txt.
# uninstall: removes exactly the files of the manifest, then those folders, deepest first, each
# only if it is empty: nothing else.
set -eu
action=$1
build=$(cd "$2" && pwd)
prefix=$3
destdir=${DESTDIR:-}
manifest=$build/install_manifest.txt
made_dirs=$build/install_dirs.txt

case $action in
install)
    # A staged copy first shows every folder the install holds; those missing under DESTDIR and
    # the prefix now are the ones the install will make.
    stage=$build/install-stage
    rm -rf "$stage"
    DESTDIR=$stage cmake --install "$build" --prefix "$prefix" >/dev/null
    (cd "$stage" && find . -mindepth 1 -type d | sed 's|^\.||') | while read -r dir; do
        [ -d "$destdir$dir" ] || echo "$dir"
    done >"$made_dirs.new"
    rm -rf "$stage"
    DESTDIR=$destdir cmake --install "$build" --prefix "$prefix"
    mv "$made_dirs.new" "$made_dirs"
    ;;
uninstall)
    if [ ! -f "$manifest" ]; then
        echo "nothing to uninstall: no $manifest (make install writes it)" >&2
        exit 1
    fi
    # The manifest names each file under the prefix, without DESTDIR (as cmake --install writes
    # it), one a line, the last with no newline.
    while IFS= read -r listed || [ -n "$listed" ]; do
        [ -n "$listed" ] || continue
        file=$destdir$listed
        if [ -e "$file" ] || [ -L "$file" ]; then
            echo "-- Removing: $file"
            rm -f "$file"
        fi
    done <"$manifest"
    if [ -f "$made_dirs" ]; then
        sort -r "$made_dirs" | while IFS= read -r dir; do
            [ -n "$dir" ] && [ -d "$destdir$dir" ] && rmdir "$destdir$dir" 2>/dev/null || true
        done
    fi
    ;;
*)
    echo "usage: $0 install|uninstall BUILD_DIR PREFIX" >&2
    exit 2
    ;;
esac
