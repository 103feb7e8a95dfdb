# Shared by the network window tests: a free UDP port on loopback and a setup.ini per player.

# free_udp_port: a port nobody here has bound right now (the kernel picks it, we let it go).
free_udp_port() {
    python3 -c 'import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_host BIN INI ARGS...: speed-server hosting with INI, its output in WORK_DIR/server.out
# and .log, its pid in SERVER_PID; returns once it says it is listening (at most 10 s).
start_host() {
    local bin=$1 ini=$2
    shift 2
    "$bin" --config "$ini" "$@" >"$WORK_DIR/server.out" 2>"$WORK_DIR/server.log" &
    SERVER_PID=$!
    for _ in $(seq 100); do grep -q "hosting\|waiting" "$WORK_DIR/server.log" "$WORK_DIR/server.out" 2>/dev/null && return 0; sleep 0.1; done
    fail "speed-server did not start listening: $(tail -n 3 "$WORK_DIR/server.log")"
}

# write_ini FILE NAME PORT [PEER]: a setup.ini for one player; without PEER it hosts and waits.
write_ini() {
    {
        echo "[network]"
        [ -n "${4:-}" ] && echo "peer = $4"
        echo "port = $3"
        echo "wait = 30"
        echo "[player]"
        echo "name = $2"
    } >"$1"
}
