#include "speed/net/MeasureReport.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>

namespace speed {
namespace {

// Microseconds to two decimals: enough for loopback, and stable in JSON.
double rounded(double value) { return std::round(value * 100.0) / 100.0; }

std::string formatRow(const RttSummary& r) {
    char row[256];
    std::snprintf(row, sizeof row, "%6d %6d %6d %6d %5d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.2f",
                  r.size, r.wireBytes, r.sent, r.received, r.lost, r.minUs, r.p50Us, r.meanUs, r.p99Us,
                  r.p999Us, r.maxUs, r.jitterUs, r.jitterMadUs, r.throughputMbps);
    return row;
}

} // namespace

void printTable(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results) {
    out << "speed-measure " << run.target << ", mode " << run.mode << ", " << run.count
        << (run.mode == "pow2" ? " sets" : " probes") << ", "
        << (run.intervalMs > 0 ? "one probe every " + std::to_string(run.intervalMs) + " ms" : "back to back")
        << ", " << run.warmup << " warm-up probes not counted, lost after " << run.timeoutMs << " ms\n";
    if (!run.reflector.empty()) out << "answered by " << run.reflector << '\n';
    out << "  size   wire   sent   recv  lost    min_us    p50_us   mean_us    p99_us  p99.9_us    max_us"
           " jitter_us    mad_us    Mbit/s\n";
    for (const auto& result : results) out << formatRow(result) << '\n';
    out << "(size: bytes asked for; wire: bytes sent per probe; jitter: RFC 3550 smoothed; mad: mean "
           "absolute difference of consecutive RTTs; Mbit/s: bits echoed back per microsecond of RTT)\n";
}

void printCsv(std::ostream& out, const std::vector<RttSummary>& results) {
    out << "size,wire_bytes,sent,received,lost,min_us,p50_us,mean_us,p99_us,p999_us,max_us,jitter_us,"
           "jitter_mad_us,throughput_mbps\n";
    for (const auto& r : results) {
        out << r.size << ',' << r.wireBytes << ',' << r.sent << ',' << r.received << ',' << r.lost << ','
            << rounded(r.minUs) << ',' << rounded(r.p50Us) << ',' << rounded(r.meanUs) << ','
            << rounded(r.p99Us) << ',' << rounded(r.p999Us) << ',' << rounded(r.maxUs) << ',' << rounded(r.jitterUs) << ','
            << rounded(r.jitterMadUs) << ',' << rounded(r.throughputMbps) << '\n';
    }
}

void printJson(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : results) {
        list.push_back({{"size", r.size},
                        {"wire_bytes", r.wireBytes},
                        {"sent", r.sent},
                        {"received", r.received},
                        {"lost", r.lost},
                        {"rtt_us",
                         {{"min", rounded(r.minUs)},
                          {"p50", rounded(r.p50Us)},
                          {"mean", rounded(r.meanUs)},
                          {"p99", rounded(r.p99Us)},
                          {"p99.9", rounded(r.p999Us)},
                          {"max", rounded(r.maxUs)}}},
                        {"jitter_us", rounded(r.jitterUs)},
                        {"jitter_mad_us", rounded(r.jitterMadUs)},
                        {"throughput_mbps", rounded(r.throughputMbps)}});
    }
    const nlohmann::json report{{"target", run.target},     {"mode", run.mode},
                                {"count", run.count},       {"warmup", run.warmup},
                                {"interval_ms", run.intervalMs}, {"timeout_ms", run.timeoutMs},
                                {"reflector", run.reflectorWord.empty() ? "none" : run.reflectorWord},
                                {"results", list}};
    out << report.dump() << '\n';
}

} // namespace speed
