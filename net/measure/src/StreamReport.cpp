#include "speed/measure/MeasureReport.hpp"

#include "ReportRounding.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>

namespace speed {
namespace {

using detail::rounded;

std::string countingText(const StreamRunResult& run) {
    switch (run.counting) {
    case StreamCounting::OneWay: return "counted by the far side (one way)";
    case StreamCounting::RoundTrip:
        return std::string("echoed back by ") + std::string(describe(run.reflector)) +
               " and counted here: loss, reordering and jitter are of the way there and back together";
    case StreamCounting::None: break;
    }
    return "not answered";
}

std::string directionRow(const char* name, const StreamDirection& d) {
    char row[256];
    if (!d.counted) {
        std::snprintf(row, sizeof row, "%-5s %8u %6u %s", name, d.sent, d.late, "   (not counted: no report from the far side)");
        return row;
    }
    std::snprintf(row, sizeof row, "%-5s %8u %6u %8u %8u %6.2f %6u %6u %10.2f %10.2f", name, d.sent, d.late, d.received,
                  d.lost, d.lossPercent, d.duplicates, d.reordered, d.goodputMbps, d.jitterUs);
    return row;
}

void csvRow(std::ostream& out, const char* name, const StreamDirection& d) {
    out << name << ',' << (d.counted ? 1 : 0) << ',' << d.sent << ',' << d.late << ',' << rounded(d.maxLateUs) << ','
        << d.received << ',' << d.lost << ',' << rounded(d.lossPercent) << ',' << d.duplicates << ',' << d.reordered
        << ',' << d.bytes << ',' << rounded(d.goodputMbps) << ',' << rounded(d.jitterUs) << '\n';
}

nlohmann::json directionJson(const StreamDirection& d) {
    return {{"counted", d.counted},     {"sent", d.sent},
            {"late", d.late},           {"max_late_us", rounded(d.maxLateUs)},
            {"slipped_ms", rounded(d.slippedMs)},
            {"received", d.received},   {"lost", d.lost},
            {"loss_percent", rounded(d.lossPercent)}, {"duplicates", d.duplicates},
            {"reordered", d.reordered}, {"bytes", d.bytes},
            {"goodput_mbps", rounded(d.goodputMbps)}, {"jitter_us", rounded(d.jitterUs)}};
}

} // namespace

void printStreamTable(std::ostream& out, const StreamRunInfo& info, const StreamRunResult& run) {
    char header[256];
    std::snprintf(header, sizeof header, "speed-measure %s, mode stream, %.2f Mbit/s for %.1f s, %d-byte datagrams%s\n",
                  info.target.c_str(), info.rateMbps, info.durationS, info.sizeBytes, info.bidir ? ", both ways" : "");
    out << header << "stream " << countingText(run) << '\n';
    if (run.grant && (run.grant->rateKbps != std::llround(info.rateMbps * 1000) ||
                      run.grant->durationMs != std::llround(info.durationS * 1000))) {
        out << "the far side granted " << run.grant->rateKbps / 1000.0 << " Mbit/s for " << run.grant->durationMs / 1000.0
            << " s\n";
    }
    char sent[160];
    std::snprintf(sent, sizeof sent, "sent %.2f Mbit/s over %.3f s\n", run.sentMbps, run.sendingSeconds);
    out << sent;
    if (run.stoppedShort) {
        char stopped[200];
        std::snprintf(stopped, sizeof stopped,
                      "sent %u of the %u datagrams planned: the rate is more than this machine sent, and the "
                      "stream stopped about on time\n",
                      run.up.sent, run.planned);
        out << stopped;
    } else if (run.up.slippedMs > 0) {
        char slipped[160];
        std::snprintf(slipped, sizeof slipped,
                      "the sender stalled: its schedule moved on by %.1f ms rather than send the backlog at once\n",
                      run.up.slippedMs);
        out << slipped;
    }
    out << "dir       sent   late     recv     lost  loss%    dup  reord  goodput_Mb  jitter_us\n";
    out << directionRow(run.counting == StreamCounting::RoundTrip ? "rtrip" : "up", run.up) << '\n';
    if (run.down) out << directionRow("down", *run.down) << '\n';
    if (run.counting == StreamCounting::RoundTrip && run.rtt.received > 0) {
        char rtt[200];
        std::snprintf(rtt, sizeof rtt, "round trip us: min %.1f p50 %.1f p99 %.1f p99.9 %.1f max %.1f\n", run.rtt.minUs,
                      run.rtt.p50Us, run.rtt.p99Us, run.rtt.p999Us, run.rtt.maxUs);
        out << rtt;
    }
    out << "(late: sends that left more than min(one interval, 1 ms) after their time; goodput: distinct bytes "
           "received over the sending time; jitter: RFC 3550)\n";
}

void printStreamCsv(std::ostream& out, const StreamRunInfo& info, const StreamRunResult& run) {
    (void)info;
    out << "direction,counted,sent,late,max_late_us,received,lost,loss_percent,duplicates,reordered,bytes,goodput_mbps,"
           "jitter_us\n";
    csvRow(out, run.counting == StreamCounting::RoundTrip ? "round_trip" : "up", run.up);
    if (run.down) csvRow(out, "down", *run.down);
}

void printStreamJson(std::ostream& out, const StreamRunInfo& info, const StreamRunResult& run) {
    nlohmann::json report{{"target", info.target},
                          {"mode", "stream"},
                          {"rate_mbps", info.rateMbps},
                          {"duration_s", info.durationS},
                          {"size", info.sizeBytes},
                          {"bidir", info.bidir},
                          {"counting", std::string(wordOf(run.counting))},
                          {"reflector", std::string(wordOf(run.reflector))},
                          {"report_received", run.reportReceived},
                          {"sending_s", rounded(run.sendingSeconds * 1000) / 1000},
                          {"sent_mbps", rounded(run.sentMbps)},
                          {"planned", run.planned},
                          {"stopped_short", run.stoppedShort},
                          {"authenticated", run.authenticated},
                          {"unauthenticated_answers", run.unauthenticated},
                          {"up", directionJson(run.up)}};
    if (run.grant) {
        report["granted"] = {{"rate_mbps", run.grant->rateKbps / 1000.0},
                             {"duration_s", run.grant->durationMs / 1000.0},
                             {"bidir", run.grant->back}};
    }
    if (run.down) report["down"] = directionJson(*run.down);
    if (run.counting == StreamCounting::RoundTrip) {
        report["rtt_us"] = {{"min", rounded(run.rtt.minUs)}, {"p50", rounded(run.rtt.p50Us)},
                            {"mean", rounded(run.rtt.meanUs)}, {"p99", rounded(run.rtt.p99Us)},
                            {"p99.9", rounded(run.rtt.p999Us)}, {"max", rounded(run.rtt.maxUs)}};
    }
    out << report.dump() << '\n';
}

} // namespace speed
