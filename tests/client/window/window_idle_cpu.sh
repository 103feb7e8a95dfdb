#!/usr/bin/env bash
# An idle window (nothing moves; the clock redraws once a second) costs under 2% of a core.
# Measured from /proc/PID/stat (utime + stime) over a fixed window of wall time under Xvfb.
set -u
. "$(dirname "$0")/window_lib.sh"
under_xvfb "$@"
SECONDS_MEASURED=${SPEED_IDLE_SECONDS:-10}

start_speed --vs-cpu --cpu-idle --seed 4 --log-level trace
wait_for_log "window ready" 60
wait_for_log "applied \(table\): SPEED!" 30 # the opening flip; from here on nothing moves
wait_for_log "clock tick drawn" 30           # steady state: the cached table layer exists

read -r percent ticks hz < <(cpu_usage "$SECONDS_MEASURED")
kill -0 "$SPEED_PID" 2>/dev/null || fail "speed died while idle"
stop_speed

echo "idle CPU: ${percent}% of a core over ${SECONDS_MEASURED}s (${ticks} ticks at ${hz} Hz)"
check_cpu_goal "the idle window" "$percent"
