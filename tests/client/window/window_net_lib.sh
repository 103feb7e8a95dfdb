# Shared by the network window tests: a free UDP port on loopback and a setup.ini per player.

# free_udp_port: a port nobody here has bound right now (the kernel picks it, we let it go).
free_udp_port() {
    python3 -c 'import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
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
