#include "speed/sim/FaultModel.hpp"

namespace speed::sim {
namespace {

constexpr int kMaxFlippedBits = 3;

} // namespace

FaultModel::FaultModel(FaultSettings settings, std::uint64_t seed) : m_settings(settings), m_rng(seed) {}

bool FaultModel::chance(double probability) {
    if (probability <= 0.0) return false;
    if (probability >= 1.0) return true;
    // 53 random bits give a uniform double in [0, 1) the same way on every platform.
    const double draw = static_cast<double>(m_rng.next() >> 11) * 0x1.0p-53;
    return draw < probability;
}

TimeMs FaultModel::deliveryDelay() {
    TimeMs delay = m_settings.delayMs;
    if (m_settings.jitterMs > 0) delay += static_cast<TimeMs>(m_rng.below(static_cast<std::uint64_t>(m_settings.jitterMs) + 1));
    if (chance(m_settings.reorderRate)) {
        ++m_counters.reordered;
        const TimeMs hold = m_settings.reorderHoldMs > 0 ? m_settings.reorderHoldMs
                                                         : 2 * (m_settings.delayMs + m_settings.jitterMs) + 10;
        delay += hold;
    }
    return delay;
}

std::string FaultModel::damaged(std::string_view bytes) {
    std::string copy(bytes);
    if (copy.empty()) return copy;
    if (chance(m_settings.truncateShare)) {
        ++m_counters.truncated;
        copy.resize(m_rng.below(copy.size())); // keeps 0 .. size-1 bytes
        return copy;
    }
    ++m_counters.corrupted;
    const int flips = 1 + static_cast<int>(m_rng.below(kMaxFlippedBits));
    for (int i = 0; i < flips; ++i) {
        const auto bit = m_rng.below(copy.size() * 8);
        copy[bit / 8] = static_cast<char>(static_cast<unsigned char>(copy[bit / 8]) ^ (1U << (bit % 8)));
    }
    if (copy == bytes) copy[0] = static_cast<char>(copy[0] ^ 1); // two flips of one bit cancelled out
    return copy;
}

std::vector<Delivery> FaultModel::transmit(TimeMs now, std::string_view bytes) {
    std::vector<Delivery> deliveries;
    transmit(now, std::string(bytes), deliveries);
    return deliveries;
}

void FaultModel::transmit(TimeMs now, std::string&& bytes, std::vector<Delivery>& into) {
    into.clear();
    ++m_counters.sent;
    if (chance(m_settings.lossRate)) {
        ++m_counters.lost;
        return;
    }
    const int copies = chance(m_settings.duplicateRate) ? 2 : 1;
    if (copies == 2) ++m_counters.duplicated;
    for (int copy = 0; copy < copies; ++copy) {
        const TimeMs at = now + deliveryDelay();
        if (chance(m_settings.corruptRate)) into.push_back({at, damaged(bytes)});
        else into.push_back({at, copy + 1 == copies ? std::move(bytes) : bytes});
    }
}

} // namespace speed::sim
