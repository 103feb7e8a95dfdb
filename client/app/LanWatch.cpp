#include "app/LanWatch.hpp"

#include "speed/net/LanFinder.hpp"
#include "speed/net/OsRandom.hpp"

#include <asio/io_context.hpp>
#include <asio/steady_timer.hpp>
#include <spdlog/spdlog.h>

namespace speed::client {

struct LanWatch::Shared {
    asio::io_context io;
    net::DnsSdBrowser browser; // on Avahi's thread; without a daemon it lists nothing
    mutable std::mutex lock;
    std::vector<net::LanHost> hosts;
    std::string problem;
};

namespace {

// Copies the finder's list for the window every quarter second: a host shows within that of its
// answer, and goes as soon as the finder forgets it.
void copyEvery(asio::steady_timer& timer, LanFinder& finder, LanWatch::Shared& shared) {
    {
        const std::lock_guard<std::mutex> guard(shared.lock);
        shared.hosts = net::mergeLanHosts(finder.hosts(), shared.browser.snapshot());
    }
    timer.expires_after(std::chrono::milliseconds(250));
    timer.async_wait([&timer, &finder, &shared](const std::error_code& error) {
        if (!error) copyEvery(timer, finder, shared);
    });
}

} // namespace

LanWatch::LanWatch(std::uint16_t port) : m_port(port), m_shared(std::make_shared<Shared>()) {
    m_thread = std::thread([shared = m_shared, port] {
        const MonotonicClock clock;
        LanFinder finder(shared->io, port, osRandom, clock);
        if (!finder.problem().empty()) {
            const std::lock_guard<std::mutex> guard(shared->lock);
            shared->problem = finder.problem();
            spdlog::warn("LAN: {}", finder.problem());
            return;
        }
        spdlog::info("LAN: looking for hosts on UDP port {}", port);
        if (const auto problem = shared->browser.problem()) spdlog::info("LAN: DNS-SD: {}; the game's own datagrams still look", *problem);
        finder.start();
        asio::steady_timer timer(shared->io);
        copyEvery(timer, finder, *shared);
        shared->io.run();
        finder.stop();
        const protocol::FinderStats& stats = finder.stats();
        spdlog::info("LAN: stopped looking for hosts ({} rounds, {} answers taken, {} ignored)", stats.requestsMade,
                     stats.answersTaken, stats.ignored());
    });
}

LanWatch::~LanWatch() {
    m_shared->io.stop();
    if (m_thread.joinable()) m_thread.join();
}

std::vector<net::LanHost> LanWatch::hosts() const {
    const std::lock_guard<std::mutex> guard(m_shared->lock);
    return m_shared->hosts;
}

std::string LanWatch::problem() const {
    const std::lock_guard<std::mutex> guard(m_shared->lock);
    return m_shared->problem;
}

} // namespace speed::client
