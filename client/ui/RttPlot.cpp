#include "ui/RttPlot.hpp"
#include "ui/ImGuiText.hpp"

#include "ui/PlotScale.hpp"

#include "text/Words.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>


namespace speed::client::ui {
namespace {

constexpr ImU32 kAxisColour = imColour(palette::kPlotAxis);
constexpr ImU32 kGridColour = imColour(palette::kPlotGrid);
constexpr ImU32 kTextOnBarColour = imColour(palette::kPlotTextOnBar);
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

void drawRttHistogram(const LatencyHistogram& histogram, float height) {
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, 200.0f);
    ImGui::Dummy(ImVec2(width, height));
    const PowerOfTwoCounts bars = powerOfTwoCounts(histogram);
    if (bars.counts.empty()) return;
    ImDrawList& draw = *ImGui::GetWindowDrawList();
    const char* title = tr("measure.histogram.title");
    draw.AddText(start, kAxisColour, title);
    const float left = start.x + 4;
    const float barsWidth = width - 8;
    const ImVec2 origin(left, start.y + height - line * 2.4f); // bottom left of the bars
    const float barsHeight = height - line * 4.2f;
    const float columnWidth = barsWidth / static_cast<float>(bars.counts.size());
    const std::uint64_t most = *std::max_element(bars.counts.begin(), bars.counts.end());
    draw.AddLine(origin, ImVec2(origin.x + barsWidth, origin.y), kAxisColour);
    const auto us = [](std::uint64_t ns) { return static_cast<double>(ns) / 1000.0; };
    for (std::size_t bar = 0; bar < bars.counts.size(); ++bar) {
        const float x = origin.x + columnWidth * static_cast<float>(bar);
        const std::uint64_t count = bars.counts[bar];
        if (count > 0) {
            const float top = origin.y - std::max(1.0f, barsHeight * static_cast<float>(count) / static_cast<float>(most));
            draw.AddRectFilled(ImVec2(x + 2, top), ImVec2(x + columnWidth - 2, origin.y), kP99Colour);
            // The count above a short bar, inside a tall one (the percentiles' names go above the tallest).
            const std::string text = std::to_string(count);
            const float textY = origin.y - top > 2 * line ? top + 2 : top - line;
            draw.AddText(ImVec2(x + (columnWidth - ImGui::CalcTextSize(text.c_str()).x) * 0.5f, textY),
                         origin.y - top > 2 * line ? kTextOnBarColour : kAxisColour, text.c_str());
        }
        // The bar's lower bound under its left edge, every other bar when they are narrow.
        if (columnWidth > ImGui::CalcTextSize("000.0k").x || bar % 2 == 0) {
            const std::string label = microsecondsLabel(us(bars.barLowNs(bar)));
            draw.AddText(ImVec2(x, origin.y + 3), kAxisColour, label.c_str());
        }
    }
    // The percentiles where they fall: a bar's span is a power of two, so within it by log.
    const auto xOf = [&](double ns) {
        const double low = static_cast<double>(std::max<std::uint64_t>(bars.lowNs, 1));
        const double position = std::log2(std::max(ns, low) / low) + (bars.lowNs == 0 ? 1.0 : 0.0);
        return origin.x + columnWidth * static_cast<float>(std::min(position, static_cast<double>(bars.counts.size())));
    };
    const struct { double percent; ImU32 colour; const char* name; } marks[] = {
        {50, kMedianColour, "p50"}, {99, kMeanColour, "p99"}, {99.9, kRangeColour, "p99.9"}};
    float labelX = origin.x;
    for (const auto& mark : marks) {
        const float x = xOf(static_cast<double>(histogram.percentileNs(mark.percent)));
        draw.AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y - barsHeight), mark.colour, 2);
        labelX = std::max(labelX, x - ImGui::CalcTextSize(mark.name).x * 0.5f);
        draw.AddText(ImVec2(labelX, origin.y - barsHeight - line), mark.colour, mark.name);
        labelX += ImGui::CalcTextSize(mark.name).x + 4;
    }
}

void drawTimeline(const std::vector<float>& rttUs, const std::vector<float>& upUs, const std::vector<float>& downUs,
                  const TimelineLosses& losses, double seconds, float height) {
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, 200.0f);
    ImGui::Dummy(ImVec2(width, height));
    double lowest = 1e12, highest = 0;
    for (const auto* series : {&rttUs, &upUs, &downUs}) {
        for (const float value : *series) {
            if (std::isnan(value) || value <= 0) continue;
            lowest = std::min(lowest, static_cast<double>(value));
            highest = std::max(highest, static_cast<double>(value));
        }
    }
    if (highest <= 0 || rttUs.empty()) return;
    ImDrawList& draw = *ImGui::GetWindowDrawList();
    const float leftMargin = ImGui::CalcTextSize("00.0k").x + 10;
    PlotFrame frame{ImVec2(start.x + leftMargin, start.y + height - line * 2.2f), width - leftMargin - 8,
                    height - line * 3.6f, logAxis(lowest, highest)};
    const char* title = tr("measure.timeline.title");
    draw.AddText(start, kAxisColour, title);
    drawValueAxis(draw, frame);
    const float step = rttUs.size() > 1 ? frame.width / static_cast<float>(rttUs.size() - 1) : 0.0f;
    const struct { const std::vector<float>* series; ImU32 colour; const char* name; } lines[] = {
        {&rttUs, kP99Colour, tr("measure.timeline.rtt")},
        {&upUs, kMedianColour, tr("measure.timeline.up")},
        {&downUs, kMeanColour, tr("measure.timeline.down")}};
    float legendX = start.x + std::max(leftMargin + 60, ImGui::CalcTextSize(title).x + ImGui::GetFontSize());
    for (const auto& series : lines) {
        std::vector<ImVec2> points;
        const auto flush = [&] {
            if (points.size() > 1) draw.AddPolyline(points.data(), static_cast<int>(points.size()), series.colour, 0, 1.5f);
            else if (points.size() == 1) draw.AddCircleFilled(points.front(), 1.5f, series.colour);
            points.clear();
        };
        for (std::size_t i = 0; i < series.series->size(); ++i) {
            const float value = (*series.series)[i];
            if (std::isnan(value) || value <= 0) {
                flush();
                continue;
            }
            points.emplace_back(frame.origin.x + step * static_cast<float>(i), frame.y(value));
        }
        flush();
        draw.AddRectFilled(ImVec2(legendX, start.y + line * 0.3f), ImVec2(legendX + 10, start.y + line * 0.8f), series.colour);
        draw.AddText(ImVec2(legendX + 14, start.y), kAxisColour, series.name);
        legendX += 22 + ImGui::CalcTextSize(series.name).x;
    }
    // Lost probes: one mark a way, stacked from the foot (up, down, then not known).
    for (std::size_t i = 0; i < losses.lost.size(); ++i) {
        if (losses.lost[i] == 0) continue;
        const float x = frame.origin.x + step * static_cast<float>(i);
        const int unknown = losses.lost[i] - losses.up[i] - losses.down[i];
        float foot = frame.origin.y;
        for (const auto& [count, colour] : {std::pair{losses.up[i], kMedianColour}, std::pair{losses.down[i], kMeanColour},
                                            std::pair{unknown, kAxisColour}}) {
            if (count <= 0) continue;
            draw.AddLine(ImVec2(x, foot), ImVec2(x, foot - line * 0.5f), colour, 2);
            foot -= line * 0.5f;
        }
    }
    // Seconds under the axis: the start, the middle and the end.
    for (const double share : {0.0, 0.5, 1.0}) {
        char label[32];
        std::snprintf(label, sizeof label, "%.1f s", seconds * share);
        const float x = frame.origin.x + frame.width * static_cast<float>(share) - ImGui::CalcTextSize(label).x * static_cast<float>(share);
        draw.AddText(ImVec2(x, frame.origin.y + 3), kAxisColour, label);
    }
}

} // namespace speed::client::ui
