#pragma once

#include "ui/MeasureJob.hpp"

#include "speed/protocol/ClockOffset.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace speed::client::ui {

// Network measurement: mode (pow2, fixed or stream), sizes, count and interval, or a stream's
// rate, duration and size; Start runs on a worker thread (MeasureJob) with a progress bar and
// Cancel; then the results table, the one-way delays when the far side stamped its echoes, a plot
// of RTT per size with the fitted line (fixed cost + cost per byte), or a stream's table per
// direction; Export CSV and Export JSON write into a folder (by default the XDG data folder's
// measurements/) and show the path. In a network match the target is the match's host; offline
// it can be typed.
class MeasureDialog {
public:
    // `defaultTarget`: what the target field starts with offline (setup.ini's peer:port).
    // configPath: the setup.ini whose password signs the probes (empty: none).
    MeasureDialog(std::string defaultTarget, std::uint16_t defaultPort, std::string configPath = {});

    void open() { m_open = true; }
    bool isOpen() const { return m_open; }
    void close() { m_open = false; }
    bool running() const { return m_job.running(); }
    // Opens the dialog and starts at once (--measure-now); `matchTarget` as for draw().
    void startNow(const std::string& matchTarget);

    // `matchTarget`: the network match's measurement address, empty offline.
    // `linkClock`: the running match's own estimate of the other side's clock, shown above the form.
    void draw(const std::string& matchTarget, const std::optional<protocol::ClockOffset>& linkClock = std::nullopt);

private:
    MeasurePlan plan() const;
    std::string target(const std::string& matchTarget) const;
    void start(const std::string& matchTarget);
    void drawForm(const std::string& matchTarget);
    void drawLinkClock(const std::optional<protocol::ClockOffset>& clock);
    void drawProgress();
    void drawResults();
    void drawResultsTable(const MeasureOutcome& outcome);
    void drawOneWay(const MeasureOutcome& outcome);
    void drawDirections(const MeasureOutcome& outcome);
    void drawHistogram(const MeasureOutcome& outcome, float height);
    void drawStreamResults(const MeasureOutcome& outcome);
    void drawExport(const MeasureOutcome& outcome);
    void exportTo(const MeasureOutcome& outcome, bool json);
    void logWhenDone();

    MeasureJob m_job;
    std::string m_typedTarget;
    std::uint16_t m_defaultPort;
    std::string m_configPath;
    int m_mode = 0; // 0 pow2, 1 fixed, 2 stream
    MeasurePlan m_plan;
    StreamPlan m_stream;
    float m_streamRate = 10.0f;     // the form's fields (ImGui edits floats)
    float m_streamDuration = 5.0f;
    std::string m_exportFolder;     // where Export writes; starts as the data folder's measurements/
    std::string m_formError;
    std::string m_exportPath;    // the file the last export wrote, or could not write
    std::string m_exportProblem; // why the last export could not make its folder (the store's words)
    bool m_exportFailed = false;
    MeasureStatus m_loggedStatus = MeasureStatus::Idle;
    bool m_open = false;
};

} // namespace speed::client::ui
