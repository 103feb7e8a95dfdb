#pragma once

#include "speed/measure/MeasureRun.hpp"
#include "speed/measure/RttStats.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace speed {

// What the run was, for the report's header and the JSON object.
struct MeasureRunInfo {
    std::string target; // "127.0.0.1:50001"
    std::string mode;   // "pow2" or "fixed"
    int count = 0;
    int warmup = 0;
    int intervalMs = 0;
    int timeoutMs = 0;
    std::string reflector;      // what answered, in words (UdpProber's describe)
    std::string reflectorWord;  // the same for JSON: "speed_echo", "plain_echo" or "none"
};

// The table per size, then the run's one-way delays, its late answers, each direction's loss,
// duplicates, reordering and IPDV, and the round trips' histogram (what the run has of them).
void printTable(std::ostream& out, const MeasureRunInfo& info, const MeasureRunResult& run);
void printCsv(std::ostream& out, const std::vector<RttSummary>& results);
// One JSON object: {"results":[{"size":..,"sent":..,"lost":..,"rtt_us":{..},"jitter_us":..,
// "throughput_mbps":..}, ...]} plus the run's settings, "one_way", "per_direction" and
// "histogram" (docs/NETWORK.md).
void printJson(std::ostream& out, const MeasureRunInfo& info, const MeasureRunResult& run);
// The histogram's fine buckets summed per power of two of nanoseconds, from the lowest that
// holds any to the highest (the empty ones between keep their place): a dozen bars, not hundreds.
struct PowerOfTwoCounts {
    std::uint64_t lowNs = 0;           // the first bar's lower bound (0, or a power of two)
    std::vector<std::uint64_t> counts; // bar i: [lowNs << i, lowNs << (i + 1)), or [0, 1) then [1, 2) .. from 0
    std::uint64_t barLowNs(std::size_t bar) const;
    std::uint64_t highNs() const { return barLowNs(counts.size()); }
};
PowerOfTwoCounts powerOfTwoCounts(const LatencyHistogram& histogram);
// The same as rows of text, each with a bar of at most `barWidth` characters.
std::vector<std::string> histogramRows(const LatencyHistogram& histogram, int barWidth);

} // namespace speed

#include "speed/measure/StreamRun.hpp"

namespace speed {

// What a stream run was asked, for the report's header and the JSON object.
struct StreamRunInfo {
    std::string target;
    double rateMbps = 0;
    double durationS = 0;
    int sizeBytes = 0;
    bool bidir = false;
};

void printStreamTable(std::ostream& out, const StreamRunInfo& info, const StreamRunResult& run);
void printStreamCsv(std::ostream& out, const StreamRunInfo& info, const StreamRunResult& run);
// One JSON object (keys in docs/NETWORK.md, "Stream mode").
void printStreamJson(std::ostream& out, const StreamRunInfo& info, const StreamRunResult& run);

} // namespace speed
