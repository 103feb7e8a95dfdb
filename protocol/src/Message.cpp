#include "speed/protocol/Message.hpp"

#include <array>
#include <utility>

namespace speed::protocol {

Refusal refusalFor(const PlayOutcome& outcome) {
    switch (outcome.refusal) {
    case MatchRefusal::Paused: return Refusal::Paused;
    case MatchRefusal::NotDealt: return Refusal::NotPlaying;
    case MatchRefusal::FlipsAreTheMatchs: return Refusal::NotStalemate;
    case MatchRefusal::None: break;
    }
    switch (outcome.error) {
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

PlayOutcome playOutcomeOf(Refusal refusal) {
    switch (refusal) {
    case Refusal::Paused: return {MatchRefusal::Paused, MoveError::None};
    case Refusal::NotPlaying: return {MatchRefusal::NotDealt, MoveError::None};
    case Refusal::GameOver: return {MatchRefusal::None, MoveError::GameOver};
    case Refusal::BadSeat: return {MatchRefusal::None, MoveError::BadSeat};
    case Refusal::BadSlot: return {MatchRefusal::None, MoveError::BadSlot};
    case Refusal::BadPile: return {MatchRefusal::None, MoveError::BadPile};
    case Refusal::CardNotInHand: return {MatchRefusal::None, MoveError::CardNotInHand};
    case Refusal::PileEmpty: return {MatchRefusal::None, MoveError::PileEmpty};
    case Refusal::NotAdjacent: return {MatchRefusal::None, MoveError::NotAdjacent};
    case Refusal::SlotOccupied: return {MatchRefusal::None, MoveError::SlotOccupied};
    case Refusal::DeckEmpty: return {MatchRefusal::None, MoveError::DeckEmpty};
    case Refusal::NotStalemate: return {MatchRefusal::None, MoveError::NotStalemate};
    }
    return {MatchRefusal::NotDealt, MoveError::None};
}

namespace {

constexpr std::array<std::pair<ShutdownReason, std::string_view>, 5> kShutdownWords{{
    {ShutdownReason::MatchOver, "match_over"},
    {ShutdownReason::WindowClosed, "window_closed"},
    {ShutdownReason::Interrupted, "interrupted"},
    {ShutdownReason::Terminated, "terminated"},
    {ShutdownReason::ProtocolVersion, "protocol_version"},
}};

} // namespace

std::string_view wordOf(ShutdownReason reason) {
    for (const auto& [known, word] : kShutdownWords) {
        if (known == reason) return word;
    }
    return "other";
}

ShutdownReason shutdownReasonOf(std::string_view word) {
    for (const auto& [known, spelled] : kShutdownWords) {
        if (spelled == word) return known;
    }
    return ShutdownReason::Other;
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
