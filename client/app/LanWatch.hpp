#pragma once

#include "speed/net/LanHosts.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace speed::client {

// The hosts waiting on the LAN, found while the start screen shows: a thread of its own runs the
// FIND rounds (net's LanFinder), Avahi's own thread browses DNS-SD, and the latest list of both
// together is what the window reads each turn.
class LanWatch {
public:
    explicit LanWatch(std::uint16_t port);
    ~LanWatch(); // stops the rounds and joins the thread
    LanWatch(const LanWatch&) = delete;
    LanWatch& operator=(const LanWatch&) = delete;

    std::vector<net::LanHost> hosts() const; // by the game's datagrams and by DNS-SD, one row per host
    std::string problem() const; // why it cannot look (no socket); empty while it can
    std::uint16_t port() const { return m_port; }

    struct Shared; // what the finder's thread and the window share

private:
    std::uint16_t m_port;
    std::shared_ptr<Shared> m_shared;
    std::thread m_thread;
};

} // namespace speed::client
