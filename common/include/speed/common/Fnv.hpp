#pragma once

#include <cstddef>
#include <cstdint>

namespace speed {

// FNV-1a, 64 bits: a quick digest of bytes that changes when any of them does. Not for
// anything an attacker chooses (a damaged record, a changed picture: yes; a forged one: no).
inline constexpr std::uint64_t kFnvBasis = 0xcbf29ce484222325ULL;
inline constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

// The digest of `size` bytes at `data`, carried on from `hash` (a digest of what came before).
inline std::uint64_t fnv1a(const void* data, std::size_t size, std::uint64_t hash = kFnvBasis) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * kFnvPrime;
    return hash;
}

} // namespace speed
