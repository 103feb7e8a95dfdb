#include "speed/common/RuleOptions.hpp"

namespace speed {

std::string validate(const RuleOptions& options) {
    if (options.jokers != 0 && options.jokers != 2) return "jokers must be 2 or 0";
    if (options.handSize < RuleOptions::kMinHandSize || options.handSize > RuleOptions::kMaxHandSize) {
        return "hand must be between 1 and 8";
    }
    return {};
}

std::string_view toString(DealMode mode) { return mode == DealMode::Shuffle ? "shuffle" : "colors"; }
std::string_view toString(RefillMode mode) { return mode == RefillMode::Manual ? "manual" : "auto"; }

std::string_view toString(Arbitration arbitration) {
    return arbitration == Arbitration::Fair ? "fair" : "first-arrival";
}

std::optional<Arbitration> parseArbitration(std::string_view text) {
    if (text == "fair") return Arbitration::Fair;
    if (text == "first-arrival") return Arbitration::FirstArrival;
    return std::nullopt;
}

std::optional<DealMode> parseDealMode(std::string_view text) {
    if (text == "shuffle") return DealMode::Shuffle;
    if (text == "colors") return DealMode::Colors;
    return std::nullopt;
}

std::optional<RefillMode> parseRefillMode(std::string_view text) {
    if (text == "manual") return RefillMode::Manual;
    if (text == "auto") return RefillMode::Auto;
    return std::nullopt;
}

} // namespace speed
