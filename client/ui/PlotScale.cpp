#include "ui/PlotScale.hpp"

#include <fmt/format.h>

#include <cmath>

namespace speed::client::ui {

LogAxis logAxis(double minValue, double maxValue) {
    LogAxis axis;
    if (!(minValue > 0) || !std::isfinite(minValue)) minValue = 1;
    if (!(maxValue > minValue) || !std::isfinite(maxValue)) maxValue = minValue;
    const double lowDecade = std::floor(std::log10(minValue) + 1e-9);
    double highDecade = std::ceil(std::log10(maxValue) - 1e-9);
    if (highDecade <= lowDecade) highDecade = lowDecade + 1;
    axis.bottom = std::pow(10.0, lowDecade);
    axis.top = std::pow(10.0, highDecade);
    const bool fewDecades = highDecade - lowDecade <= 2;
    for (double decade = lowDecade; decade <= highDecade; decade += 1) {
        const double base = std::pow(10.0, decade);
        axis.ticks.push_back(base);
        if (!fewDecades || decade == highDecade) continue;
        axis.ticks.push_back(base * 2);
        axis.ticks.push_back(base * 5);
    }
    return axis;
}

double LogAxis::fraction(double value) const {
    if (!(value > bottom)) return 0;
    if (value >= top) return 1;
    return std::log10(value / bottom) / std::log10(top / bottom);
}

std::string sizeLabel(int bytes) {
    if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{}k", bytes / 1024);
    return std::to_string(bytes);
}

std::string microsecondsLabel(double us) {
    if (us >= 10000 || (us >= 1000 && std::fmod(us, 1000) == 0)) return fmt::format("{:.0f}k", us / 1000);
    if (us >= 1000) return fmt::format("{:.1f}k", us / 1000);
    if (us >= 10 || us == 0) return fmt::format("{:.0f}", us);
    return fmt::format("{:.1f}", us);
}

} // namespace speed::client::ui
