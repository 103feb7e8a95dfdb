#pragma once

#include <cstdint>

namespace speed {

// 64 bits from the operating system's random number generator (libsodium's randombytes_buf, on
// Linux getrandom): the nonces of the handshake and the host's cookie secret.
std::uint64_t osRandom();

} // namespace speed
