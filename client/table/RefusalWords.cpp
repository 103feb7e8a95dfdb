#include "table/RefusalWords.hpp"

namespace speed::client {

std::string refusalWords(const PlayOutcome& outcome, bool held) {
    if (held) return "wait: your last move is still on its way";
    switch (outcome.refusal) {
    case MatchRefusal::NotDealt: return "no game is being played";
    case MatchRefusal::Paused: return "the game is paused";
    case MatchRefusal::FlipsAreTheMatchs: return "the flip is made for both of you";
    case MatchRefusal::None: break;
    }
    switch (outcome.error) {
    case MoveError::NotAdjacent: return "only one rank up or down";
    case MoveError::PileEmpty: return "wait for the SPEED! flip";
    case MoveError::SlotOccupied: return "that slot is full";
    case MoveError::DeckEmpty: return "your deck is empty";
    case MoveError::GameOver: return "the game is over";
    case MoveError::CardNotInHand: return "that card has moved";
    case MoveError::NotStalemate: return "a move is still possible";
    case MoveError::None: return {};
    case MoveError::BadSeat: case MoveError::BadSlot: case MoveError::BadPile: break;
    }
    return std::string(describe(outcome));
}

std::string hostRefusalWords(const PlayOutcome& outcome) {
    if (outcome.error == MoveError::NotAdjacent || outcome.error == MoveError::CardNotInHand) {
        return "too late: the other player was first";
    }
    return refusalWords(outcome);
}

} // namespace speed::client
