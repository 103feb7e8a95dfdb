#pragma once

#include <cstdint>

namespace speed {

// SplitMix64: tiny, fast and, unlike std::uniform_int_distribution, gives the same
// numbers with every compiler and standard library, so a seed deals the same game everywhere.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // Uniform in [0, bound) without modulo bias (rejects the short last block).
    std::uint64_t below(std::uint64_t bound) {
        const std::uint64_t threshold = (0 - bound) % bound;
        for (;;) {
            const std::uint64_t r = next();
            if (r >= threshold) return r % bound;
        }
    }

private:
    std::uint64_t m_state;
};

// A seed for a deal nobody asked to repeat: from the system's random source, below a billion
// so that a player can read it out of a log and give it back with --seed.
std::uint64_t freshDealSeed();

} // namespace speed
