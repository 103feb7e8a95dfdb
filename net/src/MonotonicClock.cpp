#include "speed/net/MonotonicClock.hpp"

#include "speed/protocol/MeasureWire.hpp"

#include <fstream>
#include <string>

namespace speed {

std::uint64_t monotonicNowNs() {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
}

std::uint32_t thisMachineClockId() {
    static const std::uint32_t id = [] {
        std::ifstream file("/proc/sys/kernel/random/boot_id");
        std::string bootId;
        std::getline(file, bootId);
        return protocol::monotonicClockId(bootId);
    }();
    return id;
}

} // namespace speed
