#pragma once

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

// With a one-way summary, the table ends with the run's one-way delays.
void printTable(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results,
                const std::optional<OneWaySummary>& oneWay = std::nullopt);
void printCsv(std::ostream& out, const std::vector<RttSummary>& results);
// One JSON object: {"results":[{"size":..,"sent":..,"lost":..,"rtt_us":{..},"jitter_us":..,
// "throughput_mbps":..}, ...]} plus the run's settings and extra per-size keys.
// With a one-way summary, also "one_way": {...} (docs/NETWORK.md).
void printJson(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results,
               const std::optional<OneWaySummary>& oneWay = std::nullopt);

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
