#include "ui/RttPlot.hpp"
#include "ui/ImGuiText.hpp"

#include "ui/PlotScale.hpp"

#include "text/Words.hpp"

#include <imgui.h>

#include <algorithm>


namespace speed::client::ui {
namespace {

constexpr ImU32 kAxisColour = imColour(palette::kPlotAxis);
constexpr ImU32 kGridColour = imColour(palette::kPlotGrid);
constexpr ImU32 kRangeColour = imColour(palette::kPlotRange);
constexpr ImU32 kP99Colour = imColour(palette::kPlotP99);
constexpr ImU32 kMedianColour = imColour(palette::kPlotMedian);
constexpr ImU32 kMeanColour = imColour(palette::kPlotMean);

struct PlotFrame {
    ImVec2 origin; // bottom left of the plotting area
    float width = 0;
    float height = 0;
    LogAxis axis;
    float y(double us) const { return origin.y - static_cast<float>(axis.fraction(us)) * height; }
};

void drawValueAxis(ImDrawList& draw, const PlotFrame& frame) {
    const LogAxis& axis = frame.axis;
    const float labelHeight = ImGui::GetTextLineHeight();
    for (double tick : axis.ticks) {
        const float y = frame.y(tick);
        draw.AddLine(ImVec2(frame.origin.x, y), ImVec2(frame.origin.x + frame.width, y), kGridColour);
        const std::string label = microsecondsLabel(tick);
        const float labelWidth = ImGui::CalcTextSize(label.c_str()).x;
        draw.AddText(ImVec2(frame.origin.x - labelWidth - 6, y - labelHeight * 0.5f), kAxisColour, label.c_str());
    }
    draw.AddLine(ImVec2(frame.origin.x, frame.origin.y), ImVec2(frame.origin.x, frame.y(axis.top)), kAxisColour);
    draw.AddLine(frame.origin, ImVec2(frame.origin.x + frame.width, frame.origin.y), kAxisColour);
}

void drawLegend(ImDrawList& draw, ImVec2 at) {
    const float line = ImGui::GetTextLineHeight();
    const struct { ImU32 colour; const char* text; } items[] = {{kMedianColour, tr("measure.plot.median")},
                                                                {kMeanColour, tr("measure.plot.mean")},
                                                                {kP99Colour, tr("measure.plot.min_p99")},
                                                                {kRangeColour, tr("measure.plot.max")}};
    for (const auto& item : items) {
        draw.AddRectFilled(ImVec2(at.x, at.y + line * 0.3f), ImVec2(at.x + 10, at.y + line * 0.8f), item.colour);
        draw.AddText(ImVec2(at.x + 14, at.y), kAxisColour, item.text);
        at.x += 22 + ImGui::CalcTextSize(item.text).x;
    }
}

void drawColumn(ImDrawList& draw, const PlotFrame& frame, const RttSummary& result, float centreX, float columnWidth) {
    if (result.received == 0) {
        const char* lost = tr("measure.plot.lost");
        draw.AddText(ImVec2(centreX - ImGui::CalcTextSize(lost).x * 0.5f, frame.origin.y - ImGui::GetTextLineHeight() - 2),
                     kMeanColour, lost);
        return;
    }
    const float half = std::clamp(columnWidth * 0.18f, 2.0f, 10.0f);
    draw.AddRectFilled(ImVec2(centreX - 1, frame.y(result.maxUs)), ImVec2(centreX + 1, frame.y(result.minUs)), kRangeColour);
    draw.AddRectFilled(ImVec2(centreX - half, frame.y(result.p99Us)), ImVec2(centreX + half, frame.y(result.minUs)), kP99Colour);
    draw.AddLine(ImVec2(centreX - half - 3, frame.y(result.meanUs)), ImVec2(centreX + half + 3, frame.y(result.meanUs)), kMeanColour, 2);
    draw.AddCircleFilled(ImVec2(centreX, frame.y(result.p50Us)), 3.5f, kMedianColour);
}

} // namespace

void drawRttPlot(const std::vector<RttSummary>& results, float height, const LineFit* fit) {
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, 200.0f);
    ImGui::Dummy(ImVec2(width, height)); // reserve the space in the layout
    if (results.empty()) return;
    ImDrawList& draw = *ImGui::GetWindowDrawList();
    double lowest = 1e12;
    double highest = 0;
    for (const RttSummary& r : results) {
        if (r.received == 0) continue;
        lowest = std::min(lowest, r.minUs);
        highest = std::max(highest, r.maxUs);
    }
    const float leftMargin = ImGui::CalcTextSize("00.0k").x + 10;
    PlotFrame frame{ImVec2(start.x + leftMargin, start.y + height - line * 2.2f), width - leftMargin - 8,
                    height - line * 3.6f, logAxis(lowest, highest)};
    const char* title = tr("measure.plot.title"); // U+00B5 (µ): in the font's Latin-1 range
    draw.AddText(ImVec2(start.x, start.y), kAxisColour, title);
    // The legend right of the title, further right when the title is wider than usual.
    const float legendX = std::max(leftMargin + 60, ImGui::CalcTextSize(title).x + ImGui::GetFontSize());
    drawLegend(draw, ImVec2(start.x + legendX, start.y));
    drawValueAxis(draw, frame);
    const float columnWidth = frame.width / static_cast<float>(results.size());
    std::vector<ImVec2> medians;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const float centreX = frame.origin.x + columnWidth * (static_cast<float>(i) + 0.5f);
        drawColumn(draw, frame, results[i], centreX, columnWidth);
        if (results[i].received > 0) medians.emplace_back(centreX, frame.y(results[i].p50Us));
        const std::string label = sizeLabel(results[i].size);
        draw.AddText(ImVec2(centreX - ImGui::CalcTextSize(label.c_str()).x * 0.5f, frame.origin.y + 3), kAxisColour, label.c_str());
    }
    if (medians.size() > 1) draw.AddPolyline(medians.data(), static_cast<int>(medians.size()), kMedianColour, 0, 1.5f);
    if (fit != nullptr) {
        // The line's value at each size, joined in short dashes (a straight line in bytes is a
        // curve on these axes: sizes are spaced evenly, times logarithmically).
        std::vector<ImVec2> points;
        for (std::size_t i = 0; i < results.size(); ++i) {
            const double us = fit->fixedUs + fit->nsPerByte / 1000.0 * results[i].wireBytes;
            if (us <= 0) continue;
            points.emplace_back(frame.origin.x + columnWidth * (static_cast<float>(i) + 0.5f),
                                std::clamp(frame.y(us), frame.y(frame.axis.top), frame.origin.y));
        }
        for (std::size_t i = 1; i < points.size(); ++i) {
            const ImVec2 a = points[i - 1], b = points[i];
            for (float t = 0; t < 1.0f; t += 0.2f) {
                const float u = std::min(t + 0.1f, 1.0f);
                draw.AddLine(ImVec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t),
                             ImVec2(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u), kMeanColour, 1.5f);
            }
        }
        const std::string label = trf("measure.plot.fit", fit->fixedUs, fit->nsPerByte);
        draw.AddText(ImVec2(frame.origin.x + frame.width - ImGui::CalcTextSize(label.c_str()).x, start.y), kMeanColour,
                     label.c_str());
    }
    const char* caption = tr("measure.plot.caption");
    draw.AddText(ImVec2(frame.origin.x + (frame.width - ImGui::CalcTextSize(caption).x) * 0.5f, frame.origin.y + line + 4),
                 kAxisColour, caption);
}

} // namespace speed::client::ui
