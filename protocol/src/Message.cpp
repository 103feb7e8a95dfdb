#include "speed/protocol/Message.hpp"

#include <array>
#include <utility>

namespace speed::protocol {

namespace {

// Each NG reason and what the match or the rules said: one table read both ways.
constexpr std::array<std::pair<Refusal, PlayOutcome>, 12> kRefusals{{
    {Refusal::Paused, {MatchRefusal::Paused, MoveError::None}},
    {Refusal::NotPlaying, {MatchRefusal::NotDealt, MoveError::None}},
    {Refusal::GameOver, {MatchRefusal::None, MoveError::GameOver}},
    {Refusal::BadSeat, {MatchRefusal::None, MoveError::BadSeat}},
    {Refusal::BadSlot, {MatchRefusal::None, MoveError::BadSlot}},
    {Refusal::BadPile, {MatchRefusal::None, MoveError::BadPile}},
    {Refusal::CardNotInHand, {MatchRefusal::None, MoveError::CardNotInHand}},
    {Refusal::PileEmpty, {MatchRefusal::None, MoveError::PileEmpty}},
    {Refusal::NotAdjacent, {MatchRefusal::None, MoveError::NotAdjacent}},
    {Refusal::SlotOccupied, {MatchRefusal::None, MoveError::SlotOccupied}},
    {Refusal::DeckEmpty, {MatchRefusal::None, MoveError::DeckEmpty}},
    {Refusal::NotStalemate, {MatchRefusal::None, MoveError::NotStalemate}},
}};

} // namespace

// A flip is never proposed over the wire; should the match refuse one, it is told as the rules
// would (no stalemate).
Refusal refusalFor(const PlayOutcome& outcome) {
    if (outcome.refusal == MatchRefusal::FlipIsAutomatic) return Refusal::NotStalemate;
    for (const auto& [refusal, play] : kRefusals) {
        if (play == outcome) return refusal;
    }
    return Refusal::NotPlaying;
}

PlayOutcome playOutcomeOf(Refusal refusal) {
    for (const auto& [known, play] : kRefusals) {
        if (known == refusal) return play;
    }
    return {MatchRefusal::NotDealt, MoveError::None};
}

namespace {

constexpr std::array<std::pair<ShutdownReason, std::string_view>, 6> kShutdownWords{{
    {ShutdownReason::MatchOver, "match_over"},
    {ShutdownReason::WindowClosed, "window_closed"},
    {ShutdownReason::Interrupted, "interrupted"},
    {ShutdownReason::Terminated, "terminated"},
    {ShutdownReason::ProtocolVersion, "protocol_version"},
    {ShutdownReason::Stalled, "stalled"},
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
    std::string_view operator()(const Challenge&) const { return "CHALLENGE"; }
    std::string_view operator()(const Welcome&) const { return "WELCOME"; }
    std::string_view operator()(const Deny&) const { return "DENY"; }
    std::string_view operator()(const Update& update) const { return update.invisible ? "INVISIBLE" : "UPDATE"; }
    std::string_view operator()(const MoveRequest&) const { return "MOVE"; }
    std::string_view operator()(const Ok&) const { return "OK"; }
    std::string_view operator()(const Ng&) const { return "NG"; }
    std::string_view operator()(const Pause&) const { return "PAUSE"; }
    std::string_view operator()(const Resume&) const { return "RESUME"; }
    std::string_view operator()(const Start&) const { return "START"; }
    std::string_view operator()(const Alive&) const { return "ALIVE"; }
    std::string_view operator()(const Rekey&) const { return "REKEY"; }
    std::string_view operator()(const Shutdown&) const { return "SHUTDOWN"; }
    std::string_view operator()(const Probe&) const { return "PROBE"; }
    std::string_view operator()(const Echo&) const { return "ECHO"; }
    std::string_view operator()(const Find&) const { return "FIND"; }
    std::string_view operator()(const Here&) const { return "HERE"; }
};

} // namespace

std::string_view verbOf(const Message& message) { return std::visit(VerbName{}, message.body); }

bool isSessionVerb(const MessageBody& body) {
    return !std::holds_alternative<Hello>(body) && !std::holds_alternative<Challenge>(body) &&
           !std::holds_alternative<Welcome>(body) && !std::holds_alternative<Deny>(body) &&
           !std::holds_alternative<Probe>(body) && !std::holds_alternative<Echo>(body) &&
           !std::holds_alternative<Find>(body) && !std::holds_alternative<Here>(body);
}

std::string_view describe(DenyReason reason) {
    switch (reason) {
    case DenyReason::Busy: return "the host is playing with someone else";
    case DenyReason::NotInvited: return "the host waits for another player (its setup.ini names a peer)";
    case DenyReason::PasswordNeeded: return "the host needs a password, and none is set here";
    case DenyReason::NoPassword: return "the host plays without a password, and one is set here";
    case DenyReason::WrongPassword: return "the host's password is not the one set here";
    case DenyReason::Version: return "the host speaks another protocol version";
    case DenyReason::Held: return "the host keeps the seat for a player who dropped out; try again when the grace is over";
    case DenyReason::NoMatch: return "the host no longer holds the match this program was in";
    case DenyReason::Damaged: return "the host's record of this game was damaged; the game cannot continue";
    }
    return "the host refused";
}

std::string versionMismatchWords(std::string_view them, int theirVersion) {
    const std::string theirs = theirVersion > 0 ? "protocol version " + std::to_string(theirVersion) : "another protocol version";
    return std::string(them) + " speaks " + theirs + "; this program speaks version " + std::to_string(kProtocolVersion) +
           ": update one side";
}

std::string_view describeRefusal(DenyReason reason) {
    switch (reason) {
    case DenyReason::Busy: return "a match is under way";
    case DenyReason::NotInvited: return "it is not the peer named in setup.ini";
    case DenyReason::PasswordNeeded: return "it has no password, and this host needs one";
    case DenyReason::NoPassword: return "it has a password, and this host has none";
    case DenyReason::WrongPassword: return "its password is not this host's";
    case DenyReason::Version: return "it speaks another protocol version";
    case DenyReason::Held: return "the seat is held for the player who dropped out";
    case DenyReason::NoMatch: return "it comes back to a match this host does not hold";
    case DenyReason::Damaged: return "it holds a newer game than this host's record, which was damaged";
    }
    return "refused";
}

} // namespace speed::protocol
