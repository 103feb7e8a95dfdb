#include "table/RefusalWords.hpp"

#include "text/Words.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include "support/InJapanese.hpp"

using namespace speed;
using namespace speed::client;

TEST_CASE("refusal words: every reason a player can meet reads as a short sentence", "[client][words]") {
    CHECK(refusalWords({MatchRefusal::None, MoveError::NotAdjacent}) == "only one rank up or down");
    CHECK(refusalWords({MatchRefusal::None, MoveError::PileEmpty}) == "wait for the SPEED! flip");
    CHECK(refusalWords({MatchRefusal::Paused, MoveError::None}) == "the game is paused");
    CHECK(refusalWords({MatchRefusal::None, MoveError::None}, true) == "wait: your last move is still on its way");
    for (MoveError error : {MoveError::GameOver, MoveError::BadSeat, MoveError::BadSlot, MoveError::BadPile,
                            MoveError::CardNotInHand, MoveError::PileEmpty, MoveError::NotAdjacent,
                            MoveError::SlotOccupied, MoveError::DeckEmpty, MoveError::NotStalemate}) {
        const std::string words = refusalWords({MatchRefusal::None, error});
        INFO(static_cast<int>(error));
        CHECK_FALSE(words.empty());
        CHECK(words.size() <= 45); // fits beside a card
    }
}

TEST_CASE("refusal words: a move the host took back was a lost race", "[client][words]") {
    CHECK(hostRefusalWords({MatchRefusal::None, MoveError::NotAdjacent}) == "too late: the other player was first");
    CHECK(hostRefusalWords({MatchRefusal::None, MoveError::CardNotInHand}) == "too late: the other player was first");
    CHECK(hostRefusalWords({MatchRefusal::Paused, MoveError::None}) == "the game is paused");
}

using speed::test::InJapanese;
TEST_CASE("refusal words: no pile for the card says so in the window's language", "[client][words]") {
    CHECK(noPileWords() == "no pile takes this card now");
    const InJapanese japanese;
    CHECK(noPileWords() == "今このカードを出せる台札はありません");
}

TEST_CASE("refusal words: in Japanese every reason is a Japanese sentence", "[client][words]") {
    const InJapanese japanese;
    CHECK(refusalWords({MatchRefusal::None, MoveError::NotAdjacent}) == "一つ上か下の数だけ出せます");
    CHECK(refusalWords({MatchRefusal::None, MoveError::PileEmpty}).find("スピード！") == 0);
    CHECK(refusalWords({MatchRefusal::Paused, MoveError::None}) == "一時停止中です");
    CHECK(refusalWords({MatchRefusal::None, MoveError::None}, true).find("前の手") != std::string::npos);
    CHECK(hostRefusalWords({MatchRefusal::None, MoveError::CardNotInHand}).find("相手") != std::string::npos);
    const std::regex english("[a-z]{4,}");
    for (MoveError error : {MoveError::GameOver, MoveError::BadSeat, MoveError::BadSlot, MoveError::BadPile,
                            MoveError::CardNotInHand, MoveError::PileEmpty, MoveError::NotAdjacent,
                            MoveError::SlotOccupied, MoveError::DeckEmpty, MoveError::NotStalemate}) {
        const std::string words = refusalWords({MatchRefusal::None, error});
        INFO(words);
        CHECK_FALSE(words.empty());
        CHECK_FALSE(std::regex_search(words, english));
    }
}

TEST_CASE("refusal words: a lost race says who was earlier, and by how much", "[client][words]") {
    CHECK(raceWords(23'400, "Robo") == "Robo was 23 ms earlier");
    CHECK(raceWords(2'340, "Robo") == "Robo was 2.3 ms earlier");
    CHECK(raceWords(0, "Robo") == "Robo was 0.0 ms earlier");
    CHECK(raceWords(-5'200, "Robo") == "Robo's card came first, though you were 5.2 ms earlier");
    const InJapanese japanese;
    CHECK(raceWords(23'400, "ロボ") == "ロボの方が 23 ms 早かった");
    CHECK(raceWords(-5'200, "ロボ") == "ロボのカードが先に届きました（あなたの方が 5.2 ms 早かった）");
}

TEST_CASE("refusal words: a play taken back says whose card went back, which came first and by how much",
          "[client][words][rewind]") {
    const Move seven = Move::play(0, 1, Card::of(Suit::Diamond, 7), 0);
    const Card eight = Card::of(Suit::Club, 8);
    // The host's seat (0) sees its own go back; the client's seat (1) sees the host's go back.
    CHECK(takenBackWords(seven, eight, 12'300, 0, "Ren") == "your 7\u2666 went back: Ren's 8\u2663 came first by 12 ms");
    CHECK(takenBackWords(seven, eight, 12'300, 1, "Ren") == "Ren's 7\u2666 went back: your 8\u2663 came first by 12 ms");
    CHECK(takenBackWords(seven, eight, 1'500, 0, "Ren") == "your 7\u2666 went back: Ren's 8\u2663 came first by 1.5 ms");
    CHECK(takenBackWords(seven, std::nullopt, std::nullopt, 0, "Ren") == "your 7\u2666 went back: it no longer fits");
    CHECK(takenBackWords(seven, std::nullopt, std::nullopt, 1, "Ren") == "Ren's 7\u2666 went back: it no longer fits");
    CHECK(takenBackWords(Move::refill(0, 1), std::nullopt, std::nullopt, 0, "Ren") == "your refill went back");
    CHECK(takenBackWords(Move::refill(0, 1), std::nullopt, std::nullopt, 1, "Ren") == "Ren's refill went back");
    const InJapanese japanese;
    CHECK(takenBackWords(seven, eight, 12'300, 0, "Ren") == "あなたの7\u2666は戻りました：Renの8\u2663が 12 ms 先でした");
    CHECK(takenBackWords(seven, eight, 12'300, 1, "Ren") == "Renの7\u2666は戻りました：あなたの8\u2663が 12 ms 先でした");
    CHECK(takenBackWords(seven, std::nullopt, std::nullopt, 0, "Ren") == "あなたの7\u2666は戻りました：もう出せません");
    CHECK(takenBackWords(Move::refill(0, 1), std::nullopt, std::nullopt, 1, "Ren") == "Renの補充は戻りました");
}
