#include "speed/protocol/Arbitration.hpp"

namespace speed::protocol {

MoveError FirstArrivalPolicy::arbitrate(GameState& state, const Move& move, const ProposalContext& /*context*/) {
    return applyMove(state, move);
}

} // namespace speed::protocol
