#include "app/HotseatKeys.hpp"

#include "text/Words.hpp"

#include <algorithm>

namespace speed::client {
namespace {

using Key = sf::Keyboard::Key;

constexpr std::array<SeatKeys, 2> kKeys{{
    {{Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Q, Key::W, Key::E}, Key::A, Key::S, Key::D},
    {{Key::Num6, Key::Num7, Key::Num8, Key::Num9, Key::Num0, Key::U, Key::I, Key::O}, Key::J, Key::K, Key::H},
}};

// The hand slot at screen place `place` (0 = leftmost): the top row runs right to left.
int slotAt(int player, int place, int handSize) { return player == kTopPlayer ? handSize - 1 - place : place; }

} // namespace

const SeatKeys& hotseatKeys(int player) { return kKeys[player == kTopPlayer ? 1 : 0]; }

std::optional<HotseatKey> hotseatKeyFor(sf::Keyboard::Key key, int handSize) {
    for (int player : {kBottomPlayer, kTopPlayer}) {
        const SeatKeys& keys = hotseatKeys(player);
        if (key == keys.leftPile) return HotseatKey{player, HotseatKeyKind::LeftPile, 0};
        if (key == keys.rightPile) return HotseatKey{player, HotseatKeyKind::RightPile, 0};
        if (key == keys.refill) return HotseatKey{player, HotseatKeyKind::Refill, 0};
        const auto found = std::find(keys.cards.begin(), keys.cards.end(), key);
        if (found == keys.cards.end()) continue;
        const int place = static_cast<int>(found - keys.cards.begin());
        if (place >= handSize) return std::nullopt;
        return HotseatKey{player, HotseatKeyKind::Card, slotAt(player, place, handSize)};
    }
    return std::nullopt;
}

sf::Keyboard::Key cardKey(int player, int slot, int handSize) {
    // slotAt is its own inverse: the place of a slot is found the same way.
    return hotseatKeys(player).cards[static_cast<std::size_t>(std::clamp(slotAt(player, slot, handSize), 0, 7))];
}

std::string keyLabel(sf::Keyboard::Key key) {
    if (key >= Key::Num0 && key <= Key::Num9) return std::string(1, static_cast<char>('0' + (key - Key::Num0)));
    if (key >= Key::A && key <= Key::Z) return std::string(1, static_cast<char>('A' + (key - Key::A)));
    return "?";
}

std::vector<KeyCap> hotseatKeyCaps(const TableLayout& layout, int handSize, int bottomSeat, float uiScale) {
    const float height = keyCapHeight(layout, uiScale);
    const int leftPile = layout.pile[0].left < layout.pile[1].left ? 0 : 1;
    std::vector<KeyCap> caps;
    const auto add = [&](const Place& place, int seat, sf::Keyboard::Key key) {
        std::string label = keyLabel(key);
        const Rect box = keyCapBox(layout, place, seat, bottomSeat, height, label.size());
        caps.push_back({place, seat, std::move(label), box});
    };
    for (int player : {kBottomPlayer, kTopPlayer}) {
        const int seat = player == kBottomPlayer ? bottomSeat : 1 - bottomSeat;
        const SeatKeys& keys = hotseatKeys(player);
        for (int slot = 0; slot < handSize; ++slot) add(Place::handSlot(seat, slot), seat, cardKey(player, slot, handSize));
        add(Place::deck(seat), seat, keys.refill);
        add(Place::pile(leftPile), seat, keys.leftPile);
        add(Place::pile(1 - leftPile), seat, keys.rightPile);
    }
    return caps;
}

std::string hotseatPlayerWords(int player) { return trf("play.hotseat.player", player == kTopPlayer ? 2 : 1); }

} // namespace speed::client
