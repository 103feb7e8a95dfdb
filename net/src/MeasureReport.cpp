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

nlohmann::json delayJson(const DelayStats& d) {
    return {{"min", rounded(d.minUs)}, {"p50", rounded(d.p50Us)}, {"p99", rounded(d.p99Us)}, {"max", rounded(d.maxUs)}};
}

std::string oneWayText(const OneWaySummary& w) {
    char text[512];
    const double epsilon = w.offset.epsilonNs / 1000.0;
    if (w.sameClock) {
        std::snprintf(text, sizeof text,
                      "one-way delay (%d stamped echoes; both sides read one clock: exact): up p50 %.1f us (min %.1f), "
                      "down p50 %.1f us (min %.1f); the far side held each probe p50 %.1f us\n",
                      w.up.count, w.up.p50Us, w.up.minUs, w.down.p50Us, w.down.minUs, w.held.p50Us);
    } else {
        std::snprintf(text, sizeof text,
                      "one-way delay (%d stamped echoes; far clock %+.1f us +/- %.1f us from this one, by the least "
                      "delayed recent exchange): up p50 %.1f +/- %.1f us, down p50 %.1f +/- %.1f us; the far side held "
                      "each probe p50 %.1f us\n",
                      w.up.count, w.offset.offsetNs / 1000.0, epsilon, w.up.p50Us, epsilon, w.down.p50Us, epsilon,
                      w.held.p50Us);
    }
    return text;
}

} // namespace

void printTable(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results,
                const std::optional<OneWaySummary>& oneWay) {
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
    if (oneWay) out << oneWayText(*oneWay);
}

void printCsv(std::ostream& out, const std::vector<RttSummary>& results) {
    out << "size,wire_bytes,sent,received,lost,min_us,p50_us,mean_us,p99_us,p999_us,max_us,jitter_us,"
           "jitter_mad_us,throughput_mbps,stamped,up_p50_us,down_p50_us,held_p50_us\n";
    for (const auto& r : results) {
        out << r.size << ',' << r.wireBytes << ',' << r.sent << ',' << r.received << ',' << r.lost << ','
            << rounded(r.minUs) << ',' << rounded(r.p50Us) << ',' << rounded(r.meanUs) << ','
            << rounded(r.p99Us) << ',' << rounded(r.p999Us) << ',' << rounded(r.maxUs) << ',' << rounded(r.jitterUs) << ','
            << rounded(r.jitterMadUs) << ',' << rounded(r.throughputMbps) << ',' << r.stamped << ','
            << rounded(r.upP50Us) << ',' << rounded(r.downP50Us) << ',' << rounded(r.heldP50Us) << '\n';
    }
}

void printJson(std::ostream& out, const MeasureRunInfo& run, const std::vector<RttSummary>& results,
               const std::optional<OneWaySummary>& oneWay) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : results) {
        nlohmann::json entry{{"size", r.size},
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
                        {"throughput_mbps", rounded(r.throughputMbps)}};
        entry["stamped"] = r.stamped;
        if (r.stamped > 0) {
            entry["one_way_us"] = {{"up_p50", rounded(r.upP50Us)}, {"down_p50", rounded(r.downP50Us)},
                                   {"held_p50", rounded(r.heldP50Us)}};
        }
        list.push_back(std::move(entry));
    }
    nlohmann::json report{{"target", run.target},     {"mode", run.mode},
                                {"count", run.count},       {"warmup", run.warmup},
                                {"interval_ms", run.intervalMs}, {"timeout_ms", run.timeoutMs},
                                {"reflector", run.reflectorWord.empty() ? "none" : run.reflectorWord},
                                {"results", list}};
    if (oneWay) {
        report["one_way"] = {{"clock", oneWay->sameClock ? "same" : "estimated"},
                             {"offset_us", rounded(oneWay->offset.offsetNs / 1000.0)},
                             {"epsilon_us", rounded(oneWay->offset.epsilonNs / 1000.0)},
                             {"samples", oneWay->up.count},
                             {"refused", oneWay->refused},
                             {"up_us", delayJson(oneWay->up)},
                             {"down_us", delayJson(oneWay->down)},
                             {"held_us", delayJson(oneWay->held)}};
    }
    out << report.dump() << '\n';
}

} // namespace speed
