#pragma once

#include "speed/protocol/Arbitration.hpp"
#include "speed/protocol/Message.hpp"

#include <cstdint>
#include <optional>
#include <vector>

// Fair arbitration's waiting room: the plays of both seats, held for the local lag after the
// moment they were made (on the host's session clock), taken out in the order they were made.
// Two plays of different seats on one pile made within the coin window of each other (the
// clocks' resolution) are a tie: a seeded coin that alternates seats decides which goes first.
// Further apart they keep the order of their times, even within the tie window (where the
// offset estimate may be wrong): the estimate is right more often than a coin, and a coin over
// the whole window would leave every race in it to chance. Pure: times are passed in.
namespace speed::protocol {

class FairOrder {
public:
    // A new deal: how long plays wait, how far apart the clocks cannot promise an order (the
    // tie window: a play is due a lag and a tie window after it was made), the coin's first
    // seat, and how close two plays go to the coin (never more than the tie window).
    void reset(std::int64_t lagUs, std::int64_t tieUs, int firstCoinSeat, std::int64_t coinUs);
    // New figures for the plays from now on (those waiting keep their order).
    void retime(std::int64_t lagUs, std::int64_t tieUs);
    void add(TimedPlay play);
    bool empty() const { return m_waiting.empty(); }
    bool holds(WireNumber proposal) const;
    // When the earliest waiting play is due: made + lag + tie window (by then every play made
    // before it, or tied with it, has come if it came in time). Empty when nothing waits.
    std::optional<std::int64_t> nextDueUs() const;
    // The play to decide now, if one is due at `nowUs`, ties settled.
    std::optional<TimedPlay> takeDue(std::int64_t nowUs);
    // Every waiting play in the order they would be taken (a pause or the end of the game).
    std::vector<TimedPlay> takeAll();
    std::int64_t lagUs() const { return m_lagUs; }
    std::int64_t tieUs() const { return m_tieUs; }
    long long ties() const { return m_ties; } // ties the coin settled this deal

private:
    std::vector<TimedPlay>::iterator earliest();

    std::vector<TimedPlay> m_waiting;
    std::int64_t m_lagUs = 0;
    std::int64_t m_tieUs = 0;
    std::int64_t m_coinUs = 0;
    int m_coinSeat = 0;
    long long m_ties = 0;
};

} // namespace speed::protocol
