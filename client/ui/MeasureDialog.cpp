#include "ui/MeasureDialog.hpp"

#include "ui/ImGuiText.hpp"
#include "ui/RttPlot.hpp"

#include "speed/net/MeasureReport.hpp"

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

std::string csvFileName() {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
        std::chrono::system_clock::now().time_since_epoch()).count();
    return fmt::format("speed-measure-{}.csv", seconds);
}

} // namespace

MeasureDialog::MeasureDialog(std::string defaultTarget, std::uint16_t defaultPort)
    : m_typedTarget(std::move(defaultTarget)), m_defaultPort(defaultPort) {}

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
    m_formError = validate(plan());
    if (!m_formError.empty()) return;
    m_exportMessage.clear();
    m_job.start(target(matchTarget), m_defaultPort, plan());
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
    ImGui::SetNextItemWidth(em * 7);
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
    const std::string overlay = fmt::format("{} / {} probes", m_job.probesDone(), m_job.probesTotal());
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
    if (outcome.results.empty()) return;
    drawResultsTable(outcome);
    const float buttonRow = ImGui::GetFrameHeightWithSpacing();
    drawRttPlot(outcome.results, std::max(ImGui::GetFontSize() * kMinPlotHeightEm, ImGui::GetContentRegionAvail().y - buttonRow));
    if (ImGui::Button("Export CSV")) exportCsv(outcome);
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

void MeasureDialog::exportCsv(const MeasureOutcome& outcome) {
    const std::filesystem::path path = std::filesystem::absolute(csvFileName());
    std::ofstream out(path);
    printCsv(out, outcome.results);
    out.close();
    m_exportFailed = !out;
    m_exportMessage = m_exportFailed ? "cannot write " + path.string() : "wrote " + path.string();
    spdlog::info("measurement: {}", m_exportMessage);
}

} // namespace speed::client::ui
