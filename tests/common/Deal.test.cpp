#include "speed/common/Deal.hpp"
#include "speed/common/Invariant.hpp"
#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace speed;

namespace {

// Deck bottom-to-top then hand slots, as codes: pins a deal exactly.
std::string describeSeat(const GameState& state, int seat) {
    std::string out;
    for (Card card : state.player(seat).deck) out += card.code();
    out += " |";
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = state.player(seat).hand[static_cast<std::size_t>(slot)];
        out += ' ';
        out += card ? card->code() : "--";
    }
    return out;
}

} // namespace

TEST_CASE("seed 1 always deals exactly this game", "[deal]") {
    const GameState state = deal(RuleOptions{}, 1);
    CHECK(describeSeat(state, 0) == "JJD3CAS1D5D9C6H6C8D1C7D7HDH7C3S9S2C1S7H3C9JJCD | H8 S8 C5 HC");
    CHECK(describeSeat(state, 1) == "CCHBS4CBH1C2DAD4S3D2SADBH4S5DDHAD8SBSDDCH9D6SC | S6 H5 H2 C4");
}

TEST_CASE("the same seed deals the same game, another seed another", "[deal]") {
    CHECK(deal(RuleOptions{}, 42) == deal(RuleOptions{}, 42));
    CHECK_FALSE(deal(RuleOptions{}, 42) == deal(RuleOptions{}, 43));
}

TEST_CASE("decks are 27/27 with jokers and 26/26 without", "[deal]") {
    RuleOptions rules;
    const int handSize = rules.handSize;
    GameState withJokers = deal(rules, 7);
    CHECK(withJokers.player(0).deck.size() + withJokers.player(0).handCount() == 27);
    CHECK(withJokers.player(1).deck.size() + withJokers.player(1).handCount() == 27);
    CHECK(withJokers.player(0).handCount() == handSize);
    CHECK(conservationError(withJokers).empty());

    rules.jokers = 0;
    GameState noJokers = deal(rules, 7);
    CHECK(noJokers.player(0).deck.size() + noJokers.player(0).handCount() == 26);
    CHECK(noJokers.player(1).deck.size() + noJokers.player(1).handCount() == 26);
    CHECK(conservationError(noJokers).empty());
}

TEST_CASE("colors deal gives every black card to seat 0 and every red one to seat 1", "[deal]") {
    RuleOptions rules;
    rules.deal = DealMode::Colors;
    for (std::uint64_t seed : {1u, 2u, 99u}) {
        const GameState state = deal(rules, seed);
        int jokers[2] = {0, 0};
        for (int seat = 0; seat < kSeats; ++seat) {
            auto check = [&](Card card) {
                if (card.isJoker()) ++jokers[seat];
                else CHECK((seat == 0 ? card.isBlack() : card.isRed()));
            };
            for (Card card : state.player(seat).deck) check(card);
            for (const auto& card : state.player(seat).hand) if (card) check(*card);
        }
        CHECK(jokers[0] == 1);
        CHECK(jokers[1] == 1);
        CHECK(conservationError(state).empty());
    }
}

TEST_CASE("a conservation error names the card that is missing or doubled", "[deal][invariant]") {
    GameState state = deal(RuleOptions{}, 3);
    const Card top = state.player(0).deck.pop();
    CHECK(conservationError(state) == top.code() + " is on the table 0 time(s), expected " +
                                          (top.isJoker() ? "2" : "1"));
    state.player(1).deck.push(top);
    CHECK(conservationError(state).empty());
    state.pile(0).push(top);
    CHECK_FALSE(conservationError(state).empty());
}

TEST_CASE("hand size follows the rules option", "[deal]") {
    RuleOptions rules;
    rules.handSize = 8;
    const GameState state = deal(rules, 5);
    CHECK(state.player(0).handCount() == 8);
    CHECK(state.player(0).deck.size() == 19);
}
