#pragma once

#include "match/MatchDriver.hpp"

#include "speed/common/Match.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Time.hpp"
#include "speed/net/Connector.hpp"
#include "speed/protocol/ClockOffset.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace speed::client {

// One datagram for the message log pane: when, which way, and its text.
struct WireLogEntry {
    TimeMs atMs = 0; // the window's clock
    bool sent = false;
    std::string text;
};

// A move the host refused after the window had shown it, and why.
struct RefusedMove {
    Move move;
    PlayOutcome why;
    std::optional<std::int64_t> raceLeadUs{}; // a lost race: how much earlier the winning play was
};

// A play fair arbitration took back after the window had shown it taken (either seat's): an
// earlier play on its pile came late. `beater`: the card on that pile then (the play that came
// first), with `raceLeadUs`; none when it no longer fitted for another reason.
struct TakenBackMove {
    Move move;
    PlayOutcome why;
    std::optional<std::int64_t> raceLeadUs{};
    std::optional<Card> beater{};
};

// A banner about the match itself rather than the cards: waiting, a silent peer, the end.
struct MatchNotice {
    std::string headline; // empty: no banner
    std::string detail;
    std::string reason;   // no game, or the match is over: why (the detail without its key hint)
    bool peerSilent = false; // the other side stopped answering
    // A host taken back from its journal waits for its player to come back: this side is the
    // one that stopped, so nobody "stopped answering", and its player's return is a join.
    bool awaitingReturn = false;
};

// Between two network games: who has asked for the next one (it is dealt when both have).
struct NextGameAsks {
    bool mine = false;
    bool theirs = false;
};

// What connecting again (R, after the match ended) does: host on the same port again, or join
// the same host again (`joins`: its player's name, else its address); neither: join else host,
// as setup.ini's peer says.
struct RetryOffer {
    bool hosts = false;
    std::string joins;
};

// The part of a match only network play has: the other player, the connection's state in
// words, the datagrams for the message log, the address to measure. Times are the window's.
class NetworkView {
public:
    virtual ~NetworkView() = default;

    // Datagrams sent and received since the last call.
    virtual std::vector<WireLogEntry> takeWireLog() = 0;
    // Readable when the network thread has news for the window (events, a new table): the
    // window's loop waits on it beside the display's connection. -1: none.
    virtual int wakeFd() const = 0;
    // When the news the window last took was handed over (monotonicNowNs): where "a remote
    // move reached the screen" starts.
    virtual std::uint64_t lastNewsNs() const = 0;
    // "host:port" that answers measurement probes for this match; empty while not connected.
    virtual std::string measureTarget() const = 0;
    // The other side's session clock against this one's, from the stamps on the link's OKs
    // (far = here + offset, +/- epsilon); empty until one was answered.
    virtual std::optional<protocol::ClockOffset> linkClock() const = 0;
    virtual std::string opponentName() const = 0;
    virtual std::string statusWord(TimeMs now) const = 0;   // the status bar's pill: "Playing"
    virtual std::string statusDetail(TimeMs now) const = 0; // the rest of its sentence
    virtual MatchNotice notice(TimeMs now) const = 0;
    virtual std::string clockLabel() const = 0; // "WAIT" while a countdown runs
    // Proposals that propose() accepted and showed, and the host refused since: slide them back.
    virtual std::vector<RefusedMove> takeRefusedMoves() = 0;
    // Plays taken back since the last call (a rewind, on the host or told by its UPDATE): home.
    virtual std::vector<TakenBackMove> takeTakenBack() = 0;
    // A host that took its match back from the journal: the games its player came back to since
    // the last call (however soon after the restart: no frame needs to have seen the wait).
    virtual std::vector<int> takeRejoinedGames() { return {}; }
    virtual bool retry(TimeMs now) = 0;   // R: connect again after the match ended
    virtual RetryOffer retryOffer() const { return {}; } // ... and what that does
    // The connection the next retry() makes: the network settings saved since this one began.
    virtual void connectNextWith(const ConnectOptions& connect) = 0;
    virtual bool matchEnded() const = 0;  // nothing more happens without retry()
    virtual NextGameAsks nextGameAsks() const = 0;
};

// A network game is over and the match goes on: the players choose Rematch or Leave.
inline bool rematchOffered(const MatchDriver& match) {
    const NetworkView* network = match.network();
    return network != nullptr && !network->matchEnded() && match.hasTable() && match.gameNumber() > 0 &&
           gameFinished(match.info());
}

// A network match waits for the other player to connect (the wait panel's time).
inline bool waitingForPlayer(const MatchDriver& match) {
    const NetworkView* network = match.network();
    const GameInfo info = match.info();
    return network != nullptr && !network->matchEnded() && (info == GameInfo::ConWait || info == GameInfo::Nothing);
}

} // namespace speed::client
