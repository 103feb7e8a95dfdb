#include "table/TableText.hpp"

#include "speed/common/Referee.hpp"

#include <fmt/format.h>

#include <cmath>

namespace speed::client {
namespace {

std::string pileTop(const CardStack& pile) { return pile.empty() ? "--" : pile.top().code(); }

std::string handText(const GameState& state, int seat) {
    std::string text;
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = state.player(seat).hand[static_cast<std::size_t>(slot)];
        if (slot > 0) text += ',';
        text += card ? card->code() : "--";
    }
    return text;
}

} // namespace

std::string formatClock(TimeMs elapsedMs) {
    const TimeMs totalSeconds = std::max<TimeMs>(0, elapsedMs) / 1000;
    const TimeMs hours = totalSeconds / 3600;
    const TimeMs minutes = totalSeconds / 60 % 60;
    const TimeMs seconds = totalSeconds % 60;
    if (hours > 0) return fmt::format("{}:{:02}:{:02}", hours, minutes, seconds);
    return fmt::format("{}:{:02}", minutes, seconds);
}

std::string tableSummary(const GameState& state) {
    std::string text = fmt::format("piles={},{}", pileTop(state.pile(0)), pileTop(state.pile(1)));
    for (int seat = 0; seat < kSeats; ++seat) {
        text += fmt::format(" seat{}[deck={} hand={}]", seat, state.player(seat).deck.size(), handText(state, seat));
    }
    return text;
}

std::string playOptions(const GameState& state, int seat) {
    std::string legal;
    std::string illegal;
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = state.player(seat).hand[static_cast<std::size_t>(slot)];
        if (!card) continue;
        for (int pile = 0; pile < kFieldPiles; ++pile) {
            const bool ok = checkMove(state, Move::play(seat, slot, *card, pile)) == MoveError::None;
            std::string& list = ok ? legal : illegal;
            if (!list.empty()) list += ',';
            list += fmt::format("{}>{}", slot, pile);
        }
    }
    return fmt::format("legal={} illegal={}", legal.empty() ? "-" : legal, illegal.empty() ? "-" : illegal);
}

namespace {

std::string rectText(const Rect& rect) {
    return fmt::format("{} {} {} {}", std::lround(rect.left), std::lround(rect.top), std::lround(rect.width),
                       std::lround(rect.height));
}

} // namespace

std::vector<std::string> layoutLines(const TableLayout& layout) {
    std::vector<std::string> lines;
    lines.push_back(fmt::format("window {} card {}x{}", rectText(layout.window), std::lround(layout.cardWidthPx),
                                std::lround(layout.cardHeightPx)));
    lines.push_back(fmt::format("speaker {}", rectText(layout.speaker)));
    for (std::size_t pile = 0; pile < layout.pile.size(); ++pile) lines.push_back(fmt::format("pile {} {}", pile, rectText(layout.pile[pile])));
    for (std::size_t seat = 0; seat < layout.deck.size(); ++seat) {
        lines.push_back(fmt::format("deck {} {}", seat, rectText(layout.deck[seat])));
        const auto& slots = layout.hand[seat];
        for (std::size_t slot = 0; slot < slots.size(); ++slot) lines.push_back(fmt::format("hand {} {} {}", seat, slot, rectText(slots[slot])));
    }
    return lines;
}

} // namespace speed::client
