#!/bin/bash
# DNS-SD between two machines of a small LAN: two network namespaces (A and B) joined by a bridge
# in a third, IPv4 10.77.0.0/24 and IPv6 fd77::/64 (and link-local), multicast on. Each machine
# has its own D-Bus system bus (dbus-daemon on a socket in a temporary folder) and its own
# avahi-daemon (its own configuration, root, no chroot, no rlimits, its own /run on a tmpfs in a
# mount namespace of its own), found through DBUS_SYSTEM_BUS_ADDRESS. Then:
#   1. dnssd_probe publish Taro in A is found by dnssd_probe browse and avahi-browse in B;
#   2. turned busy (SIGUSR1: DnsSdAnnouncer::update), B sees state=busy;
#   3. A's avahi-daemon restarted: the publisher publishes again by itself, and B finds it again;
#   4. the publisher ended (SIGTERM): gone from B's browser and from avahi-browse;
#   5. a busy host with a password is found as such, a foreign TXT record beside it is ignored and
#      counted, a host with rules no browser would read is not published (and says why), and the
#      busy host killed (SIGKILL) is gone;
#   6. of two hosts of the same name, one on each machine, one is renamed "Jiro #2";
#   8. with SPEED_SERVER and SPEED_CLIENT set: speed-server hosting in A is listed by avahi-browse
#      in B, and speed --list-hosts in B finds it both ways, as one host.
# With --resolve-again, after 1 only (it waits about 20 s, on Avahi's own timeout):
#   7. a host whose address nobody answers for yet (its resolution fails) is found once its address
#      is published.
# Prints how long each step took. Everything is removed on exit, even on failure.
# Usage: dnssd_lab.sh DNSSD_PROBE [--resolve-again]. Without root or a program it needs: prints "SKIP: ..." and
# exits 0.
set -u
PROBE=${1:?usage: dnssd_lab.sh DNSSD_PROBE [--resolve-again]}
MODE=main
[ "${2:-}" = --resolve-again ] && MODE=resolve-again
export PATH="$PATH:/usr/sbin:/sbin"
CEILING=20 # seconds: every wait ends at its event, this bounds it on a loaded machine

skip() { echo "SKIP: $*"; exit 0; }
fail() {
    echo "FAIL: $*"
    for log in "$WORK"/*.out "$WORK"/*.log; do [ -s "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }; done
    exit 1
}

[ "$(id -u)" = 0 ] || skip "needs root to make network namespaces"
for program in ip unshare mount avahi-daemon avahi-browse avahi-publish dbus-daemon; do
    command -v "$program" > /dev/null || skip "$program is not installed"
done
[ -x "$PROBE" ] || fail "no dnssd_probe at $PROBE"

TAG=$$
LAN=speed-dnssd-lan-$TAG
A=speed-dnssd-a-$TAG
B=speed-dnssd-b-$TAG
WORK=$(mktemp -d /tmp/speed-dnssd-lab.XXXXXX)
PIDS=()

cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2> /dev/null; done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2> /dev/null
    done
    for ns in "$A" "$B" "$LAN"; do ip netns delete "$ns" 2> /dev/null; done
    rm -rf "$WORK"
}
trap cleanup EXIT

now() { echo "${EPOCHREALTIME/,/.}"; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f s", b - a }'; }

# wait_for FILE REGEX WHAT: until a line of FILE matches REGEX, at most CEILING seconds.
wait_for() {
    local deadline=$((SECONDS + CEILING))
    until grep -qE -- "$2" "$1" 2> /dev/null; do
        [ $SECONDS -lt $deadline ] || fail "$3: not within ${CEILING} s"
        sleep 0.05
    done
}

# wait_count FILE REGEX N WHAT: until at least N lines of FILE match REGEX, at most CEILING seconds.
wait_count() {
    local deadline=$((SECONDS + CEILING))
    until [ "$(grep -cE -- "$2" "$1" 2> /dev/null)" -ge "$3" ]; do
        [ $SECONDS -lt $deadline ] || fail "$4: not within ${CEILING} s"
        sleep 0.05
    done
}

# on NS SIDE COMMAND...: the command in namespace NS, on SIDE's bus.
on() { local ns=$1 side=$2; shift 2; ip netns exec "$ns" env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$WORK/$side.bus" "$@"; }
# spawn OUT ERR NS SIDE COMMAND...: the same in the background, its output in OUT and ERR; its
# process id (ip and env exec it) in SPAWNED and PIDS.
spawn() {
    local out=$1 err=$2 ns=$3 side=$4
    shift 4
    ip netns exec "$ns" env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$WORK/$side.bus" "$@" > "$out" 2> "$err" &
    SPAWNED=$!
    PIDS+=($SPAWNED)
}

# The LAN.
ip netns add "$LAN" 2> /dev/null || skip "cannot make a network namespace (ip netns add)"
ip netns add "$A" && ip netns add "$B" || fail "ip netns add"
ip -n "$LAN" link add br0 type bridge forward_delay 0 mcast_snooping 0 2> /dev/null ||
    skip "cannot make a bridge (ip link add type bridge)"
ip -n "$LAN" link set br0 up
number=1
for side in a b; do
    ns=$A; [ $side = b ] && ns=$B
    # No duplicate address detection: the addresses are usable at once.
    ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0
    ip -n "$LAN" link add "port-$side" type veth peer name eth0 netns "$ns" 2> /dev/null ||
        skip "cannot make a veth pair (ip link add type veth)"
    ip -n "$LAN" link set "port-$side" master br0 up
    ip -n "$ns" link set lo up
    ip -n "$ns" addr add "10.77.0.$number/24" dev eth0
    ip -n "$ns" addr add "fd77::$number/64" dev eth0 nodad
    ip -n "$ns" link set eth0 multicast on up
    number=$((number + 1))
done

# start_avahi SIDE NS: its avahi-daemon, logging to SIDE-avahi.log; waits for its startup.
start_avahi() {
    local side=$1 ns=$2
    spawn "$WORK/$side-avahi.log" "$WORK/$side-avahi.log" "$ns" "$side" unshare --mount sh -c \
        'mount -t tmpfs speed-lab /run && mkdir /run/avahi-daemon &&
         exec avahi-daemon --file="$0" --no-drop-root --no-chroot --no-rlimits --no-proc-title' \
        "$WORK/$side-avahi.conf"
    AVAHI_PID[$side]=$SPAWNED
    wait_for "$WORK/$side-avahi.log" "Server startup complete" "avahi-daemon in $side starts"
}

declare -A AVAHI_PID
started=$(now)
for side in a b; do
    ns=$A; [ $side = b ] && ns=$B
    cat > "$WORK/$side-bus.conf" << EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$WORK/$side.bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
EOF
    cat > "$WORK/$side-avahi.conf" << EOF
[server]
host-name=speed-lab-$side
domain-name=local
use-ipv4=yes
use-ipv6=yes
allow-interfaces=eth0
enable-dbus=yes
ratelimit-interval-usec=1000000
ratelimit-burst=1000
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
[reflector]
[rlimits]
EOF
    ip netns exec "$ns" dbus-daemon --config-file="$WORK/$side-bus.conf" --nofork --nopidfile \
        > "$WORK/$side-bus.log" 2>&1 &
    PIDS+=($!)
    deadline=$((SECONDS + CEILING))
    until [ -S "$WORK/$side.bus" ]; do
        [ $SECONDS -lt $deadline ] || fail "dbus-daemon in $side: no socket within ${CEILING} s"
        sleep 0.05
    done
    start_avahi $side "$ns"
done
echo "LAN, buses and avahi-daemons up in $(since "$started")"

# B's browser, for the whole run.
spawn "$WORK/browse.out" "$WORK/browse.log" "$B" b "$PROBE" browse 120

# avahi_browse_until REGEX WHAT: avahi-browse -rtp in B, again until its output matches.
avahi_browse_until() {
    local deadline=$((SECONDS + CEILING))
    until on "$B" b avahi-browse -rtp _speed._udp 2> /dev/null > "$WORK/avahi-browse.out"
          grep -qE -- "$1" "$WORK/avahi-browse.out"; do
        [ $SECONDS -lt $deadline ] || fail "$2: not within ${CEILING} s"
    done
}

# 1. Published in A, found in B.
started=$(now)
spawn "$WORK/taro.out" "$WORK/taro.log" "$A" a "$PROBE" publish Taro 50001
TARO=$SPAWNED
wait_for "$WORK/taro.out" '^published as Taro$' "Taro published"
echo "1. Taro published in A after $(since "$started")"
wait_for "$WORK/browse.out" '^found "Taro" 10\.77\.0\.1 port 50001 v=7 pw=0 state=waiting rules=2S4MF if=eth0$' \
    "Taro found over IPv4 by dnssd_probe browse in B"
echo "   found by dnssd_probe browse in B (IPv4) after $(since "$started")"
wait_for "$WORK/browse.out" '^found "Taro" [0-9a-f:]+(%eth0)? port 50001 v=7 pw=0 state=waiting rules=2S4MF if=eth0$' \
    "Taro found over IPv6 by dnssd_probe browse in B"
echo "   found by dnssd_probe browse in B (IPv6) after $(since "$started")"
avahi_browse_until '^=;eth0;IPv4;Taro;_speed\._udp;local;speed-lab-a\.local;10\.77\.0\.1;50001;.*"state=waiting"' \
    "Taro listed by avahi-browse -rtp in B"
echo "   listed by avahi-browse -rtp in B after $(since "$started")"
grep '^=;eth0;IPv4;Taro;' "$WORK/avahi-browse.out" | sed 's/^/   /'

# 7. (--resolve-again) A host on a machine named ghost.local, whose address nobody publishes yet:
# B's avahi-browse gives up resolving it after Avahi's own timeout (about 17 s), and so does B's
# browser, which began at the same time. Then its address is published: the browser, which
# resolves again after a failure, finds it.
if [ "$MODE" = resolve-again ]; then
    started=$(now)
    spawn "$WORK/ghost.out" "$WORK/ghost.log" "$A" a \
        avahi-publish -s -H ghost.local Ghost _speed._udp 50007 "v=7" "pw=0" "state=waiting" "rules=2S4MF"
    wait_for "$WORK/ghost.log" "Established under name 'Ghost'" "Ghost published"
    spawn "$WORK/ghost-browse.out" "$WORK/ghost-browse.log" "$B" b avahi-browse -rtp _speed._udp
    CEILING=60 wait_for "$WORK/ghost-browse.log" "Failed to resolve service 'Ghost'" "avahi-browse gives up on Ghost"
    echo "7. Ghost, whose machine has no address, given up by avahi-browse in B after $(since "$started")"
    sleep 1 # a margin: B's browser began resolving Ghost at the same time, give or take milliseconds
    grep -q '"Ghost"' "$WORK/browse.out" && fail "Ghost listed before its address was known"
    started=$(now)
    spawn "$WORK/ghost-address.out" "$WORK/ghost-address.log" "$A" a avahi-publish -R -a ghost.local 10.77.0.1
    wait_for "$WORK/browse.out" '^found "Ghost" 10\.77\.0\.1 port 50007 ' "Ghost found once its address is published"
    echo "   its address published: found by B's browser after $(since "$started")"
    echo "PASS"
    exit 0
fi

# 2. Busy.
started=$(now)
kill -USR1 $TARO
wait_for "$WORK/browse.out" '^found "Taro" 10\.77\.0\.1 port 50001 v=7 pw=0 state=busy' "Taro seen busy in B"
echo "2. Taro turned busy, seen busy in B after $(since "$started")"

# 3. A's daemon restarted.
started=$(now)
kill "${AVAHI_PID[a]}"
wait_for "$WORK/browse.out" '^gone "Taro" 10\.77\.0\.1' "Taro gone from B when A's daemon stopped"
echo "3. A's avahi-daemon stopped: Taro gone from B after $(since "$started")"
for _ in $(seq 100); do kill -0 "${AVAHI_PID[a]}" 2> /dev/null || break; sleep 0.1; done
started=$(now)
start_avahi a "$A"
wait_for "$WORK/taro.log" 'problem: no Avahi daemon' "the publisher tells that the daemon is missing"
wait_count "$WORK/taro.out" '^published as Taro$' 2 "Taro published again after A's daemon restarted"
echo "   A's avahi-daemon started again: Taro published again after $(since "$started")"
TARO_BUSY='^found "Taro" 10\.77\.0\.1 port 50001 v=7 pw=0 state=busy'
wait_count "$WORK/browse.out" "$TARO_BUSY" 2 "Taro found again in B"
echo "   and found again in B, still busy, after $(since "$started")"

# 3b. B's daemon restarted: the browser finds its daemon, then Taro, again by itself.
started=$(now)
kill "${AVAHI_PID[b]}"
wait_for "$WORK/browse.log" 'problem: no Avahi daemon' "the browser tells that its daemon is missing"
wait_count "$WORK/browse.out" '^gone "Taro" 10\.77\.0\.1' 2 "Taro gone from B's browser with B's daemon"
echo "3b. B's avahi-daemon stopped: the browser says so, Taro gone from it after $(since "$started")"
for _ in $(seq 100); do kill -0 "${AVAHI_PID[b]}" 2> /dev/null || break; sleep 0.1; done
started=$(now)
start_avahi b "$B"
wait_count "$WORK/browse.out" "$TARO_BUSY" 3 "Taro found again after B's daemon restarted"
echo "   B's avahi-daemon started again: Taro found again after $(since "$started")"

# 4. The publisher ends: the service is withdrawn.
started=$(now)
kill -TERM $TARO
wait_count "$WORK/browse.out" '^gone "Taro" 10\.77\.0\.1' 3 "Taro gone from B after SIGTERM"
echo "4. Taro ended (SIGTERM): gone from dnssd_probe browse in B after $(since "$started")"
on "$B" b avahi-browse -rtp _speed._udp 2> /dev/null > "$WORK/avahi-browse.out"
grep -q ';Taro;' "$WORK/avahi-browse.out" && fail "avahi-browse still lists Taro"
echo "   and not listed by avahi-browse -rtp in B"

# 5. A busy host with a password, a foreign record beside it; the host killed.
started=$(now)
spawn "$WORK/hanako.out" "$WORK/hanako.log" "$A" a "$PROBE" publish Hanako 50002 --busy --password
HANAKO=$SPAWNED
spawn "$WORK/bad.out" "$WORK/bad.log" "$A" a "$PROBE" publish Bad 50004 --rules 9Z
spawn "$WORK/foreign.out" "$WORK/foreign.log" "$A" a \
    avahi-publish -s Foreign _speed._udp 50003 "v=7" "pw=maybe" "state=waiting" "rules=2S4MF"
wait_for "$WORK/browse.out" '^found "Hanako" 10\.77\.0\.1 port 50002 v=7 pw=1 state=busy rules=2S4MF' \
    "Hanako found busy with a password in B"
echo "5. Hanako (busy, password) found in B after $(since "$started")"
wait_for "$WORK/browse.out" '^ignored [1-9]' "the foreign TXT record counted as ignored"
grep -q '"Foreign"' "$WORK/browse.out" && fail "the foreign record was listed"
echo "   the foreign TXT record (pw=maybe) ignored: $(grep '^ignored' "$WORK/browse.out" | tail -n 1)"
wait_for "$WORK/bad.log" '^problem: not published' "a host with bad rules says it is not published"
grep -q '^published' "$WORK/bad.out" && fail "a host with bad rules was published"
on "$B" b avahi-browse -rtp _speed._udp 2> /dev/null > "$WORK/avahi-browse.out"
grep -q ';Bad;' "$WORK/avahi-browse.out" && fail "a host with bad rules is listed by avahi-browse"
echo "   a host with the rules \"9Z\" not published: $(head -n 1 "$WORK/bad.log")"
started=$(now)
{ kill -KILL $HANAKO; wait $HANAKO; } 2> /dev/null
wait_for "$WORK/browse.out" '^gone "Hanako" 10\.77\.0\.1' "Hanako gone from B after SIGKILL"
echo "   Hanako killed (SIGKILL): gone from B after $(since "$started")"
on "$B" b avahi-browse -rtp _speed._udp 2> /dev/null > "$WORK/avahi-browse.out"
grep -q ';Hanako;' "$WORK/avahi-browse.out" && fail "avahi-browse still lists Hanako"

# 6. The same name on both machines: one of the two (mDNS decides which) is renamed.
started=$(now)
spawn "$WORK/jiro-a.out" "$WORK/jiro-a.log" "$A" a "$PROBE" publish Jiro 50005
wait_for "$WORK/jiro-a.out" '^published as Jiro$' "Jiro published in A"
spawn "$WORK/jiro-b.out" "$WORK/jiro-b.log" "$B" b "$PROBE" publish Jiro 50006
# last_port NAME: the port of the last line that found NAME in B's browser.
last_port() { grep -F "found \"$1\" " "$WORK/browse.out" | tail -n 1 | sed -E 's/.* port ([0-9]+) .*/\1/'; }
deadline=$((SECONDS + CEILING))
until plain=$(last_port Jiro) second=$(last_port "Jiro #2") && [ -n "$plain" ] && [ -n "$second" ] &&
      [ "$plain" != "$second" ]; do
    [ $SECONDS -lt $deadline ] || fail "Jiro and Jiro #2 on two ports in B's browser: not within ${CEILING} s"
    sleep 0.05
done
renamed=$WORK/jiro-a.out; [ "$second" = 50006 ] && renamed=$WORK/jiro-b.out
wait_for "$renamed" '^published as Jiro #2$' "the renamed publisher tells its new name"
# B's browser knows which of the two B publishes itself, and only that one.
grep -qE '^found "Jiro.*port 50006 .* this-machine$' "$WORK/browse.out" || fail "B's own Jiro not marked this-machine"
grep -qE '^found .*port 5000[0-5] .* this-machine$' "$WORK/browse.out" && fail "a host of A marked this-machine in B"
echo "6. two hosts named Jiro: \"Jiro\" (port $plain) and \"Jiro #2\" (port $second) after $(since "$started")"

# 8. The programs themselves ($SPEED_SERVER and $SPEED_CLIENT, when given): speed-server waiting
# in A is announced through DNS-SD by itself; avahi-browse in B lists it, and speed --list-hosts in
# B finds it both ways (DNS-SD and the game's own datagrams), as one host.
if [ -n "${SPEED_SERVER:-}" ] && [ -n "${SPEED_CLIENT:-}" ]; then
    started=$(now)
    printf '[network]\nport = 50007\nwait = 120\n[player]\nname = hana\n' > "$WORK/hana.ini"
    spawn "$WORK/hana.out" "$WORK/hana.log" "$A" a env XDG_STATE_HOME="$WORK/hana-state" XDG_DATA_HOME="$WORK/hana-data" \
        "$SPEED_SERVER" --config "$WORK/hana.ini" --level max
    avahi_browse_until '^=;eth0;IPv4;hana;_speed\._udp;local;speed-lab-a\.local;10\.77\.0\.1;50007;.*"state=waiting"' \
        "speed-server's hana listed by avahi-browse -rtp in B"
    echo "8. speed-server hosting in A listed by avahi-browse -rtp in B after $(since "$started")"
    on "$B" b env DISPLAY= XDG_STATE_HOME="$WORK/list-state" "$SPEED_CLIENT" --list-hosts --json --port 50007 \
        --config "$WORK/none.ini" > "$WORK/list.out" 2> "$WORK/list.log" || fail "speed --list-hosts in B exited with $?"
    grep -q '"address":"10.77.0.1:50007".*"name":"hana".*"via":"datagram+dns-sd"' "$WORK/list.out" ||
        fail "speed --list-hosts in B did not find hana both ways: $(cat "$WORK/list.out")"
    [ "$(grep -o '"name":"hana"' "$WORK/list.out" | wc -l)" = 1 ] || fail "hana listed more than once: $(cat "$WORK/list.out")"
    echo "   found both ways, as one host, by speed --list-hosts in B (a 3 s search) after $(since "$started")"
fi

echo "PASS"
