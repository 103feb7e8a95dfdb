#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace speed {

// Which sequence numbers arrived, over a sliding window of the latest 65,536 below the highest
// seen: a copy of one already counted is a duplicate, one that arrives after a higher number is
// reordered (RFC 4737's sense: it came after a datagram sent later). A number further below
// the highest than the window reaches is counted as new and reordered (whether it is a copy can
// no longer be told). Fixed size (8 KiB) whatever the run's length.
class SequenceWindow {
public:
    static constexpr std::uint32_t kWindow = 1U << 16;

    struct Arrival {
        bool duplicate = false;
        bool reordered = false;
    };
    Arrival add(std::uint32_t seq);

    std::uint32_t distinct() const { return m_distinct; }
    std::uint32_t duplicates() const { return m_duplicates; }
    std::uint32_t reordered() const { return m_reordered; }
    std::optional<std::uint32_t> highest() const { return m_highest; }

private:
    bool test(std::uint32_t seq) const { return (m_bits[(seq % kWindow) / 64] >> (seq % 64)) & 1U; }
    void set(std::uint32_t seq) { m_bits[(seq % kWindow) / 64] |= std::uint64_t{1} << (seq % 64); }
    void clear(std::uint32_t seq) { m_bits[(seq % kWindow) / 64] &= ~(std::uint64_t{1} << (seq % 64)); }

    std::array<std::uint64_t, kWindow / 64> m_bits{};
    std::optional<std::uint32_t> m_highest;
    std::uint32_t m_distinct = 0;
    std::uint32_t m_duplicates = 0;
    std::uint32_t m_reordered = 0;
};

} // namespace speed
