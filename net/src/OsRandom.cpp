#include "speed/net/OsRandom.hpp"

#include <sodium.h>

namespace speed {

std::uint64_t osRandom() {
    static const bool ready = sodium_init() >= 0;
    (void)ready;
    std::uint64_t value = 0;
    randombytes_buf(&value, sizeof value);
    return value;
}

} // namespace speed
