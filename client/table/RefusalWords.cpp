#include "table/RefusalWords.hpp"

#include "table/MoveWords.hpp"

#include "text/Words.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace speed::client {

std::string refusalWords(const PlayOutcome& outcome, bool held) {
    if (held) return tr("play.refusal.held");
    switch (outcome.refusal) {
    case MatchRefusal::NotDealt: return tr("play.refusal.not_dealt");
    case MatchRefusal::Paused: return tr("play.refusal.paused");
    case MatchRefusal::FlipIsAutomatic: return tr("play.refusal.flip_for_both");
    case MatchRefusal::None: break;
    }
    switch (outcome.error) {
    case MoveError::NotAdjacent: return tr("play.refusal.not_adjacent");
    case MoveError::PileEmpty: return tr("play.refusal.pile_empty");
    case MoveError::SlotOccupied: return tr("play.refusal.slot_full");
    case MoveError::DeckEmpty: return tr("play.refusal.deck_empty");
    case MoveError::GameOver: return tr("play.refusal.game_over");
    case MoveError::CardNotInHand: return tr("play.refusal.card_moved");
    case MoveError::NotStalemate: return tr("play.refusal.not_stalemate");
    case MoveError::BadSeat: return tr("play.refusal.bad_seat");
    case MoveError::BadSlot: return tr("play.refusal.bad_slot");
    case MoveError::BadPile: return tr("play.refusal.bad_pile");
    case MoveError::None: return {};
    }
    return std::string(describe(outcome));
}

std::string hostRefusalWords(const PlayOutcome& outcome) {
    if (outcome.error == MoveError::NotAdjacent || outcome.error == MoveError::CardNotInHand) {
        return tr("play.refusal.too_late");
    }
    return refusalWords(outcome);
}

namespace {

// Milliseconds as a player reads them: whole from 10 ms on, one decimal below.
std::string shownMs(std::int64_t us) {
    const double ms = static_cast<double>(us) / 1000.0;
    return ms >= 10 ? fmt::format("{:.0f}", ms) : fmt::format("{:.1f}", ms);
}

} // namespace

std::string raceWords(std::int64_t leadUs, const std::string& winner) {
    if (leadUs >= 0) return trf("play.race.earlier", winner, shownMs(leadUs));
    return trf("play.race.came_first", winner, shownMs(-leadUs));
}

std::string takenBackWords(const Move& move, std::optional<Card> beater, std::optional<std::int64_t> leadUs,
                           int localSeat, const std::string& opponent) {
    const bool mine = move.seat == localSeat;
    if (move.kind != MoveKind::Play) return mine ? tr("play.back.your_refill") : trf("play.back.their_refill", opponent);
    const std::string card = cardName(move.card);
    if (!beater || !leadUs) return mine ? trf("play.back.yours", card) : trf("play.back.theirs", opponent, card);
    const std::string ms = shownMs(std::max<std::int64_t>(*leadUs, 0));
    return mine ? trf("play.back.yours_beaten", card, opponent, cardName(*beater), ms)
                : trf("play.back.theirs_beaten", opponent, card, cardName(*beater), ms);
}

std::string noPileWords() { return tr("play.refusal.no_pile"); }

} // namespace speed::client
