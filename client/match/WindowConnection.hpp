#pragma once

#include "match/NetworkThread.hpp"
#include "match/WindowSeat.hpp"

#include "speed/common/Bot.hpp"
#include "speed/net/ConnectionPolicy.hpp"
#include "speed/net/Connector.hpp"
#include "speed/net/LatencySamples.hpp"
#include "speed/net/MonotonicClock.hpp"
#include "speed/store/FileMatchKeeper.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace speed::client {

struct NetworkSetup {
    ConnectOptions connect;           // peer / port / wait / name / rules (setup.ini and flags)
    std::optional<BotLevel> localBot; // --bot: the bot plays this seat
    std::uint64_t seed = 1;           // the host's deals (game n: seed + n - 1) and the bot
    int games = 0;                    // --games N: end the session after N games
    // Where the ticket and the journal that let a restarted window come back to its match are
    // kept (the XDG state folder); empty: nothing outlives the window.
    std::filesystem::path stateDir;
};

// The window's connection to the other player: the Connector, the window's seat on it and the
// match keeper, run on the network thread, attempt after attempt as the ConnectionPolicy says
// (a start that finds this machine's port taken joins whoever hosts there). After every
// datagram and timer it posts the session's events and a SessionMirror to the window.
class WindowConnection {
public:
    explicit WindowConnection(NetworkSetup setup);
    ~WindowConnection() { end(); }
    WindowConnection(const WindowConnection&) = delete;
    WindowConnection& operator=(const WindowConnection&) = delete;

    // A new attempt with the configured options; the network thread runs unless it failed at once.
    void begin();
    // The connector closes and the network thread stops; the session's figures are kept.
    void end();
    // The window closes: SHUTDOWN to the other side, resent until answered (bounded), then end().
    void sayGoodbye();
    bool active() const { return m_connector != nullptr; }

    // For the window's calls: run on the network thread (see NetworkThread::onNetwork), they
    // reach the live session (null: none) and send what it queued with pump().
    template <class Work> auto onNetwork(Work&& work) -> decltype(work()) {
        return m_thread.onNetwork(std::forward<Work>(work));
    }
    protocol::Session* session() const { return m_connector ? m_connector->session() : nullptr; }
    void pump() { m_connector->pump(); }

    NetworkMail takeMail() { return m_thread.take(); }
    void dropMail() { m_thread.dropEvents(); }
    int wakeFd() const { return m_thread.wakeFd(); }
    TimeMs nowMs() const { return m_clock.nowMs(); } // the connector's clock

    const NetworkSetup& setup() const { return m_setup; }
    const ConnectionPolicy& policy() const { return m_policy; }
    // The connection the next begin() makes: the network settings saved since this one began.
    void connectNextWith(const ConnectOptions& connect) { m_policy.connectNextWith(connect); }
    // A scripted match (--games N) asks for each next game by itself; otherwise the player
    // chooses Rematch or Leave, even when the bot plays the cards (--bot).
    bool choosesRematchItself() const { return m_setup.games > 0; }

    const LatencySamples& readDelays() const { return m_readDelays; }      // us; complete once ended
    const protocol::SessionStats& sessionStats() const { return m_stats; } // complete once ended

private:
    void connect(const ConnectOptions& options);
    void publish(const protocol::Session* live);

    NetworkSetup m_setup;
    MonotonicClock m_clock;
    ConnectionPolicy m_policy;
    LatencySamples m_readDelays; // network thread while it runs
    std::optional<store::StoreProblem> m_keeperNews; // network thread: the keeper's latest problem
    std::unique_ptr<store::FileMatchKeeper> m_keeper;
    protocol::SessionStats m_stats;
    NetworkThread m_thread; // before the seat and the connector: they use its io_context
    std::unique_ptr<WindowSeat> m_seat;
    std::unique_ptr<Connector> m_connector;
};

} // namespace speed::client
