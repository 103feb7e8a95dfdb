#include "speed/protocol/SessionTypes.hpp"

namespace speed::protocol {

std::string_view describe(LinkRefusal refusal) {
    switch (refusal) {
    case LinkRefusal::None: return "sent";
    case LinkRefusal::NotThisSeat: return "that is not this side's seat";
    case LinkRefusal::TooManyInFlight: return "earlier moves still wait for the host's answer";
    }
    return "not sent";
}

std::string_view describe(const ProposalOutcome& outcome) {
    if (outcome.link != LinkRefusal::None) return describe(outcome.link);
    return describe(outcome.play);
}

} // namespace speed::protocol
