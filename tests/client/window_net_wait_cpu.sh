#!/usr/bin/env bash
# A window waiting for its opponent (no peer in setup.ini: it hosts and waits) redraws only its
# countdown: under 2% of a core. Measured from /proc/PID/stat (utime + stime) over a fixed
# window of wall time under Xvfb, as window_idle_cpu.sh does for the idle table.
set -u
. "$(dirname "$0")/window_lib.sh"
. "$(dirname "$0")/window_net_lib.sh"
under_xvfb "$@"
SECONDS_MEASURED=${SPEED_IDLE_SECONDS:-10}

write_ini "$WORK_DIR/host.ini" waiting "$(free_udp_port)"
sed -i 's/^wait = .*/wait = 120/' "$WORK_DIR/host.ini"
start_speed --config "$WORK_DIR/host.ini" --log-level trace
wait_for_log "window ready" 30
wait_for_log "banner: WAITING: for the other player .* hosting on UDP port" 10
wait_for_log "clock tick drawn" 30 # steady state: the countdown ticks over the cached table layer

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SPEED_PID/stat"; }
hz=$(getconf CLK_TCK)
t0=$(cpu_ticks); w0=$(date +%s%N)
sleep "$SECONDS_MEASURED" # the measured interval itself, not a wait for an event
t1=$(cpu_ticks); w1=$(date +%s%N)
kill -0 "$SPEED_PID" 2>/dev/null || fail "speed died while waiting"
full_frames=$(grep -c "frame drawn" "$LOG")
stop_speed

percent=$(awk -v t="$((t1 - t0))" -v hz="$hz" -v ns="$((w1 - w0))" 'BEGIN { printf "%.2f", 100 * (t / hz) / (ns / 1e9) }')
echo "waiting window CPU: ${percent}% of a core over ${SECONDS_MEASURED}s ($((t1 - t0)) ticks at ${hz} Hz, $full_frames full frames in all)"
awk -v p="$percent" 'BEGIN { exit !(p < 2.0) }' || echo "note: above the 2% goal"
awk -v p="$percent" 'BEGIN { exit !(p < 3.0) }' || fail "the waiting window uses ${percent}% of a core (goal 2%, regression ceiling 3%)"
