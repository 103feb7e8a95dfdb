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
start_speed --host --config "$WORK_DIR/host.ini" --log-level trace
wait_for_log "window ready" 60
wait_for_log "banner: Waiting for a player: on UDP port" 60
wait_for_log "clock tick drawn" 30 # steady state: the countdown ticks over the cached table layer

read -r percent ticks hz < <(cpu_usage "$SECONDS_MEASURED")
kill -0 "$SPEED_PID" 2>/dev/null || fail "speed died while waiting"
full_frames=$(grep -c "frame drawn" "$LOG")
stop_speed

echo "waiting window CPU: ${percent}% of a core over ${SECONDS_MEASURED}s (${ticks} ticks at ${hz} Hz, $full_frames full frames in all)"
check_cpu_goal "the waiting window" "$percent"
