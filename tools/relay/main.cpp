// speed-relay: a fault-injecting UDP relay for tests. Sits between a joining client and a host
// and applies the protocol's seeded FaultModel (loss, duplication, reordering, delay and jitter,
// corruption, truncation) to every datagram, in both directions.
#include "UdpRelay.hpp"
#include "speed/common/Version.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/net/UdpAddress.hpp"

#include <CLI/CLI.hpp>
#include <asio/signal_set.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <iostream>
#include <optional>

namespace {

struct RelayOptions {
    int listenPort = 0;
    std::string listenAddress = "127.0.0.1";
    std::string target;
    std::uint64_t seed = 1;
    int maxSeconds = 600;
    bool json = false;
    std::string logLevel = "warn";
    speed::sim::FaultSettings faults;
    std::optional<int> delayUpMs;   // client -> host, instead of --delay
    std::optional<int> delayDownMs; // host -> client
};

void addOptions(CLI::App& app, RelayOptions& o) {
    app.add_option("--listen", o.listenPort, "UDP port the client joins")->required()->check(CLI::Range(1, 65535));
    app.add_option("--listen-address", o.listenAddress, "address to listen on")->capture_default_str();
    app.add_option("--to", o.target, "the host, HOST:PORT")->required();
    app.add_option("--loss", o.faults.lossRate, "probability a datagram is dropped")->check(CLI::Range(0.0, 1.0));
    app.add_option("--dup", o.faults.duplicateRate, "probability of a second copy")->check(CLI::Range(0.0, 1.0));
    app.add_option("--reorder", o.faults.reorderRate, "probability of being held back")->check(CLI::Range(0.0, 1.0));
    app.add_option("--corrupt", o.faults.corruptRate, "probability a copy is damaged")->check(CLI::Range(0.0, 1.0));
    app.add_option("--delay", o.faults.delayMs, "one-way base delay, ms, both directions")->check(CLI::Range(0, 10000));
    app.add_option("--delay-up", o.delayUpMs, "base delay client -> host, ms (instead of --delay that way)")
        ->check(CLI::Range(0, 10000));
    app.add_option("--delay-down", o.delayDownMs, "base delay host -> client, ms (instead of --delay that way)")
        ->check(CLI::Range(0, 10000));
    app.add_option("--jitter", o.faults.jitterMs, "plus uniform [0, jitter] ms")->check(CLI::Range(0, 10000));
    app.add_option("--seed", o.seed, "seeds both directions' fault models")->capture_default_str();
    app.add_option("--max-seconds", o.maxSeconds, "exit after this long whatever happens")->capture_default_str();
    app.add_flag("--json", o.json, "print the fault counters as one JSON object at exit");
    app.add_option("--log-level", o.logLevel, "trace, debug, info, warn, error or off")->capture_default_str();
}

nlohmann::json countersJson(const speed::sim::FaultCounters& c) {
    return {{"sent", c.sent},           {"lost", c.lost},           {"duplicated", c.duplicated},
            {"reordered", c.reordered}, {"corrupted", c.corrupted}, {"truncated", c.truncated}};
}

int relay(const RelayOptions& o) {
    asio::io_context io;
    const auto target = speed::parseHostPort(o.target, 0);
    if (!target.value || target.value->port == 0) {
        std::cerr << "speed-relay: --to: " << (target.value ? "a port is needed" : speed::describe(target.error)) << '\n';
        return 2;
    }
    const auto host = speed::resolveUdp(io, *target.value);
    const auto listen = speed::resolveUdp(io, {o.listenAddress, static_cast<std::uint16_t>(o.listenPort)});
    if (!host.endpoint || !listen.endpoint) {
        std::cerr << "speed-relay: " << (host.endpoint ? listen.error : host.error) << '\n';
        return 1;
    }
    asio::ip::udp::socket clientSide(io), hostSide(io);
    std::error_code ec;
    clientSide.open(listen.endpoint->protocol(), ec);
    if (!ec) clientSide.bind(*listen.endpoint, ec);
    if (!ec) hostSide.open(host.endpoint->protocol(), ec);
    if (ec) {
        std::cerr << "speed-relay: cannot listen on " << speed::endpointText(*listen.endpoint) << ": " << ec.message() << '\n';
        return 1;
    }
    speed::MonotonicClock clock;
    speed::sim::FaultSettings toHost = o.faults, toClient = o.faults;
    toHost.delayMs = o.delayUpMs.value_or(o.faults.delayMs);
    toClient.delayMs = o.delayDownMs.value_or(o.faults.delayMs);
    speed::RelayQueue queue(toHost, toClient, o.seed);
    speed::UdpRelay relay(std::move(clientSide), std::move(hostSide), *host.endpoint, queue, clock);
    asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const std::error_code& error, int) { if (!error) io.stop(); });
    relay.start();
    std::cout << "relaying " << speed::endpointText(*listen.endpoint) << " -> " << speed::endpointText(*host.endpoint)
              << std::endl;
    io.run_for(std::chrono::seconds(o.maxSeconds));
    relay.stop();
    signals.cancel();
    io.restart();
    io.poll();
    if (o.json) {
        std::cout << nlohmann::json{{"forwarded", relay.forwarded()},
                                    {"to_host", countersJson(queue.counters(speed::RelayDirection::ToHost))},
                                    {"to_client", countersJson(queue.counters(speed::RelayDirection::ToClient))}}
                         .dump()
                  << std::endl;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"speed-relay: a seeded fault-injecting UDP relay between a Speed client and host (tests)"};
    app.set_version_flag("--version", std::string("speed-relay ") + speed::kVersion);
    RelayOptions options;
    addOptions(app, options);
    CLI11_PARSE(app, argc, argv);
    auto logger = spdlog::stderr_color_mt("speed-relay");
    spdlog::set_default_logger(logger);
    spdlog::set_level(spdlog::level::from_str(options.logLevel));
    try {
        return relay(options);
    } catch (const std::exception& error) {
        std::cerr << "speed-relay: " << error.what() << '\n';
        return 1;
    }
}
