#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace speed {

// Delays counted into log-linear buckets, as HDR histograms do: exact below 128 ns, and above
// each power of two split into 64 equal buckets, so any value is known to 1/64 (1.6%) of itself
// from 128 ns to hours, in a few KiB whatever the count. Percentiles are read from the buckets
// (the bucket's highest value, never above the exact maximum); minimum, maximum and mean are
// kept exactly.
class LatencyHistogram {
public:
    void add(std::uint64_t valueNs);

    std::uint64_t count() const { return m_count; }
    std::uint64_t minNs() const { return m_count ? m_minNs : 0; }
    std::uint64_t maxNs() const { return m_maxNs; }
    double meanNs() const { return m_count ? m_sumNs / static_cast<double>(m_count) : 0.0; }
    // Nearest rank, to the bucket's precision; 0 when empty.
    std::uint64_t percentileNs(double percent) const;

    struct Bucket {
        std::uint64_t lowNs = 0;  // the smallest value it holds
        std::uint64_t highNs = 0; // the largest
        std::uint64_t count = 0;
    };
    // The buckets that hold anything, smallest first.
    std::vector<Bucket> buckets() const;

    static std::size_t indexOf(std::uint64_t valueNs);
    static Bucket boundsOf(std::size_t index);

private:
    std::vector<std::uint64_t> m_counts;
    std::uint64_t m_count = 0;
    std::uint64_t m_minNs = 0;
    std::uint64_t m_maxNs = 0;
    double m_sumNs = 0;
};

} // namespace speed
