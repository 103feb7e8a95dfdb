#include "speed/protocol/Arbitration.hpp"

namespace speed::protocol {

PlayOutcome FirstArrivalPolicy::arbitrate(Match& match, const Move& move, const ProposalContext& /*context*/, TimeMs now) {
    return match.play(move, now);
}

} // namespace speed::protocol
