#pragma once

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Referee.hpp"
#include "speed/common/Time.hpp"

// How the host decides between competing moves. Every move, the host's own included, goes
// through the policy; the policy decides with the referee (checkMove/applyMove).
namespace speed::protocol {

struct ProposalContext {
    int seat = 0;          // who proposed
    TimeMs receivedAt = 0; // host time the proposal arrived (or was made, for the host's seat)
    TimeMs senderTime = 0; // the proposer's TIME field (for a latency-compensating policy)
};

class ArbitrationPolicy {
public:
    virtual ~ArbitrationPolicy() = default;
    // Decides one proposal against the authoritative state and applies it when accepted.
    virtual MoveError arbitrate(GameState& state, const Move& move, const ProposalContext& context) = 0;
};

// First arrival wins: each proposal is applied, or refused, the moment it arrives.
class FirstArrivalPolicy final : public ArbitrationPolicy {
public:
    MoveError arbitrate(GameState& state, const Move& move, const ProposalContext& context) override;
};

} // namespace speed::protocol
