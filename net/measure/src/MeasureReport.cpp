#include "speed/measure/MeasureReport.hpp"

#include "ReportRounding.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
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


nlohmann::json directionJson(const DirectionCounts& d) {
    nlohmann::json line{{"ipdv_us", {{"count", d.ipdv.count}, {"p50", rounded(d.ipdv.p50Us)},
                                     {"p99", rounded(d.ipdv.p99Us)}, {"max", rounded(d.ipdv.maxUs)}}}};
    line["counted"] = d.counted;
    if (d.counted) {
        line["sent"] = d.sent;
        line["received"] = d.received;
        line["lost"] = d.lost;
        line["loss_percent"] = d.sent > 0 ? std::round(10000.0 * d.lost / d.sent) / 100 : 0.0;
        line["duplicates"] = d.duplicates;
        line["reordered"] = d.reordered;
    }
    return line;
}

std::string directionText(const char* name, const DirectionCounts& d) {
    char text[400];
    if (d.counted) {
        std::snprintf(text, sizeof text,
                      "%s sent %u, received %u, lost %u (%.2f%%), duplicates %u, reordered %u; IPDV p50 %.1f us, p99 %.1f "
                      "us, max %.1f us (%d pairs)\n",
                      name, d.sent, d.received, d.lost, d.sent > 0 ? 100.0 * d.lost / d.sent : 0.0, d.duplicates,
                      d.reordered, d.ipdv.p50Us, d.ipdv.p99Us, d.ipdv.maxUs, d.ipdv.count);
    } else {
        std::snprintf(text, sizeof text, "%s IPDV p50 %.1f us, p99 %.1f us, max %.1f us (%d pairs)\n", name,
                      d.ipdv.p50Us, d.ipdv.p99Us, d.ipdv.maxUs, d.ipdv.count);
    }
    return text;
}

constexpr double kHistogramPercents[] = {50, 90, 99, 99.9};

double us(std::uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

} // namespace

std::uint64_t PowerOfTwoCounts::barLowNs(std::size_t bar) const {
    if (lowNs == 0) return bar == 0 ? 0 : std::uint64_t{1} << (bar - 1);
    return lowNs << bar;
}

PowerOfTwoCounts powerOfTwoCounts(const LatencyHistogram& histogram) {
    PowerOfTwoCounts rows;
    const auto powerOf = [](std::uint64_t ns) { return ns == 0 ? 0 : static_cast<int>(std::bit_width(ns)); }; // 0; 1 for [1, 2); ..
    const std::vector<LatencyHistogram::Bucket> buckets = histogram.buckets();
    if (buckets.empty()) return rows;
    const int first = powerOf(buckets.front().lowNs);
    rows.lowNs = first == 0 ? 0 : std::uint64_t{1} << static_cast<unsigned>(first - 1);
    for (const LatencyHistogram::Bucket& bucket : buckets) {
        const auto bar = static_cast<std::size_t>(powerOf(bucket.lowNs) - first);
        if (bar >= rows.counts.size()) rows.counts.resize(bar + 1, 0);
        rows.counts[bar] += bucket.count;
    }
    return rows;
}

std::vector<std::string> histogramRows(const LatencyHistogram& histogram, int barWidth) {
    const PowerOfTwoCounts rows = powerOfTwoCounts(histogram);
    std::uint64_t most = 1;
    for (const std::uint64_t count : rows.counts) most = std::max(most, count);
    std::vector<std::string> text;
    for (std::size_t bar = 0; bar < rows.counts.size(); ++bar) {
        const std::uint64_t count = rows.counts[bar];
        const auto width = static_cast<std::size_t>(std::llround(static_cast<double>(count) * barWidth / static_cast<double>(most)));
        char line[200];
        std::snprintf(line, sizeof line, "%12.3f - %12.3f us %9llu %s", us(rows.barLowNs(bar)), us(rows.barLowNs(bar + 1)),
                      static_cast<unsigned long long>(count), std::string(count ? std::max<std::size_t>(width, 1) : 0, '#').c_str());
        text.emplace_back(line);
    }
    return text;
}

void printTable(std::ostream& out, const MeasureRunInfo& run, const MeasureRunResult& result) {
    const std::vector<RttSummary>& results = result.results;
    const std::optional<OneWaySummary>& oneWay = result.oneWay;
    out << "speed-measure " << run.target << ", mode " << run.mode << ", " << run.count
        << (run.mode == "pow2" ? " sets" : " probes") << ", "
        << (run.intervalMs > 0 ? "one probe every " + std::to_string(run.intervalMs) + " ms on a fixed schedule"
                               : "back to back")
        << ", " << run.warmup << " warm-up probes not counted, lost after " << run.timeoutMs << " ms\n";
    if (!run.reflector.empty()) out << "answered by " << run.reflector << '\n';
    if (result.authenticated) {
        out << "answers authenticated with setup.ini's password; " << result.unauthenticated
            << " without a valid tag were not counted\n";
    }
    out << "  size   wire   sent   recv  lost    min_us    p50_us   mean_us    p99_us  p99.9_us    max_us"
           " jitter_us    mad_us    Mbit/s\n";
    for (const auto& r : results) out << formatRow(r) << '\n';
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
    if (result.late > 0 || result.openLoop) {
        out << "late: " << result.late << " answers came after the " << run.timeoutMs
            << " ms timeout (counted as received, not lost)\n";
    }
    if (result.up && result.down) {
        out << directionText("up (here -> far side):  ", *result.up) << directionText("down (far side -> here):", *result.down);
        if (!result.up->counted) {
            out << (result.farReportAsked ? "(the far side's counts of the run did not arrive: loss per direction unknown)\n"
                                          : "(loss, duplicates and reordering per direction need a speed-measure --serve on "
                                            "the far side)\n");
        }
    }
    if (result.histogram.count() > 0) {
        const LatencyHistogram& h = result.histogram;
        out << "round trips, " << h.count() << " answers (to 1/64 of each value):";
        for (const double percent : kHistogramPercents) {
            char part[64];
            std::snprintf(part, sizeof part, " p%g %.1f us", percent, us(h.percentileNs(percent)));
            out << part;
        }
        out << '\n';
        for (const std::string& row : histogramRows(h, 40)) out << row << '\n';
    }
}

void printCsv(std::ostream& out, const std::vector<RttSummary>& results) {
    out << "size,wire_bytes,sent,received,lost,min_us,p50_us,mean_us,p99_us,p999_us,max_us,jitter_us,"
           "jitter_mad_us,throughput_mbps,stamped,up_p50_us,down_p50_us,held_p50_us,intended_p50_us,"
           "intended_p99_us,intended_p999_us,intended_max_us,kernel_rtt_min_us,kernel_rtt_p50_us,kernel_rtt_p99_us,"
           "kernel_rtt_p999_us,wakeup_p50_us,wakeup_p99_us,wakeup_max_us,fit_fixed_us,fit_ns_per_byte,fit_r2,late\n";
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
        out << ',' << r.late << '\n';
    }
}

void printJson(std::ostream& out, const MeasureRunInfo& run, const MeasureRunResult& result) {
    const std::vector<RttSummary>& results = result.results;
    const std::optional<OneWaySummary>& oneWay = result.oneWay;
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : results) {
        nlohmann::json entry{{"size", r.size},
                        {"wire_bytes", r.wireBytes},
                        {"sent", r.sent},
                        {"received", r.received},
                        {"lost", r.lost},
                        {"late", r.late},
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
    report["authenticated"] = result.authenticated;
    report["unauthenticated_answers"] = result.unauthenticated;
    report["open_loop"] = result.openLoop;
    report["late"] = result.late;
    if (result.up && result.down) {
        report["per_direction"] = {{"up", directionJson(*result.up)}, {"down", directionJson(*result.down)}};
    }
    if (result.histogram.count() > 0) {
        const LatencyHistogram& h = result.histogram;
        nlohmann::json percentiles;
        for (const double percent : kHistogramPercents) {
            char key[16];
            std::snprintf(key, sizeof key, "p%g", percent);
            percentiles[key] = rounded(us(h.percentileNs(percent)));
        }
        nlohmann::json buckets = nlohmann::json::array();
        for (const LatencyHistogram::Bucket& b : h.buckets()) {
            buckets.push_back({std::round(us(b.lowNs) * 1000) / 1000, std::round(us(b.highNs + 1) * 1000) / 1000, b.count});
        }
        report["histogram"] = {{"of", "rtt_us"},
                               {"count", h.count()},
                               {"min", rounded(us(h.minNs()))},
                               {"mean", rounded(h.meanNs() / 1000.0)},
                               {"max", rounded(us(h.maxNs()))},
                               {"percentiles", percentiles},
                               {"buckets", buckets}};
    }
    out << report.dump() << '\n';
}

} // namespace speed
