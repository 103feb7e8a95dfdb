#include "speed/protocol/FairOrder.hpp"

#include <algorithm>

namespace speed::protocol {
namespace {

bool madeBefore(const TimedPlay& a, const TimedPlay& b) { return a.keyUs < b.keyUs; }

} // namespace

void FairOrder::reset(std::int64_t lagUs, std::int64_t tieUs, int firstCoinSeat, std::int64_t coinUs) {
    m_waiting.clear();
    m_lagUs = std::max<std::int64_t>(lagUs, 0);
    m_tieUs = std::max<std::int64_t>(tieUs, 0);
    m_coinUs = std::max<std::int64_t>(coinUs, 0);
    m_coinSeat = firstCoinSeat == 0 ? 0 : 1;
    m_ties = 0;
}

void FairOrder::retime(std::int64_t lagUs, std::int64_t tieUs) {
    m_lagUs = std::max<std::int64_t>(lagUs, 0);
    m_tieUs = std::max<std::int64_t>(tieUs, 0);
}

void FairOrder::add(TimedPlay play) { m_waiting.push_back(play); }

bool FairOrder::holds(WireNumber proposal) const {
    return proposal != 0 && std::any_of(m_waiting.begin(), m_waiting.end(),
                                        [&](const TimedPlay& play) { return play.proposal == proposal; });
}

// The first made; between equal times, the first added (one seat's plays keep their order).
std::vector<TimedPlay>::iterator FairOrder::earliest() {
    return std::min_element(m_waiting.begin(), m_waiting.end(), madeBefore);
}

std::optional<std::int64_t> FairOrder::nextDueUs() const {
    if (m_waiting.empty()) return std::nullopt;
    const auto first = std::min_element(m_waiting.begin(), m_waiting.end(), madeBefore);
    return first->keyUs + m_lagUs + m_tieUs;
}

std::optional<TimedPlay> FairOrder::takeDue(std::int64_t nowUs) {
    if (m_waiting.empty()) return std::nullopt;
    auto first = earliest();
    if (first->keyUs + m_lagUs + m_tieUs > nowUs) return std::nullopt;
    // The other seat's earliest play on the same pile, when it is within the coin window: the
    // coin, not a difference below the clocks' resolution, decides which is taken first.
    if (first->move.kind == MoveKind::Play) {
        const std::int64_t coinUs = std::min(m_coinUs, m_tieUs);
        auto rival = m_waiting.end();
        for (auto play = m_waiting.begin(); play != m_waiting.end(); ++play) {
            const bool candidate = play->seat != first->seat && play->move.kind == MoveKind::Play &&
                                   play->move.pile == first->move.pile && play->keyUs - first->keyUs <= coinUs;
            if (candidate && (rival == m_waiting.end() || play->keyUs < rival->keyUs)) rival = play;
        }
        if (rival != m_waiting.end()) {
            ++m_ties;
            if (rival->seat == m_coinSeat) first = rival;
            m_coinSeat = 1 - m_coinSeat;
        }
    }
    TimedPlay taken = *first;
    m_waiting.erase(first);
    return taken;
}

std::vector<TimedPlay> FairOrder::takeAll() {
    std::vector<TimedPlay> all;
    while (!m_waiting.empty()) {
        auto first = earliest();
        all.push_back(*first);
        m_waiting.erase(first);
    }
    return all;
}

} // namespace speed::protocol
