#include "app/HotseatKeys.hpp"
#include "app/TableInput.hpp"

#include "match/LocalMatch.hpp"
#include "table/Layout.hpp"
#include "table/LegalTargets.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace speed;
using namespace speed::client;
using Key = sf::Keyboard::Key;

namespace {

// Every key of one player.
std::vector<Key> keysOf(int player) {
    const SeatKeys& keys = hotseatKeys(player);
    std::vector<Key> all(keys.cards.begin(), keys.cards.end());
    all.insert(all.end(), {keys.leftPile, keys.rightPile, keys.refill});
    return all;
}

// The halves of a QWERTY keyboard as touch typists split it: 1-5 and Q-T, A-G, Z-B under the
// left hand; 6-0 and Y-P, H-L, N-M under the right.
const std::string kLeftHalf = "12345QWERTASDFGZXCVB";
const std::string kRightHalf = "67890YUIOPHJKLNM";

bool onHalf(Key key, const std::string& half) {
    const std::string label = keyLabel(key);
    return label.size() == 1 && half.find(label[0]) != std::string::npos;
}

} // namespace

TEST_CASE("two players' keys: no key is used twice, and none is one of the window's own") {
    std::vector<Key> all = keysOf(kBottomPlayer);
    const std::vector<Key> top = keysOf(kTopPlayer);
    all.insert(all.end(), top.begin(), top.end());
    CHECK(std::set<Key>(all.begin(), all.end()).size() == all.size());
    // M mutes, N next game, P pause, R connect again, L the game log, Esc, F1 help, F11 fullscreen.
    for (Key windowKey : {Key::M, Key::N, Key::P, Key::R, Key::L, Key::Escape, Key::F1, Key::F11}) {
        CHECK(std::find(all.begin(), all.end(), windowKey) == all.end());
    }
}

TEST_CASE("two players' keys: the bottom player's on the left half of the keyboard, the top player's on the right") {
    for (Key key : keysOf(kBottomPlayer)) {
        INFO(keyLabel(key));
        CHECK(onHalf(key, kLeftHalf));
    }
    for (Key key : keysOf(kTopPlayer)) {
        INFO(keyLabel(key));
        CHECK(onHalf(key, kRightHalf));
    }
}

TEST_CASE("two players' keys: each card key picks that player's slot, for every hand size") {
    for (int handSize = 1; handSize <= 8; ++handSize) {
        for (int player : {kBottomPlayer, kTopPlayer}) {
            std::set<int> slots;
            for (int slot = 0; slot < handSize; ++slot) {
                const auto found = hotseatKeyFor(cardKey(player, slot, handSize), handSize);
                REQUIRE(found);
                CHECK(found->player == player);
                CHECK(found->kind == HotseatKeyKind::Card);
                CHECK(found->slot == slot);
                slots.insert(found->slot);
            }
            CHECK(static_cast<int>(slots.size()) == handSize);
            // A card key beyond the hand does nothing.
            for (std::size_t place = static_cast<std::size_t>(handSize); place < 8; ++place) {
                CHECK_FALSE(hotseatKeyFor(hotseatKeys(player).cards[place], handSize));
            }
        }
    }
    CHECK(hotseatKeyFor(Key::A, 4)->kind == HotseatKeyKind::LeftPile);
    CHECK(hotseatKeyFor(Key::K, 4)->kind == HotseatKeyKind::RightPile);
    CHECK(hotseatKeyFor(Key::H, 4)->player == kTopPlayer);
    CHECK_FALSE(hotseatKeyFor(Key::M, 4));
}

TEST_CASE("two players' key caps: one on every card, deck and pile a player plays, in the keyboard's order, none overlapping") {
    for (int handSize = 1; handSize <= 8; ++handSize) {
        for (const auto& [width, height, scale] : {std::tuple{1280.0f, 800.0f, 1.0f}, std::tuple{800.0f, 600.0f, 2.0f}}) {
            LayoutOptions options;
            options.handSize = handSize;
            options.uiScale = scale;
            options.userScale = scale;
            const TableLayout layout = computeLayout(width, height, options);
            const std::vector<KeyCap> caps = hotseatKeyCaps(layout, handSize, 0, scale);
            INFO("hand " << handSize << " at " << width << "x" << height);
            REQUIRE(caps.size() == static_cast<std::size_t>(2 * (handSize + 3)));
            for (std::size_t i = 0; i < caps.size(); ++i) {
                for (std::size_t j = i + 1; j < caps.size(); ++j) {
                    INFO(caps[i].label << " and " << caps[j].label);
                    CHECK_FALSE(caps[i].box.intersects(caps[j].box));
                }
            }
            // The caps on each hand read left to right as the keys lie on the keyboard.
            for (int player : {kBottomPlayer, kTopPlayer}) {
                std::vector<KeyCap> cards;
                std::copy_if(caps.begin(), caps.end(), std::back_inserter(cards), [&](const KeyCap& cap) {
                    return cap.seat == player && cap.place.kind == PlaceKind::HandSlot;
                });
                std::sort(cards.begin(), cards.end(), [](const KeyCap& a, const KeyCap& b) { return a.box.left < b.box.left; });
                for (std::size_t place = 0; place < cards.size(); ++place) {
                    CHECK(cards[place].label == keyLabel(hotseatKeys(player).cards[place]));
                }
            }
        }
    }
}

TEST_CASE("two players' keys play each player's own card on the pile the screen shows on that side") {
    LocalMatchSetup setup;
    setup.mode = LocalMode::TwoPlayers;
    setup.seed = 4;
    LocalMatch match(setup, 0);
    match.tick(0);
    match.tick(MatchTiming{}.speedCallMs); // the opening flip
    const TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input(layout, motion);
    const int leftPile = layout.pile[0].left < layout.pile[1].left ? 0 : 1;
    TimeMs now = MatchTiming{}.speedCallMs + 100;
    int played = 0;
    for (int player : {kTopPlayer, kBottomPlayer}) {
        const int seat = player == kBottomPlayer ? 0 : 1;
        const GameState before = match.state();
        for (int slot = 0; slot < before.rules.handSize; ++slot) {
            const auto target = clickTarget(before, seat, Place::handSlot(seat, slot));
            if (!target) continue;
            const SeatKeys& keys = hotseatKeys(player);
            CHECK(input.key(match, cardKey(player, slot, before.rules.handSize), now));
            CHECK(input.key(match, target->index == leftPile ? keys.leftPile : keys.rightPile, now));
            CHECK_FALSE(match.state().player(seat).hand[static_cast<std::size_t>(slot)].has_value());
            CHECK(match.state().player(1 - seat) == before.player(1 - seat)); // the other hand is untouched
            ++played;
            break;
        }
        now += 100;
    }
    CHECK(played >= 1);
    // A refill key fills its own player's first empty slot.
    const GameState before = match.state();
    for (int player : {kTopPlayer, kBottomPlayer}) {
        const int seat = player == kBottomPlayer ? 0 : 1;
        if (before.player(seat).handCount() == before.rules.handSize) continue;
        CHECK(input.key(match, hotseatKeys(player).refill, now += 100));
        CHECK(match.state().player(seat).handCount() == before.player(seat).handCount() + 1);
    }
}
