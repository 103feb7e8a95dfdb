#pragma once

#include "speed/common/Match.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Time.hpp"

// How the host decides between competing moves. Every move, the host's own included, goes
// through the policy; the policy decides with the match (and so with the referee).
namespace speed::protocol {

struct ProposalContext {
    int seat = 0;          // who proposed
    TimeMs receivedAt = 0; // host time the proposal arrived (or was made, for the host's seat)
    TimeMs senderTime = 0; // the proposer's TIME field (for a latency-compensating policy)
};

class ArbitrationPolicy {
public:
    virtual ~ArbitrationPolicy() = default;
    // Decides one proposal against the authoritative match and plays it when accepted.
    virtual PlayOutcome arbitrate(Match& match, const Move& move, const ProposalContext& context, TimeMs now) = 0;
};

// First arrival wins: each proposal is played, or refused, the moment it arrives.
class FirstArrivalPolicy final : public ArbitrationPolicy {
public:
    PlayOutcome arbitrate(Match& match, const Move& move, const ProposalContext& context, TimeMs now) override;
};

} // namespace speed::protocol
