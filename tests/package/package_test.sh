#!/usr/bin/env bash
# make package-test: the Debian package installed on a minimal Debian 12 and run there.
# A minimal root (debootstrap --variant=minbase bookworm, kept in build/package-root between runs)
# gets the package with `apt-get install ./speed_*.deb`, which pulls in exactly what its computed
# dependencies name, then: speed --version, speed --vs-cpu --screenshot under Xvfb (xvfb-run is
# installed for the test, it is no dependency of the game), speed-server --selfplay 10. Root only;
# the first run downloads the minimal system (about 100 MB).
# Usage: package_test.sh DEB [ROOT]
set -u
deb=$(readlink -f "${1:?usage: package_test.sh DEB [ROOT]}")
root=$(readlink -f "${2:-build/package-root}")
fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot)"
[ -f "$deb" ] || fail "no package at $deb (make deb makes it)"
command -v debootstrap >/dev/null || fail "debootstrap is missing (make deps installs it)"
started=$(date +%s)
if [ ! -x "$root/usr/bin/apt-get" ]; then
    rm -rf "$root"
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$root.log" 2>&1 ||
        fail "debootstrap: $(tail -n 5 "$root.log")"
fi
echo "minimal Debian 12 root ready in $(( $(date +%s) - started )) s: $root"
mounted=()
cleanup() { for point in "${mounted[@]}"; do umount -l "$point" 2>/dev/null; done; }
trap cleanup EXIT
for point in proc sys dev; do
    mount --bind "/$point" "$root/$point" && mounted+=("$root/$point")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
name=$(basename "$deb")
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin:/usr/games HOME=/root LANG=C.UTF-8 "$@"; }
# A package installed earlier goes first: this run installs it as a fresh machine would.
in_root dpkg --purge speed >/dev/null 2>&1
in_root apt-get update -qq || fail "apt-get update in the root"
step=$(date +%s)
DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq --no-install-recommends "/tmp/$name" >"$root.install.log" 2>&1 ||
    fail "apt-get install ./$name: $(tail -n 10 "$root.install.log")"
echo "apt-get install ./$name: $(( $(date +%s) - step )) s; it pulled in $(grep -c '^Setting up' "$root.install.log") packages"
in_root speed --version || fail "speed --version"
in_root speed-server --selfplay 10 --json >"$root.selfplay.json" || fail "speed-server --selfplay 10"
grep -q '"games":10' "$root.selfplay.json" || fail "speed-server --selfplay 10 did not report 10 games: $(cat "$root.selfplay.json")"
echo "speed-server --selfplay 10: $(cut -c1-120 "$root.selfplay.json")"
DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq --no-install-recommends xvfb xauth >/dev/null 2>&1 ||
    fail "cannot install xvfb in the root for the screenshot"
in_root xvfb-run -a speed --vs-cpu --no-sound --screenshot /tmp/table.png --after 2 >"$root.window.log" 2>&1 ||
    fail "speed --vs-cpu --screenshot: $(tail -n 10 "$root.window.log")"
[ -s "$root/tmp/table.png" ] || fail "no screenshot"
cp "$root/tmp/table.png" build/package-table.png
echo "speed --vs-cpu --screenshot under Xvfb: build/package-table.png ($(stat -c %s build/package-table.png) bytes)"
echo "the package installs and runs on a minimal Debian 12 ($(( $(date +%s) - started )) s in all)"
