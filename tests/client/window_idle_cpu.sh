#!/usr/bin/env bash
# An idle window (nothing moves; the clock redraws once a second) costs under 2% of a core.
# Measured from /proc/PID/stat (utime + stime) over a fixed window of wall time under Xvfb.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
SECONDS_MEASURED=${SPEED_IDLE_SECONDS:-10}

start_speed --vs-cpu --cpu-idle --seed 4 --log-level trace
wait_for_log "window ready" 30
wait_for_log "applied \(table\): SPEED!" 30 # the opening flip; from here on nothing moves
wait_for_log "clock tick drawn" 30           # steady state: the cached table layer exists

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SPEED_PID/stat"; }
hz=$(getconf CLK_TCK)
t0=$(cpu_ticks); w0=$(date +%s%N)
sleep "$SECONDS_MEASURED" # the measured interval itself, not a wait for an event
t1=$(cpu_ticks); w1=$(date +%s%N)
kill -0 "$SPEED_PID" 2>/dev/null || fail "speed died while idle"
stop_speed

percent=$(awk -v t="$((t1 - t0))" -v hz="$hz" -v ns="$((w1 - w0))" 'BEGIN { printf "%.2f", 100 * (t / hz) / (ns / 1e9) }')
echo "idle CPU: ${percent}% of a core over ${SECONDS_MEASURED}s ($((t1 - t0)) ticks at ${hz} Hz)"
awk -v p="$percent" 'BEGIN { exit !(p < 2.0) }' || echo "note: above the 2% goal"
awk -v p="$percent" 'BEGIN { exit !(p < 3.0) }' || fail "idle window uses ${percent}% of a core (goal 2%, regression ceiling 3%)"
