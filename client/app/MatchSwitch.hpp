#pragma once

#include "app/ClientOptions.hpp"
#include "match/LocalMatch.hpp"
#include "match/MatchDriver.hpp"
#include "match/WaitingMatch.hpp"
#include "match/WindowConnection.hpp"
#include "ui/StartScreen.hpp"
#include "ui/UiCommand.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace speed::client {

// What a choice did to the match the window shows.
enum class MatchChange {
    None,        // not a choice of match, or nothing came of it
    Replaced,    // another match runs (the replaced callback has run)
    Reconnected, // the ended network match connects again
    StartScreen, // the start screen is to be shown, with startScreenFacts()
};

// Which match the window shows: none (the start screen: NoMatch), a game against the CPU
// (LocalMatch), two players on one keyboard (LocalMatch too) or a network match (NetworkDriver),
// and what the start screen's, the wait panel's and the menu's choices do to it: Play vs CPU,
// Two players, Host, Join, Cancel (back to the start screen), Connect again. The window keeps the loop; it hears of each new match through the
// replaced callback, before anything is logged of it, and lays the new table out.
class MatchSwitch {
public:
    // How matches are made, and where a joined address is remembered; tests bring their own.
    struct Makers {
        std::function<std::unique_ptr<MatchDriver>(const LocalMatchSetup&, TimeMs)> vsCpu;
        std::function<std::unique_ptr<MatchDriver>(NetworkSetup, TimeMs)> network;
        std::function<void(const std::string& configPath, const std::string& peer)> rememberPeer;
        std::function<void(const std::string& configPath, BotLevel level)> rememberLevel; // may be empty
        // The match this machine's journal keeps for a host on `port` within `graceMs`, and its
        // giving up (WaitingMatch.hpp, in the XDG state folder).
        std::function<std::optional<WaitingMatch>(std::uint16_t port, TimeMs graceMs)> findWaiting;
        std::function<void(std::uint16_t port)> dismissWaiting;
    };
    static Makers windowMakers(); // LocalMatch, NetworkDriver, setup.ini's peer and CPU level, the state folder's journal

    // `options` are the window's: a choice changes them (vs CPU or not, the level, the network).
    MatchSwitch(ClientOptions& options, std::unique_ptr<MatchDriver> first, Makers makers = windowMakers());

    MatchDriver& match() { return *m_match; }
    const MatchDriver& match() const { return *m_match; }
    void onReplaced(std::function<void()> replaced) { m_replaced = std::move(replaced); }

    // A command from the overlay; None for those that do not choose the match.
    MatchChange apply(const ui::UiCommand& command, TimeMs now);
    // Leaves whatever match runs for a new offline game against the CPU at `level`.
    MatchChange playVsCpu(BotLevel level, TimeMs now);
    // Leaves whatever match runs for a new offline game of two players on one keyboard.
    MatchChange playTwoPlayers(TimeMs now);
    // Hosts (no peer) or joins `peer`, with the settings in force.
    // `listed`: a host chosen from the LAN list (its address is not kept as setup.ini's peer);
    // `password`: typed for it, for this join only.
    MatchChange playNetwork(const std::optional<std::string>& peer, TimeMs now, bool listed = false,
                            const std::optional<std::string>& password = std::nullopt);
    // "Learn to play": the guided lesson (TutorialMatch) replaces whatever match runs.
    MatchChange learnToPlay(TimeMs now);
    // R, or "Connect again": the ended network match connects as it did before.
    MatchChange retry(TimeMs now);
    // Cancel: no game runs, the start screen over an empty table.
    MatchChange leaveToStart();
    // The start screen's offer of a waiting match: host it again, or give it up (the start
    // screen then says what becomes of it).
    MatchChange resumeWaiting(TimeMs now);
    MatchChange dismissWaiting();
    // The start screen over the table as the match left it, saying `reason`.
    MatchChange startScreenOver(std::string reason);

    // What the start screen shows after the last StartScreen change.
    ui::StartScreenFacts startScreenFacts() const;
    // Why the last Host or Join did not start: a peer that does not parse.
    const std::optional<PeerProblem>& peerProblem() const { return m_peerProblem; }

private:
    void replace(std::unique_ptr<MatchDriver> match);
    // The host's port and grace as setup.ini and the flags say: where a waiting match is looked for.
    std::uint16_t hostPort() const;
    TimeMs graceMs() const;
    // startScreenOver, saying why the address to join does not parse (worded when it opens).
    MatchChange startScreenForBadPeer(PeerProblem problem);

    ClientOptions& m_options;
    std::unique_ptr<MatchDriver> m_match;
    Makers m_makers;
    std::function<void()> m_replaced;
    std::string m_startReason;     // why the start screen shows
    std::optional<PeerProblem> m_peerProblem; // ... or the address to join that does not parse
    bool m_startOverTable = false; // over the table a match left (not an empty one)
};

} // namespace speed::client
