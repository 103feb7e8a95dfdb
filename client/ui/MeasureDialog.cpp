#include "ui/MeasureDialog.hpp"

#include "ui/ImGuiText.hpp"
#include "ui/RttPlot.hpp"

#include "speed/net/MeasureReport.hpp"
#include "speed/store/XdgDirs.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace speed::client::ui {
namespace {

constexpr float kMinPlotHeightEm = 10.0f; // the plot takes the rest of the dialog, at least this
constexpr std::size_t kTableRowsShown = 11; // pow2 up to 2^10 without scrolling

std::string exportFileName(const char* extension) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
        std::chrono::system_clock::now().time_since_epoch()).count();
    return fmt::format("speed-measure-{}.{}", seconds, extension);
}

// The data folder's measurements/, or the working folder when there is no data folder.
std::string defaultExportFolder() {
    const std::filesystem::path data = store::dataDir();
    return data.empty() ? std::filesystem::current_path().string() : (data / "measurements").string();
}

std::string modeWord(const MeasurePlan& plan) { return plan.mode == MeasureMode::Fixed ? "fixed" : "pow2"; }

} // namespace

MeasureDialog::MeasureDialog(std::string defaultTarget, std::uint16_t defaultPort)
    : m_typedTarget(std::move(defaultTarget)), m_defaultPort(defaultPort), m_exportFolder(defaultExportFolder()) {}

MeasurePlan MeasureDialog::plan() const {
    MeasurePlan plan = m_plan;
    plan.mode = m_mode == 0 ? MeasureMode::Pow2 : MeasureMode::Fixed;
    return plan;
}

std::string MeasureDialog::target(const std::string& matchTarget) const {
    return matchTarget.empty() ? m_typedTarget : matchTarget;
}

void MeasureDialog::startNow(const std::string& matchTarget) {
    m_open = true;
    start(matchTarget);
}

void MeasureDialog::start(const std::string& matchTarget) {
    m_stream.rateMbps = m_streamRate;
    m_stream.durationS = m_streamDuration;
    m_formError = m_mode == 2 ? validate(m_stream, minimumStreamBytes()) : validate(plan());
    if (!m_formError.empty()) return;
    m_exportMessage.clear();
    if (m_mode == 2) m_job.startStream(target(matchTarget), m_defaultPort, m_stream);
    else m_job.start(target(matchTarget), m_defaultPort, plan());
}

void MeasureDialog::draw(const std::string& matchTarget) {
    logWhenDone();
    if (!m_open) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 20, ImGui::GetFontSize() * 52), std::min(display.y - 50, ImGui::GetFontSize() * 46)),
                             ImGuiCond_Appearing);
    if (!ImGui::Begin("Network measurement", &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    drawForm(matchTarget);
    ImGui::Separator();
    if (m_job.running()) drawProgress();
    else drawResults();
    ImGui::End();
}

// One log line per run, when it ends (the window tests wait on it).
void MeasureDialog::logWhenDone() {
    const MeasureStatus status = m_job.status();
    if (status == m_loggedStatus) return;
    m_loggedStatus = status;
    if (status == MeasureStatus::Running || status == MeasureStatus::Idle) return;
    const MeasureOutcome outcome = m_job.outcome();
    spdlog::info("measurement {}: {} sizes from {}{}", toString(status), outcome.results.size(), outcome.target,
                 status == MeasureStatus::Failed ? ": " + outcome.message : std::string{});
}

void MeasureDialog::drawForm(const std::string& matchTarget) {
    const bool busy = m_job.running();
    if (busy) ImGui::BeginDisabled();
    const float em = ImGui::GetFontSize();
    ImGui::SetNextItemWidth(em * 14);
    if (matchTarget.empty()) {
        inputString("target (host:port)", m_typedTarget);
    } else {
        ImGui::Text("target: %s (the match's host)", matchTarget.c_str());
    }
    ImGui::RadioButton("pow2: 1, 2, 4 .. 2^x bytes", &m_mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("fixed size", &m_mode, 1);
    ImGui::SameLine();
    ImGui::RadioButton("stream (like iperf3 -u)", &m_mode, 2);
    ImGui::SetNextItemWidth(em * 7);
    if (m_mode == 2) {
        ImGui::InputFloat("Mbit/s", &m_streamRate, 1.0f, 10.0f, "%.2f");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputFloat("seconds", &m_streamDuration, 1.0f, 5.0f, "%.1f");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputInt("bytes", &m_stream.sizeBytes, 100, 1000);
        ImGui::SameLine();
        ImGui::Checkbox("both ways", &m_stream.bidir);
        m_stream.rateMbps = m_streamRate;
        m_stream.durationS = m_streamDuration;
        m_formError = validate(m_stream, minimumStreamBytes());
    } else {
        if (m_mode == 0) ImGui::InputInt("max exponent x", &m_plan.maxExponent);
        else ImGui::InputInt("size (bytes)", &m_plan.size, 100, 1000);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputInt(m_mode == 0 ? "sets" : "probes", &m_plan.count);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputInt("interval (ms)", &m_plan.intervalMs, 10, 100);
        m_formError = validate(plan());
        if (m_plan.intervalMs < 0) m_formError = "the interval cannot be negative";
    }
    if (!m_formError.empty()) ImGui::TextColored(ImColor(kErrorColour), "%s", m_formError.c_str());
    const bool canStart = m_formError.empty() && !target(matchTarget).empty();
    if (!canStart) ImGui::BeginDisabled();
    if (ImGui::Button("Start")) start(matchTarget);
    if (!canStart) ImGui::EndDisabled();
    if (busy) ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("%d warm-up probes first, not counted; a probe is lost after %d ms", m_plan.warmup, m_plan.timeoutMs);
}

void MeasureDialog::drawProgress() {
    const std::string overlay = m_mode == 2 ? fmt::format("{:.0f}% of the stream sent", 100 * m_job.progress())
                                            : fmt::format("{} / {} probes", m_job.probesDone(), m_job.probesTotal());
    ImGui::ProgressBar(m_job.progress(), ImVec2(-ImGui::GetFontSize() * 6, 0), overlay.c_str());
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) m_job.cancel();
    ImGui::TextDisabled("measuring %s ...", m_job.outcome().target.c_str());
}

void MeasureDialog::drawResults() {
    const MeasureOutcome outcome = m_job.outcome();
    if (outcome.status == MeasureStatus::Idle) {
        ImGui::TextWrapped("Start sends probes to the host and times their echoes. "
                           "The host answers probes from any address, so this works during a match too.");
        return;
    }
    const bool failed = outcome.status == MeasureStatus::Failed;
    ImGui::TextColored(ImColor(failed ? kErrorColour : kGoodColour), "%s: %s", std::string(toString(outcome.status)).c_str(),
                       outcome.target.c_str());
    if (failed) {
        ImGui::TextWrapped("%s", outcome.message.c_str());
        return;
    }
    if (outcome.stream) {
        drawStreamResults(outcome);
        drawExport(outcome);
        return;
    }
    if (outcome.results.empty()) return;
    drawResultsTable(outcome);
    drawOneWay(outcome);
    const float exportRows = ImGui::GetFrameHeightWithSpacing() * 2;
    drawRttPlot(outcome.results, std::max(ImGui::GetFontSize() * kMinPlotHeightEm, ImGui::GetContentRegionAvail().y - exportRows),
                outcome.fit.points >= 2 ? &outcome.fit : nullptr);
    drawExport(outcome);
}

void MeasureDialog::drawOneWay(const MeasureOutcome& outcome) {
    if (outcome.fit.points >= 2) {
        ImGui::Text("fit: RTT p50 = %.2f \xC2\xB5s + %.4f ns/B x bytes (R\xC2\xB2 %.4f, %d sizes)", outcome.fit.fixedUs,
                    outcome.fit.nsPerByte, outcome.fit.r2, outcome.fit.points);
    }
    if (!outcome.oneWay) {
        ImGui::TextDisabled("one-way delay: the far side did not stamp its echoes (a plain echo, an older host, or "
                            "probes too small)");
        return;
    }
    const OneWaySummary& w = *outcome.oneWay;
    if (w.sameClock) {
        ImGui::Text("one-way delay (one clock, exact): up p50 %.1f \xC2\xB5s, down p50 %.1f \xC2\xB5s; the far side held "
                    "each probe p50 %.1f \xC2\xB5s",
                    w.up.p50Us, w.down.p50Us, w.held.p50Us);
    } else {
        const double epsilon = w.offset.epsilonNs / 1000.0;
        ImGui::Text("one-way delay: up p50 %.1f \xC2\xB1 %.1f \xC2\xB5s, down p50 %.1f \xC2\xB1 %.1f \xC2\xB5s "
                    "(far clock %+.1f \xC2\xB5s from this one); held p50 %.1f \xC2\xB5s",
                    w.up.p50Us, epsilon, w.down.p50Us, epsilon, w.offset.offsetNs / 1000.0, w.held.p50Us);
    }
}

void MeasureDialog::drawStreamResults(const MeasureOutcome& outcome) {
    const StreamRunResult& run = *outcome.stream;
    ImGui::TextWrapped("%s", run.counting == StreamCounting::OneWay
                                 ? "counted by the far side (one way)"
                                 : "echoed back and counted here: loss, reordering and jitter are of the way there and "
                                   "back together");
    ImGui::Text("sent %.2f Mbit/s over %.3f s%s", run.sentMbps, run.sendingSeconds,
                run.cancelled ? " (cancelled)" : "");
    constexpr const char* kColumns[] = {"", "sent", "late", "received", "lost", "loss %", "dup", "reordered",
                                        "goodput Mbit/s", "jitter \xC2\xB5s"};
    constexpr int kColumnCount = static_cast<int>(std::size(kColumns));
    if (!ImGui::BeginTable("stream", kColumnCount, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) return;
    for (const char* column : kColumns) ImGui::TableSetupColumn(column);
    ImGui::TableHeadersRow();
    const auto row = [](const char* name, const StreamDirection& d) {
        ImGui::TableNextRow();
        const std::string cells[] = {name, std::to_string(d.sent), std::to_string(d.late),
                                     d.counted ? std::to_string(d.received) : "?", d.counted ? std::to_string(d.lost) : "?",
                                     d.counted ? fmt::format("{:.2f}", d.lossPercent) : "?",
                                     std::to_string(d.duplicates), std::to_string(d.reordered),
                                     fmt::format("{:.2f}", d.goodputMbps), fmt::format("{:.1f}", d.jitterUs)};
        for (const std::string& cell : cells) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(cell.c_str());
        }
    };
    row(run.counting == StreamCounting::RoundTrip ? "round trip" : "up", run.up);
    if (run.down) row("down", *run.down);
    ImGui::EndTable();
    if (run.counting == StreamCounting::RoundTrip && run.rtt.received > 0) {
        ImGui::Text("round trip: p50 %.1f \xC2\xB5s, p99 %.1f \xC2\xB5s, max %.1f \xC2\xB5s", run.rtt.p50Us,
                    run.rtt.p99Us, run.rtt.maxUs);
    }
    if (run.counting == StreamCounting::OneWay && !run.reportReceived) {
        ImGui::TextColored(ImColor(kErrorColour), "the far side's counts did not arrive");
    }
}

void MeasureDialog::drawExport(const MeasureOutcome& outcome) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24);
    inputString("export folder", m_exportFolder);
    if (ImGui::Button("Export CSV")) exportTo(outcome, false);
    ImGui::SameLine();
    if (ImGui::Button("Export JSON")) exportTo(outcome, true);
    if (!m_exportMessage.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(ImColor(m_exportFailed ? kErrorColour : kGoodColour), "%s", m_exportMessage.c_str());
    }
}

void MeasureDialog::drawResultsTable(const MeasureOutcome& outcome) {
    constexpr const char* kColumns[] = {"size", "sent", "lost", "min", "p50", "mean", "p99", "p99.9", "max", "jitter", "Mbit/s"};
    constexpr int kColumnCount = static_cast<int>(std::size(kColumns));
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                       ImGuiTableFlags_SizingStretchSame;
    const float rows = static_cast<float>(std::min(outcome.results.size(), kTableRowsShown) + 1);
    if (!ImGui::BeginTable("results", kColumnCount, kFlags, ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * (rows + 0.5f)))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* column : kColumns) ImGui::TableSetupColumn(column);
    ImGui::TableHeadersRow();
    for (const RttSummary& r : outcome.results) {
        ImGui::TableNextRow();
        const std::string cells[] = {std::to_string(r.size), std::to_string(r.sent), std::to_string(r.lost),
                                     fmt::format("{:.1f}", r.minUs), fmt::format("{:.1f}", r.p50Us), fmt::format("{:.1f}", r.meanUs),
                                     fmt::format("{:.1f}", r.p99Us), fmt::format("{:.1f}", r.p999Us),
                                     fmt::format("{:.1f}", r.maxUs), fmt::format("{:.1f}", r.jitterUs),
                                     fmt::format("{:.2f}", r.throughputMbps)};
        for (const std::string& cell : cells) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(cell.c_str());
        }
    }
    ImGui::EndTable();
    ImGui::TextDisabled("times in \xC2\xB5s; jitter RFC 3550 smoothed; Mbit/s: bits echoed per \xC2\xB5s of RTT");
}

// The same CSV and JSON as speed-measure's --csv and --json, into the export folder.
void MeasureDialog::exportTo(const MeasureOutcome& outcome, bool json) {
    const std::filesystem::path folder = std::filesystem::absolute(m_exportFolder.empty() ? "." : m_exportFolder);
    if (const std::string problem = store::ensureDir(folder, "export folder"); !problem.empty()) {
        m_exportFailed = true;
        m_exportMessage = problem;
        return;
    }
    const std::filesystem::path path = folder / exportFileName(json ? "json" : "csv");
    std::ofstream out(path);
    if (outcome.stream) {
        const StreamPlan& plan = outcome.streamPlan.value_or(StreamPlan{});
        const StreamRunInfo info{outcome.target, plan.rateMbps, plan.durationS, plan.sizeBytes, plan.bidir};
        if (json) printStreamJson(out, info, *outcome.stream);
        else printStreamCsv(out, info, *outcome.stream);
    } else if (json) {
        const MeasureRunInfo info{outcome.target,       modeWord(outcome.plan), outcome.plan.count,
                                  outcome.plan.warmup,  outcome.plan.intervalMs, outcome.plan.timeoutMs, {}, {}};
        printJson(out, info, outcome.results, outcome.oneWay);
    } else {
        printCsv(out, outcome.results);
    }
    out.close();
    m_exportFailed = !out;
    m_exportMessage = m_exportFailed ? "cannot write " + path.string() : "wrote " + path.string();
    spdlog::info("measurement: {}", m_exportMessage);
}

} // namespace speed::client::ui
