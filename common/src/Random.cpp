#include "speed/common/Random.hpp"

#include <random>

namespace speed {

std::uint64_t freshDealSeed() {
    std::random_device device;
    const std::uint64_t high = device();
    return ((high << 32U) | device()) % 1'000'000'000ULL;
}

} // namespace speed
