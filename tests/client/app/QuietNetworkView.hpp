#pragma once

#include "match/NetworkView.hpp"

// A network view with nothing to say: no news, no words, a match that is over and cannot be
// retried. Tests derive from it and answer only what they look at.
namespace speed::client {

class QuietNetworkView : public NetworkView {
public:
    std::vector<WireLogEntry> takeWireLog() override { return {}; }
    int wakeFd() const override { return -1; }
    std::uint64_t lastNewsNs() const override { return 0; }
    std::string measureTarget() const override { return {}; }
    std::optional<protocol::ClockOffset> linkClock() const override { return std::nullopt; }
    std::string opponentName() const override { return {}; }
    std::string statusWord(TimeMs) const override { return {}; }
    std::string statusDetail(TimeMs) const override { return {}; }
    MatchNotice notice(TimeMs) const override { return {}; }
    std::string clockLabel() const override { return {}; }
    std::vector<RefusedMove> takeRefusedMoves() override { return {}; }
    std::vector<TakenBackMove> takeTakenBack() override { return {}; }
    bool retry(TimeMs) override { return false; }
    void connectNextWith(const ConnectOptions&) override {}
    bool matchEnded() const override { return true; }
    NextGameAsks nextGameAsks() const override { return {}; }
};

} // namespace speed::client
