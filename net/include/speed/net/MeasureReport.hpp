#pragma once

#include "speed/net/RttStats.hpp"

#include <iosfwd>
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

void printTable(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results);
void printCsv(std::ostream& out, const std::vector<RttSummary>& results);
// One JSON object: {"results":[{"size":..,"sent":..,"lost":..,"rtt_us":{..},"jitter_us":..,
// "throughput_mbps":..}, ...]} plus the run's settings and extra per-size keys.
void printJson(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results);

} // namespace speed

#include "speed/net/StreamRun.hpp"

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
