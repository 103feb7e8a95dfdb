#include "speed/protocol/Message.hpp"

namespace speed::protocol {

Refusal refusalFor(MoveError error) {
    switch (error) {
    case MoveError::GameOver: return Refusal::GameOver;
    case MoveError::BadSeat: return Refusal::BadSeat;
    case MoveError::BadSlot: return Refusal::BadSlot;
    case MoveError::BadPile: return Refusal::BadPile;
    case MoveError::CardNotInHand: return Refusal::CardNotInHand;
    case MoveError::PileEmpty: return Refusal::PileEmpty;
    case MoveError::NotAdjacent: return Refusal::NotAdjacent;
    case MoveError::SlotOccupied: return Refusal::SlotOccupied;
    case MoveError::DeckEmpty: return Refusal::DeckEmpty;
    case MoveError::NotStalemate: return Refusal::NotStalemate;
    case MoveError::None: break;
    }
    return Refusal::NotPlaying;
}

namespace {

struct VerbName {
    std::string_view operator()(const Hello&) const { return "HELLO"; }
    std::string_view operator()(const Update& update) const { return update.invisible ? "INVISIBLE" : "UPDATE"; }
    std::string_view operator()(const MoveRequest&) const { return "MOVE"; }
    std::string_view operator()(const Ok&) const { return "OK"; }
    std::string_view operator()(const Ng&) const { return "NG"; }
    std::string_view operator()(const Pause&) const { return "PAUSE"; }
    std::string_view operator()(const Resume&) const { return "RESUME"; }
    std::string_view operator()(const Start&) const { return "START"; }
    std::string_view operator()(const Alive&) const { return "ALIVE"; }
    std::string_view operator()(const Shutdown&) const { return "SHUTDOWN"; }
    std::string_view operator()(const Probe&) const { return "PROBE"; }
    std::string_view operator()(const Echo&) const { return "ECHO"; }
};

} // namespace

std::string_view verbOf(const Message& message) { return std::visit(VerbName{}, message.body); }

} // namespace speed::protocol
