#include "speed/common/Move.hpp"

namespace speed {

std::string describe(const Move& move) {
    const std::string seat = "seat " + std::to_string(move.seat);
    switch (move.kind) {
    case MoveKind::Play:
        return seat + " plays " + move.card.code() + " from slot " + std::to_string(move.slot) + " on pile " +
               std::to_string(move.pile);
    case MoveKind::Refill:
        return seat + " refills slot " + std::to_string(move.slot);
    case MoveKind::Flip:
        return "SPEED! both seats flip";
    }
    return "unknown move";
}

} // namespace speed
