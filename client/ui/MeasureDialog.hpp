#pragma once

#include "ui/MeasureJob.hpp"

#include <cstdint>
#include <string>

namespace speed::client::ui {

// Network measurement: mode, sizes, count and interval; Start runs on a worker thread
// (MeasureJob) with a progress bar and Cancel; then the results table, a plot of RTT per size
// and Export CSV. In a network match the target is the match's host; offline it can be typed.
class MeasureDialog {
public:
    // `defaultTarget`: what the target field starts with offline (setup.ini's peer:port).
    MeasureDialog(std::string defaultTarget, std::uint16_t defaultPort);

    void open() { m_open = true; }
    bool isOpen() const { return m_open; }
    bool running() const { return m_job.running(); }
    // Opens the dialog and starts at once (--measure-now); `matchTarget` as for draw().
    void startNow(const std::string& matchTarget);

    // `matchTarget`: the network match's measurement address, empty offline.
    void draw(const std::string& matchTarget);

private:
    MeasurePlan plan() const;
    std::string target(const std::string& matchTarget) const;
    void start(const std::string& matchTarget);
    void drawForm(const std::string& matchTarget);
    void drawProgress();
    void drawResults();
    void drawResultsTable(const MeasureOutcome& outcome);
    void exportCsv(const MeasureOutcome& outcome);
    void logWhenDone();

    MeasureJob m_job;
    std::string m_typedTarget;
    std::uint16_t m_defaultPort;
    int m_mode = 0; // 0 pow2, 1 fixed
    MeasurePlan m_plan;
    std::string m_formError;
    std::string m_exportMessage;
    bool m_exportFailed = false;
    MeasureStatus m_loggedStatus = MeasureStatus::Idle;
    bool m_open = false;
};

} // namespace speed::client::ui
