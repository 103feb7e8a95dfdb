#include "table/MoveWords.hpp"

#include "text/Words.hpp"

#include "support/InJapanese.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("move words: cards and moves read as a player says them", "[client][words]") {
    CHECK(cardName(Card::of(Suit::Diamond, 7)) == "7\xE2\x99\xA6");
    CHECK(cardName(Card::of(Suit::Spade, 13)) == "K\xE2\x99\xA0");
    CHECK(cardName(Card::of(Suit::Heart, 1)) == "A\xE2\x99\xA5");
    CHECK(cardName(Card::joker()) == "Joker");

    GameState before;
    before.pile(0).push(Card::of(Suit::Club, 8));
    GameState after = before;
    const Move mine = Move::play(0, 2, Card::of(Suit::Diamond, 7), 0);
    CHECK(moveWords(mine, before, after, 0, "Robo") == "You played 7\xE2\x99\xA6 on 8\xE2\x99\xA3");
    const Move theirs = Move::play(1, 0, Card::of(Suit::Diamond, 9), 0);
    CHECK(moveWords(theirs, before, after, 0, "Robo") == "Robo played 9\xE2\x99\xA6 on 8\xE2\x99\xA3");
    CHECK(moveWords(Move::refill(1, 3), before, after, 0, "Robo") == "Robo refilled a slot");
    after.pile(1).push(Card::of(Suit::Heart, 5));
    CHECK(moveWords(Move::flip(), before, after, 0, "Robo") == "SPEED! Both decks flip: 8\xE2\x99\xA3 and 5\xE2\x99\xA5");
}

using speed::test::InJapanese;
TEST_CASE("move words: in Japanese the moves read as Japanese sentences, the cards as they are", "[client][words]") {
    const InJapanese japanese;
    CHECK(cardName(Card::of(Suit::Diamond, 7)) == "7\xE2\x99\xA6");
    CHECK(cardName(Card::joker()) == "ジョーカー");

    GameState before;
    before.pile(0).push(Card::of(Suit::Club, 8));
    GameState after = before;
    CHECK(moveWords(Move::play(0, 2, Card::of(Suit::Diamond, 7), 0), before, after, 0, "レン") ==
          "あなたが8\xE2\x99\xA3に7\xE2\x99\xA6を出しました");
    CHECK(moveWords(Move::play(1, 0, Card::of(Suit::Diamond, 9), 1), before, after, 0, "レン") ==
          "レンが空の台札に9\xE2\x99\xA6を出しました");
    CHECK(moveWords(Move::refill(1, 3), before, after, 0, "レン") == "レンが手札を補充しました");
    after.pile(1).push(Card::of(Suit::Heart, 5));
    CHECK(moveWords(Move::flip(), before, after, 0, "レン") == "スピード！両方の山札からめくり：8\xE2\x99\xA3と5\xE2\x99\xA5");
}
