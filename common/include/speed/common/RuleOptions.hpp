#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace speed {

enum class DealMode { Shuffle, Colors };
enum class RefillMode { Manual, Auto };
// How the host of a network game decides between two plays on one pile: by who was first at
// the keyboard (fair, on the synchronised clock, after a short local lag both seats share) or by
// whose play reached the host first (first-arrival, which favours the host's seat).
enum class Arbitration { FirstArrival, Fair };

// The [rules] section of setup.ini (docs/RULES.md).
struct RuleOptions {
    static constexpr int kMinHandSize = 1;
    static constexpr int kMaxHandSize = 8;

    int jokers = 2;                        // 2 or 0
    DealMode deal = DealMode::Shuffle;     // colors: one side all red, the other all black
    int handSize = 4;                      // 1..8 face-up hand slots
    RefillMode refill = RefillMode::Manual; // auto: a played slot refills itself from the deck
    Arbitration arbitration = Arbitration::Fair; // network games only; offline play has one seat's clock

    int cardsInPlay() const { return 52 + jokers; }
    int deckSizePerSeat() const { return cardsInPlay() / 2; }
    friend bool operator==(const RuleOptions&, const RuleOptions&) = default;
};

// Empty string when the options are playable, else what is wrong with them.
std::string validate(const RuleOptions& options);

std::string_view toString(DealMode mode);
std::string_view toString(RefillMode mode);
std::string_view toString(Arbitration arbitration); // "fair", "first-arrival"
std::optional<Arbitration> parseArbitration(std::string_view text);
std::optional<DealMode> parseDealMode(std::string_view text);
std::optional<RefillMode> parseRefillMode(std::string_view text);

} // namespace speed
