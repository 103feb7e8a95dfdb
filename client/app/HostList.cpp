#include "app/HostList.hpp"

#include "speed/net/LanFinder.hpp"
#include "speed/net/OsRandom.hpp"

#include <asio/io_context.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

namespace speed::client {
namespace {

std::string stateWord(bool busy) { return busy ? "busy" : "waiting"; }

std::string viaWords(const net::LanHost& host) {
    if (host.viaDatagram && host.viaDnsSd) return "datagram+dns-sd";
    return host.viaDnsSd ? "dns-sd" : "datagram";
}

std::string rulesWords(const RuleOptions& rules) {
    return fmt::format("{} jokers, {} deal, hand {}, {} refill", rules.jokers, toString(rules.deal), rules.handSize,
                       toString(rules.refill));
}

} // namespace

HostListing findHosts(std::uint16_t port, TimeMs listenMs) {
    HostListing listing;
    listing.port = port;
    listing.listenedMs = listenMs;
    asio::io_context io;
    const MonotonicClock clock;
    const net::DnsSdBrowser browser; // on Avahi's own thread, meanwhile
    LanFinder finder(io, port, osRandom, clock);
    if (!finder.problem().empty()) {
        listing.problem = finder.problem();
        return listing;
    }
    finder.start();
    io.run_for(std::chrono::milliseconds(listenMs));
    std::vector<net::FoundService> announced;
    for (const net::FoundService& service : browser.snapshot()) {
        if (service.port == port) announced.push_back(service); // hosts on other ports are not this search's
    }
    listing.hosts = net::mergeLanHosts(finder.hosts(), announced);
    listing.stats = finder.stats();
    if (const auto problem = browser.problem()) {
        listing.dnsSdProblem = *problem;
        spdlog::info("DNS-SD: {}; the game's own datagrams looked", *problem);
    }
    spdlog::info("looked for hosts on port {} for {} ms: {} FIND rounds, {} datagrams sent ({} could not be sent), {} answers "
                 "taken, {} ignored ({} garbled, {} not answers, {} to no FIND of ours)",
                 port, listenMs, listing.stats.requestsMade, finder.datagramsSent(), finder.sendErrors(),
                 listing.stats.answersTaken, listing.stats.ignored(), listing.stats.garbled, listing.stats.notAnswers,
                 listing.stats.unknownNonce);
    finder.stop();
    return listing;
}

void printHostTable(const HostListing& listing, std::ostream& out) {
    if (!listing.problem.empty()) {
        out << "cannot look for hosts: " << listing.problem << '\n';
        return;
    }
    const double seconds = static_cast<double>(listing.listenedMs) / 1000.0;
    if (listing.hosts.empty()) {
        out << fmt::format("no host is waiting on UDP port {} on this LAN (looked for {:.0f} s)\n", listing.port, seconds);
        return;
    }
    out << fmt::format("{} host{} on UDP port {} (looked for {:.0f} s):\n", listing.hosts.size(), listing.hosts.size() == 1 ? "" : "s",
                       listing.port, seconds);
    std::size_t nameWidth = 4;
    std::size_t addressWidth = 7;
    for (const net::LanHost& host : listing.hosts) {
        nameWidth = std::max(nameWidth, host.name.size());
        addressWidth = std::max(addressWidth, host.address.size());
    }
    out << fmt::format("  {:<{}}  {:<{}}  {:<7}  {:<8}  {}\n", "NAME", nameWidth, "ADDRESS", addressWidth, "STATE", "PASSWORD", "RULES");
    for (const net::LanHost& host : listing.hosts) {
        const std::string rules = host.version != protocol::kProtocolVersion
                                      ? fmt::format("protocol version {} (this program speaks {}): cannot join", host.version,
                                                    protocol::kProtocolVersion)
                                  : host.rules ? rulesWords(*host.rules)
                                               : std::string("rules unknown");
        out << fmt::format("  {:<{}}  {:<{}}  {:<7}  {:<8}  {}\n", host.name, nameWidth, host.address, addressWidth,
                           stateWord(host.busy), host.passwordNeeded ? "needed" : "no", rules);
    }
}

void printHostJson(const HostListing& listing, std::ostream& out) {
    nlohmann::json report;
    report["port"] = listing.port;
    report["listened_ms"] = listing.listenedMs;
    if (!listing.problem.empty()) report["error"] = listing.problem;
    if (!listing.dnsSdProblem.empty()) report["dns_sd"] = listing.dnsSdProblem;
    report["hosts"] = nlohmann::json::array();
    for (const net::LanHost& host : listing.hosts) {
        nlohmann::json entry;
        entry["name"] = host.name;
        entry["address"] = host.address;
        entry["addresses"] = host.addresses;
        entry["version"] = host.version;
        entry["state"] = stateWord(host.busy);
        entry["password"] = host.passwordNeeded;
        if (host.firstHeardAt) entry["first_heard_ms"] = *host.firstHeardAt;
        if (host.lastHeardAt) entry["last_heard_ms"] = *host.lastHeardAt;
        if (host.rules) {
            entry["rules"] = {{"jokers", host.rules->jokers},
                              {"deal", std::string(toString(host.rules->deal))},
                              {"hand", host.rules->handSize},
                              {"refill", std::string(toString(host.rules->refill))},
                              {"arbitration", std::string(toString(host.rules->arbitration))}};
        }
        entry["via"] = viaWords(host);
        report["hosts"].push_back(entry);
    }
    report["ignored"] = {{"garbled", listing.stats.garbled},
                         {"not_answers", listing.stats.notAnswers},
                         {"unknown_nonce", listing.stats.unknownNonce},
                         {"too_many", listing.stats.tooMany}};
    out << report.dump() << '\n';
}

} // namespace speed::client
