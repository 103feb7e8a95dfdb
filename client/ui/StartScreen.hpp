#pragma once

#include "ui/UiCommand.hpp"

#include "speed/common/Bot.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/settings/Settings.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace speed::client::ui {

// A match this machine hosted that can still be taken back (its journal, within the grace).
struct WaitingOffer {
    std::string peerName;
    int game = 0; // the game under way (0: none dealt yet)
};

// What the start screen offers, taken from setup.ini and the machine when it opens.
struct StartScreenFacts {
    std::string reason;                 // why no game runs, in a player's words (empty at start)
    std::string peer;                   // setup.ini's peer: the Join field starts with it
    std::uint16_t port = NetworkSettings::kDefaultPort; // the port a host waits on and a join goes to by default
    BotLevel cpuLevel = BotLevel::Normal;
    std::vector<std::string> addresses; // this machine's LAN addresses (lanAddresses())
    bool canRetry = false;              // a network match just ended: "Connect again" (R) is offered
    bool tutorialFirst = false;         // "Learn to play" comes first, chosen (the lesson never done, no game finished)
    bool retryHosts = false;            // ... it was hosted here: "Host again", on `port`
    std::string retryJoins;             // ... it joined this player (or address): "Join ... again"
    std::optional<WaitingOffer> waiting; // "Your match with Ken is waiting: Resume" (Enter), or give it up
};

// A host found on the LAN, as the Join list shows it.
struct LanHostRow {
    std::string name;
    std::string address;   // "192.168.1.20:50001": what joining it connects to
    bool busy = false;     // in a match: shown, not joinable
    bool password = false; // a password is needed: asked for in the row
    bool otherVersion = false; // speaks another protocol version: shown, not joinable
    friend bool operator==(const LanHostRow&, const LanHostRow&) = default;
};

// Levels a player picks on the start screen, slowest first: the CPU ladder (max is a test bot,
// not offered).
const std::vector<BotLevel>& playerLevels();
// Where `level` is in playerLevels(); normal's place for a level not offered (max).
int playerLevelIndex(BotLevel level);

// What a typed join address means: the address to join, or what is wrong with it.
struct JoinTarget {
    std::string address;                  // "host" or "host:port", as typed but trimmed
    std::optional<HostPortError> problem; // nothing when it parses (Empty: nothing typed)
};
JoinTarget checkJoinAddress(std::string_view typed, std::uint16_t defaultPort);
// The problem under the Join field, in the window's language.
std::string joinProblemWords(const HostPortError& problem);

// The screen shown whenever no game runs: Play vs CPU (with its level), Host a game (this
// machine's LAN addresses and the port, each with a Copy button), Join (an address field),
// Network measurement, Settings, Help and Quit, and Two players (one keyboard). It works by
// keyboard too: Tab and the arrows move, Space or Enter presses, C plays the CPU, 2 two players,
// T the lesson, H hosts, J goes to the address field, and after a network match R connects again.
// A match this machine hosted that still waits for its player comes first: Resume (the
// keyboard's first stop, so Enter takes it) or give it up.
class StartScreen {
public:
    void open(StartScreenFacts facts);
    void close() { m_open = false; }
    // The hosts found on the LAN now (the Join list; empty: none found yet). `looking`: false when
    // the window cannot look (the list then says why: `problem`).
    void setLanHosts(std::vector<LanHostRow> hosts, bool looking, std::string problem);
    bool isOpen() const { return m_open; }

    // What the other dialogs the screen opens are: the overlay owns them.
    enum class Dialog { None, Measure, Statistics, Settings, Help };
    // Draws it while open; the player's choice comes back as a command (PlayVsCpu, HostGame,
    // JoinGame, Quit) or as a dialog to open.
    // `onTop`: no dialog is over it, so its letter shortcuts apply.
    Dialog draw(UiCommands& commands, bool onTop);
    // Gives it the keyboard again (a dialog over it closed).
    void focus() { m_focusFirst = m_open; }

private:
    void drawWaiting(UiCommands& commands);
    void drawRetry(UiCommands& commands);
    void drawCpu(UiCommands& commands);
    void drawTwoPlayers(UiCommands& commands);
    void drawHost(UiCommands& commands);
    void drawJoin(UiCommands& commands);
    void drawLearnFirst(UiCommands& commands);
    void join(UiCommands& commands);
    void drawLanHosts(UiCommands& commands);
    void drawLanHost(const LanHostRow& host, std::size_t index, UiCommands& commands);

    StartScreenFacts m_facts;
    std::string m_joinText;
    std::vector<LanHostRow> m_lanHosts;
    bool m_lanLooking = true;
    std::string m_lanProblem;
    std::string m_passwordFor; // the listed host whose password is being typed (its address)
    std::string m_passwordText;
    bool m_focusPassword = false;
    std::optional<HostPortError> m_joinProblem; // worded when drawn
    std::string m_copied; // the address last copied, to say so
    int m_levelIndex = playerLevelIndex(BotLevel::Normal);
    bool m_open = false;
    bool m_focusFirst = false;  // put the keyboard on the first button once after open()
    bool m_focusJoin = false;
    bool m_onTop = true;
};

} // namespace speed::client::ui
