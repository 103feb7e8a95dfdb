#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace speed {

enum class DealMode { Shuffle, Colors };
enum class RefillMode { Manual, Auto };

// The [rules] section of setup.ini (docs/RULES.md).
struct RuleOptions {
    static constexpr int kMinHandSize = 1;
    static constexpr int kMaxHandSize = 8;

    int jokers = 2;                        // 2 or 0
    DealMode deal = DealMode::Shuffle;     // colors: one side all red, the other all black
    int handSize = 4;                      // 1..8 face-up hand slots
    RefillMode refill = RefillMode::Manual; // auto: a played slot refills itself from the deck

    int cardsInPlay() const { return 52 + jokers; }
    int deckSizePerSeat() const { return cardsInPlay() / 2; }
    friend bool operator==(const RuleOptions&, const RuleOptions&) = default;
};

// Empty string when the options are playable, else what is wrong with them.
std::string validate(const RuleOptions& options);

std::string_view toString(DealMode mode);
std::string_view toString(RefillMode mode);
std::optional<DealMode> parseDealMode(std::string_view text);
std::optional<RefillMode> parseRefillMode(std::string_view text);

} // namespace speed
