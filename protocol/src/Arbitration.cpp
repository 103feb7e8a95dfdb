#include "speed/protocol/Arbitration.hpp"

#include "FairArbitration.hpp"
#include "FirstArrivalArbitration.hpp"

namespace speed::protocol {

std::unique_ptr<ArbitrationPolicy> makeArbitration(Arbitration mode, ArbitrationHost& host,
                                                   const SessionTiming& timing) {
    if (mode == Arbitration::Fair) return std::make_unique<FairArbitration>(host, timing);
    return std::make_unique<FirstArrivalArbitration>(host, timing);
}

} // namespace speed::protocol
