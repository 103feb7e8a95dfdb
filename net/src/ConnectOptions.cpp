#include "speed/net/ConnectOptions.hpp"

namespace speed {

ConnectOptionsResult connectOptionsFrom(const Settings& settings, const ConnectFlags& flags) {
    ConnectOptionsResult made;
    ConnectOptions& connect = made.options;
    const NetworkSettings& network = settings.network;
    connect.hostPort = flags.port.value_or(network.port);
    connect.waitMs = 1000LL * flags.waitSeconds.value_or(network.waitSeconds);
    connect.session.timing.graceMs = 1000LL * flags.graceSeconds.value_or(network.graceSeconds);
    connect.password = network.password;
    connect.session.announce = network.announce && !flags.noAnnounce;
    connect.session.playerName = settings.player.name;
    connect.joinOnly = flags.join.has_value();
    const std::string peer = flags.join ? *flags.join : flags.hostOnly ? std::string() : network.peer;
    if (peer.empty()) return made;
    HostPortResult target = parseHostPort(peer, connect.hostPort);
    if (!target.value) {
        const PeerSource source = connect.joinOnly ? PeerSource::JoinFlag : PeerSource::SetupPeer;
        made.problem = PeerProblem{source, std::move(target.error)};
        return made;
    }
    connect.peer = std::move(target.value);
    return made;
}

std::string describe(const PeerProblem& problem, std::string_view settingsFile) {
    const std::string where = problem.source == PeerSource::JoinFlag ? "--join" : std::string(settingsFile) + " peer";
    return where + ": " + describe(problem.error);
}

} // namespace speed
