#include "ui/MeasureDialog.hpp"

#include "ui/ImGuiText.hpp"
#include "ui/RttPlot.hpp"

#include "speed/measure/MeasureReport.hpp"
#include "speed/store/XdgDirs.hpp"

#include "text/Words.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cfloat>
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
    if (!data.empty()) return (data / "measurements").string();
    std::error_code unknown; // a working folder that was deleted: "." all the same, never thrown
    const std::filesystem::path here = std::filesystem::current_path(unknown);
    return unknown ? std::string(".") : here.string();
}

std::string modeWord(const MeasurePlan& plan) { return plan.mode == MeasureMode::Fixed ? "fixed" : "pow2"; }

// A label shown in the window's language with an ID that stays the same in every language.
std::string label(const char* key, const char* id) { return fmt::format("{}###{}", tr(key), id); }

// A row of table cells, left to right.
template <std::size_t N>
void tableRow(const std::string (&cells)[N]) {
    ImGui::TableNextRow();
    for (const std::string& cell : cells) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(cell.c_str());
    }
}

// A table with a heading row: false when it is not shown (then nothing is to be ended).
template <std::size_t N>
bool beginTable(const char* id, const char* const (&columns)[N], ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg,
                ImVec2 size = ImVec2(0, 0)) {
    if (!ImGui::BeginTable(id, static_cast<int>(N), flags, size)) return false;
    if ((flags & ImGuiTableFlags_ScrollY) != 0) ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* column : columns) ImGui::TableSetupColumn(column);
    ImGui::TableHeadersRow();
    return true;
}

// "?" where the far side did not count.
template <typename T> std::string countedCell(bool counted, const T& value) {
    return counted ? fmt::format("{}", value) : std::string("?");
}

} // namespace

MeasureDialog::MeasureDialog(std::string defaultTarget, std::uint16_t defaultPort, std::string configPath)
    : m_typedTarget(std::move(defaultTarget)), m_defaultPort(defaultPort), m_configPath(std::move(configPath)),
      m_exportFolder(defaultExportFolder()) {}

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
    m_stream.rateMbps = static_cast<double>(m_streamRate);
    m_stream.durationS = static_cast<double>(m_streamDuration);
    m_formError = m_mode == 2 ? planProblem(m_stream, minimumStreamBytes()) : planProblem(plan());
    if (!m_formError.empty()) return;
    m_exportPath.clear();
    m_exportProblem.clear();
    if (m_mode == 2) m_job.startStream(target(matchTarget), m_defaultPort, m_stream);
    else m_job.start(target(matchTarget), m_defaultPort, plan(), m_configPath);
}

void MeasureDialog::draw(const std::string& matchTarget, const std::optional<protocol::ClockOffset>& linkClock) {
    logWhenDone();
    if (!m_open) return;
    placeDialog(kMeasureDialogEm);
    const std::string title = label("measure.title", "measure_dialog");
    if (!ImGui::Begin(title.c_str(), &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    if (!matchTarget.empty()) drawLinkClock(linkClock);
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
        inputString(label("measure.target.field", "measure_target").c_str(), m_typedTarget);
    } else {
        plainText(trf("measure.target.match", matchTarget));
    }
    ImGui::RadioButton(label("measure.mode.pow2", "measure_pow2").c_str(), &m_mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton(label("measure.mode.fixed", "measure_fixed").c_str(), &m_mode, 1);
    ImGui::SameLine();
    ImGui::RadioButton(label("measure.mode.stream", "measure_stream").c_str(), &m_mode, 2);
    ImGui::SetNextItemWidth(em * 7);
    if (m_mode == 2) {
        ImGui::InputFloat("Mbit/s###measure_rate", &m_streamRate, 1.0f, 10.0f, "%.2f");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputFloat(label("measure.stream.seconds", "measure_duration").c_str(), &m_streamDuration, 1.0f, 5.0f, "%.1f");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputInt(label("measure.stream.bytes", "measure_stream_bytes").c_str(), &m_stream.sizeBytes, 100, 1000);
        ImGui::SameLine();
        ImGui::Checkbox(label("measure.stream.both_ways", "measure_both_ways").c_str(), &m_stream.bidir);
        m_stream.rateMbps = static_cast<double>(m_streamRate);
        m_stream.durationS = static_cast<double>(m_streamDuration);
        m_formError = planProblem(m_stream, minimumStreamBytes());
    } else {
        if (m_mode == 0) ImGui::InputInt(label("measure.probe.max_exponent", "measure_max_exponent").c_str(), &m_plan.maxExponent);
        else ImGui::InputInt(label("measure.probe.size", "measure_size").c_str(), &m_plan.size, 100, 1000);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputInt(label(m_mode == 0 ? "measure.probe.sets" : "measure.probe.probes", "measure_count").c_str(), &m_plan.count);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 7);
        ImGui::InputInt(label("measure.probe.interval", "measure_interval").c_str(), &m_plan.intervalMs, 10, 100);
        m_formError = planProblem(plan());
        if (m_plan.intervalMs < 0) m_formError = tr("measure.problem.negative_interval");
    }
    if (!m_formError.empty()) ImGui::TextColored(ImColor(kErrorColour), "%s", m_formError.c_str());
    const bool canStart = m_formError.empty() && !target(matchTarget).empty();
    if (!canStart) ImGui::BeginDisabled();
    if (ImGui::Button(label("measure.button.start", "measure_start").c_str())) start(matchTarget);
    if (!canStart) ImGui::EndDisabled();
    if (busy) ImGui::EndDisabled();
    ImGui::SameLine(); // beside the button, wrapped at the dialog's edge in either language
    wrappedDisabledText(trf("measure.form.note", m_plan.warmup, m_plan.timeoutMs));
}

void MeasureDialog::drawProgress() {
    const std::string overlay = m_mode == 2 ? trf("measure.progress.stream", 100 * m_job.progress())
                                            : trf("measure.progress.probes", m_job.probesDone(), m_job.probesTotal());
    const std::string cancel = label("common.cancel", "measure_cancel");
    // Room for the Cancel button beside the bar, however long its word.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float cancelWidth = ImGui::CalcTextSize(cancel.c_str(), nullptr, true).x + style.FramePadding.x * 2 + style.ItemSpacing.x;
    ImGui::ProgressBar(m_job.progress(), ImVec2(-std::max(ImGui::GetFontSize() * 6, cancelWidth), 0), overlay.c_str());
    ImGui::SameLine();
    if (ImGui::Button(cancel.c_str())) m_job.cancel();
    ImGui::TextDisabled("%s", trf("measure.progress.target", m_job.outcome().target).c_str());
}

void MeasureDialog::drawResults() {
    const MeasureOutcome outcome = m_job.outcome();
    if (outcome.status == MeasureStatus::Idle) {
        wrappedText(tr("measure.results.idle"));
        return;
    }
    const bool failed = outcome.status == MeasureStatus::Failed;
    ImGui::TextColored(ImColor(failed ? kErrorColour : kGoodColour), "%s",
                       trf("measure.results.status", statusText(outcome.status), outcome.target).c_str());
    if (failed) {
        wrappedText(failureText(outcome));
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
    drawDirections(outcome);
    const float exportRows = ImGui::GetFrameHeightWithSpacing() * 2;
    const float plotsHeight = std::max(ImGui::GetFontSize() * kMinPlotHeightEm,
                                       ImGui::GetContentRegionAvail().y - exportRows - ImGui::GetFrameHeightWithSpacing());
    // Two views of the round trips, a tab each: per size, and every one's distribution (first
    // when there is a single size, which the per-size plot shows as one column).
    if (outcome.probeRun.histogram.count() > 0 && ImGui::BeginTabBar("plots")) {
        const bool oneSize = outcome.results.size() == 1;
        const auto histogramTab = [&] {
            if (ImGui::BeginTabItem(label("measure.tab.histogram", "measure_tab_histogram").c_str())) {
                drawHistogram(outcome, plotsHeight);
                ImGui::EndTabItem();
            }
        };
        if (oneSize) histogramTab();
        if (ImGui::BeginTabItem(label("measure.tab.per_size", "measure_tab_per_size").c_str())) {
            drawRttPlot(outcome.results, plotsHeight, outcome.fit.points >= 2 ? &outcome.fit : nullptr);
            ImGui::EndTabItem();
        }
        if (!oneSize) histogramTab();
        if (ImGui::BeginTabItem(label("measure.tab.over_time", "measure_tab_over_time").c_str())) {
            const ProbeTimeline& t = outcome.timeline;
            drawTimeline(t.rttUs, t.upUs, t.downUs, {t.lost, t.lostUp, t.lostDown}, t.seconds, plotsHeight);
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    } else {
        drawRttPlot(outcome.results, plotsHeight, outcome.fit.points >= 2 ? &outcome.fit : nullptr);
    }
    drawExport(outcome);
}

// What the match's own traffic says of the other side's clock (the OKs' stamps).
void MeasureDialog::drawLinkClock(const std::optional<protocol::ClockOffset>& clock) {
    if (!clock) {
        ImGui::TextDisabled("%s", tr("measure.link_clock.none"));
        return;
    }
    wrappedText(trf("measure.link_clock.line", clock->offsetNs / 1e6, clock->epsilonNs / 1e6,
                    static_cast<double>(clock->delayNs) / 1e6, clock->samples));
}

void MeasureDialog::drawOneWay(const MeasureOutcome& outcome) {
    if (outcome.fit.points >= 2) {
        plainText(trf("measure.fit.line", outcome.fit.fixedUs, outcome.fit.nsPerByte, outcome.fit.r2, outcome.fit.points));
    }
    if (!outcome.oneWay) {
        ImGui::TextDisabled("%s", tr("measure.one_way.none"));
        return;
    }
    const OneWaySummary& w = *outcome.oneWay;
    if (w.sameClock) {
        plainText(trf("measure.one_way.same_clock", w.up.p50Us, w.down.p50Us, w.held.p50Us));
    } else {
        const double epsilon = w.offset.epsilonNs / 1000.0;
        plainText(trf("measure.one_way.two_clocks", w.up.p50Us, epsilon, w.down.p50Us, epsilon, w.offset.offsetNs / 1000.0,
                      w.held.p50Us));
    }
}

// Loss, duplicates, reordering and IPDV each way, when the far side stamped or counted the run.
void MeasureDialog::drawDirections(const MeasureOutcome& outcome) {
    if (outcome.probeRun.authenticated) plainText(trf("measure.authenticated", outcome.probeRun.unauthenticated));
    if (outcome.probeRun.late > 0) plainText(trf("measure.late.line", outcome.probeRun.late, outcome.plan.timeoutMs));
    if (!outcome.probeRun.up || !outcome.probeRun.down) return;
    const char* const columns[] = {"",
                                   tr("measure.stream.column.sent"),
                                   tr("measure.stream.column.received"),
                                   tr("measure.stream.column.lost"),
                                   tr("measure.stream.column.loss"),
                                   tr("measure.stream.column.duplicates"),
                                   tr("measure.stream.column.reordered"),
                                   tr("measure.direction.column.ipdv_p50"),
                                   tr("measure.direction.column.ipdv_p99")};
    if (!beginTable("directions", columns)) return;
    const auto row = [](const char* name, const DirectionCounts& d) {
        const std::string cells[] = {name,
                                     countedCell(d.counted, d.sent),
                                     countedCell(d.counted, d.received),
                                     countedCell(d.counted, d.lost),
                                     countedCell(d.counted, fmt::format("{:.2f}", d.sent ? 100.0 * d.lost / d.sent : 0.0)),
                                     countedCell(d.counted, d.duplicates),
                                     countedCell(d.counted, d.reordered),
                                     fmt::format("{:.1f}", d.ipdv.p50Us),
                                     fmt::format("{:.1f}", d.ipdv.p99Us)};
        tableRow(cells);
    };
    row(tr("measure.stream.row.up"), *outcome.probeRun.up);
    row(tr("measure.stream.row.down"), *outcome.probeRun.down);
    ImGui::EndTable();
    if (!outcome.probeRun.up->counted) {
        ImGui::TextDisabled("%s", tr(outcome.probeRun.farReportAsked ? "measure.direction.no_report" : "measure.direction.not_counted"));
    }
}

// Every round trip's distribution: one bar per power of two of microseconds (HDR-style buckets
// summed), the percentiles to p99.9 above it.
void MeasureDialog::drawHistogram(const MeasureOutcome& outcome, float height) {
    const LatencyHistogram& h = outcome.probeRun.histogram;
    const auto us = [](std::uint64_t ns) { return static_cast<double>(ns) / 1000.0; };
    plainText(trf("measure.histogram.line", h.count(), us(h.percentileNs(50)), us(h.percentileNs(90)),
                  us(h.percentileNs(99)), us(h.percentileNs(99.9)), us(h.maxNs())));
    drawRttHistogram(h, height - ImGui::GetTextLineHeightWithSpacing());
}

void MeasureDialog::drawStreamResults(const MeasureOutcome& outcome) {
    const StreamRunResult& run = *outcome.stream;
    wrappedText(tr(run.counting == StreamCounting::OneWay ? "measure.stream.counted_far" : "measure.stream.counted_here"));
    plainText(trf(run.cancelled ? "measure.stream.sent_cancelled" : "measure.stream.sent", run.sentMbps, run.sendingSeconds));
    // The first column names the direction and has no heading.
    const char* const columns[] = {"",
                                   tr("measure.stream.column.sent"),
                                   tr("measure.stream.column.late"),
                                   tr("measure.stream.column.received"),
                                   tr("measure.stream.column.lost"),
                                   tr("measure.stream.column.loss"),
                                   tr("measure.stream.column.duplicates"),
                                   tr("measure.stream.column.reordered"),
                                   tr("measure.stream.column.goodput"),
                                   tr("measure.stream.column.jitter")};
    if (!beginTable("stream", columns)) return;
    const auto row = [](const char* name, const StreamDirection& d) {
        const std::string cells[] = {name, std::to_string(d.sent), std::to_string(d.late),
                                     countedCell(d.counted, d.received), countedCell(d.counted, d.lost),
                                     countedCell(d.counted, fmt::format("{:.2f}", d.lossPercent)),
                                     std::to_string(d.duplicates), std::to_string(d.reordered),
                                     fmt::format("{:.2f}", d.goodputMbps), fmt::format("{:.1f}", d.jitterUs)};
        tableRow(cells);
    };
    row(tr(run.counting == StreamCounting::RoundTrip ? "measure.stream.row.round_trip" : "measure.stream.row.up"), run.up);
    if (run.down) row(tr("measure.stream.row.down"), *run.down);
    ImGui::EndTable();
    if (run.counting == StreamCounting::RoundTrip && run.rtt.received > 0) {
        plainText(trf("measure.stream.rtt", run.rtt.p50Us, run.rtt.p99Us, run.rtt.maxUs));
    }
    if (run.counting == StreamCounting::OneWay && !run.reportReceived) {
        ImGui::TextColored(ImColor(kErrorColour), "%s", tr("measure.stream.no_report"));
    }
}

void MeasureDialog::drawExport(const MeasureOutcome& outcome) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24);
    inputString(label("measure.export.folder", "measure_export_folder").c_str(), m_exportFolder);
    if (ImGui::Button(label("measure.export.csv", "measure_export_csv").c_str())) exportTo(outcome, false);
    ImGui::SameLine();
    if (ImGui::Button(label("measure.export.json", "measure_export_json").c_str())) exportTo(outcome, true);
    std::string message;
    if (!m_exportProblem.empty()) message = trf("measure.export.folder_problem", m_exportProblem);
    else if (!m_exportPath.empty()) message = trf(m_exportFailed ? "measure.export.cannot_write" : "measure.export.wrote", m_exportPath);
    if (!message.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(ImColor(m_exportFailed ? kErrorColour : kGoodColour), "%s", message.c_str());
    }
}

void MeasureDialog::drawResultsTable(const MeasureOutcome& outcome) {
    const char* const columns[] = {tr("measure.table.size"), tr("measure.table.sent"), tr("measure.table.lost"),
                                   tr("measure.table.min"),  "p50",                    tr("measure.table.mean"),
                                   "p99",                    "p99.9",                  tr("measure.table.max"),
                                   tr("measure.table.jitter"), "Mbit/s"};
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                       ImGuiTableFlags_SizingStretchSame;
    const float rows = static_cast<float>(std::min(outcome.results.size(), kTableRowsShown) + 1);
    if (!beginTable("results", columns, kFlags, ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * (rows + 0.5f)))) return;
    for (const RttSummary& r : outcome.results) {
        const std::string cells[] = {std::to_string(r.size), std::to_string(r.sent), std::to_string(r.lost),
                                     fmt::format("{:.1f}", r.minUs), fmt::format("{:.1f}", r.p50Us), fmt::format("{:.1f}", r.meanUs),
                                     fmt::format("{:.1f}", r.p99Us), fmt::format("{:.1f}", r.p999Us),
                                     fmt::format("{:.1f}", r.maxUs), fmt::format("{:.1f}", r.jitterUs),
                                     fmt::format("{:.2f}", r.throughputMbps)};
        tableRow(cells);
    }
    ImGui::EndTable();
    ImGui::TextDisabled("%s", tr("measure.table.caption"));
}

// The same CSV and JSON as speed-measure's --csv and --json, into the export folder.
void MeasureDialog::exportTo(const MeasureOutcome& outcome, bool json) {
    const std::filesystem::path folder = std::filesystem::absolute(m_exportFolder.empty() ? "." : m_exportFolder);
    m_exportPath.clear();
    m_exportProblem = store::ensureDir(folder, "export folder").error;
    if (!m_exportProblem.empty()) {
        m_exportFailed = true;
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
        printJson(out, info, outcome.probeRun);
    } else {
        printCsv(out, outcome.results);
    }
    out.close();
    m_exportFailed = !out;
    m_exportPath = path.string();
    spdlog::info("measurement: {} {}", m_exportFailed ? "cannot write" : "wrote", m_exportPath);
}

} // namespace speed::client::ui
