#include "speed/measure/MeasureReport.hpp"

#include "ReportRounding.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>

namespace speed {
namespace {

// Microseconds to two decimals: enough for loopback, and stable in JSON.
using detail::rounded;

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
    out << "  size  from_intended:  p50_us    p99_us  p99.9_us |  kernel_rtt:  p50_us    p99_us  p99.9_us |"
           "  wake-up:  p50_us    p99_us\n";
    for (const auto& r : results) {
        char row[256];
        std::snprintf(row, sizeof row, "%6d %24.1f %9.1f %9.1f | %19.1f %9.1f %9.1f | %16.1f %9.1f\n", r.size,
                      r.intendedP50Us, r.intendedP99Us, r.intendedP999Us, r.kernelP50Us, r.kernelP99Us, r.kernelP999Us,
                      r.wakeupP50Us, r.wakeupP99Us);
        out << row;
    }
    out << "(from_intended: counted from when each probe was due, so a late send counts (equal to the RTT back to "
           "back); kernel_rtt: to the kernel's receive timestamp; wake-up: from that to this program's receive)\n";
    if (const LineFit fit = fitCostPerByte(results); fit.points >= 2) {
        char line[200];
        std::snprintf(line, sizeof line, "fit over %d sizes: RTT p50 = %.2f us + %.4f ns/B x bytes (R^2 %.4f)\n",
                      fit.points, fit.fixedUs, fit.nsPerByte, fit.r2);
        out << line;
    }
    if (oneWay) out << oneWayText(*oneWay);
}

void printCsv(std::ostream& out, const std::vector<RttSummary>& results) {
    out << "size,wire_bytes,sent,received,lost,min_us,p50_us,mean_us,p99_us,p999_us,max_us,jitter_us,"
           "jitter_mad_us,throughput_mbps,stamped,up_p50_us,down_p50_us,held_p50_us,intended_p50_us,"
           "intended_p99_us,intended_p999_us,intended_max_us,kernel_rtt_min_us,kernel_rtt_p50_us,kernel_rtt_p99_us,"
           "kernel_rtt_p999_us,wakeup_p50_us,wakeup_p99_us,wakeup_max_us,fit_fixed_us,fit_ns_per_byte,fit_r2\n";
    const LineFit fit = fitCostPerByte(results);
    for (const auto& r : results) {
        out << r.size << ',' << r.wireBytes << ',' << r.sent << ',' << r.received << ',' << r.lost << ','
            << rounded(r.minUs) << ',' << rounded(r.p50Us) << ',' << rounded(r.meanUs) << ','
            << rounded(r.p99Us) << ',' << rounded(r.p999Us) << ',' << rounded(r.maxUs) << ',' << rounded(r.jitterUs) << ','
            << rounded(r.jitterMadUs) << ',' << rounded(r.throughputMbps) << ',' << r.stamped << ','
            << rounded(r.upP50Us) << ',' << rounded(r.downP50Us) << ',' << rounded(r.heldP50Us) << ','
            << rounded(r.intendedP50Us) << ',' << rounded(r.intendedP99Us) << ',' << rounded(r.intendedP999Us) << ','
            << rounded(r.intendedMaxUs) << ',' << rounded(r.kernelMinUs) << ',' << rounded(r.kernelP50Us) << ','
            << rounded(r.kernelP99Us) << ',' << rounded(r.kernelP999Us) << ',' << rounded(r.wakeupP50Us) << ','
            << rounded(r.wakeupP99Us) << ',' << rounded(r.wakeupMaxUs) << ',';
        // The run's fitted line, the same on every row (empty without one).
        if (fit.points >= 2) out << rounded(fit.fixedUs) << ',' << std::round(fit.nsPerByte * 10000) / 10000 << ','
                                 << std::round(fit.r2 * 10000) / 10000;
        else out << ",,";
        out << '\n';
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
        entry["rtt_from_intended_us"] = {{"p50", rounded(r.intendedP50Us)}, {"p99", rounded(r.intendedP99Us)},
                                         {"p99.9", rounded(r.intendedP999Us)}, {"max", rounded(r.intendedMaxUs)}};
        if (r.kernelCount > 0) {
            entry["kernel_rtt_us"] = {{"min", rounded(r.kernelMinUs)}, {"p50", rounded(r.kernelP50Us)},
                                      {"p99", rounded(r.kernelP99Us)}, {"p99.9", rounded(r.kernelP999Us)}};
            entry["wakeup_us"] = {{"p50", rounded(r.wakeupP50Us)}, {"p99", rounded(r.wakeupP99Us)},
                                  {"max", rounded(r.wakeupMaxUs)}};
        }
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
    if (const LineFit fit = fitCostPerByte(results); fit.points >= 2) {
        report["fit"] = {{"points", fit.points},
                         {"fixed_us", rounded(fit.fixedUs)},
                         {"ns_per_byte", std::round(fit.nsPerByte * 10000) / 10000},
                         {"r2", std::round(fit.r2 * 10000) / 10000}};
    }
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
