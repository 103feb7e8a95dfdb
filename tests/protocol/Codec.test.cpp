#include "SampleMessages.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <set>

using namespace speed;
using namespace speed::protocol;
using speed::protocol::test::widestTable; // SampleMessages.hpp

namespace {

constexpr std::string_view kVersionOneLine =
    "UPDATE 34603 5 H5C4D1S5H3H9D6DCC1C4C5C6 D1JJD9DC CACB D1JJD9DC H5C4D1S5H3H9D6DCC1C4C5C6";

Card card(std::string_view code) { return *parseCard(code).card; }

DecodeError lineError(std::string_view line) { return parseLine(line).error; }

} // namespace

TEST_CASE("Every verb round-trips through the datagram and the line forms", "[codec]") {
    std::set<std::string_view> verbs;
    for (const Message& message : speed::protocol::test::sampleMessages()) {
        const std::string datagram = encodeDatagram(message);
        INFO(datagram);
        const DecodeResult decoded = decodeDatagram(datagram);
        REQUIRE(decoded.ok());
        CHECK(*decoded.message == message);
        const DecodeResult parsed = parseLine(encodeLine(message));
        REQUIRE(parsed.ok());
        CHECK(*parsed.message == message);
        CHECK(datagram.size() <= kMaxGameDatagramBytes);
        verbs.insert(verbOf(message));
    }
    CHECK(verbs == std::set<std::string_view>{"HELLO", "UPDATE", "INVISIBLE", "MOVE", "OK", "NG", "PAUSE", "RESUME",
                                              "START", "ALIVE", "SHUTDOWN", "PROBE", "ECHO", "REKEY"});
}

TEST_CASE("Version 1's example line decodes to the table it describes", "[codec]") {
    const DecodeResult decoded = parseLine(kVersionOneLine);
    REQUIRE(decoded.ok());
    CHECK(decoded.message->time == 34603);
    CHECK(decoded.message->seq == 5);
    const auto& update = std::get<Update>(decoded.message->body);
    CHECK_FALSE(update.invisible);
    CHECK_FALSE(update.header.has_value());
    const TableView& table = update.table;
    CHECK(table.myDeck.size() == 12);
    CHECK(table.myDeck.top() == card("H5")); // lists are written top card first
    CHECK(table.myDeck[0] == card("C6"));
    REQUIRE(table.myHand.size() == 4);
    CHECK(table.myHand[0] == card("D1"));
    CHECK(table.myHand[1] == Card::joker());
    CHECK(table.myHand[2] == card("D9"));
    CHECK(table.myHand[3] == card("DC"));
    CHECK(table.field[0].size() == 1);
    CHECK(table.field[0].top() == card("CA"));
    CHECK(table.field[1].top() == card("CB"));
    CHECK(table.opponentHand == table.myHand);
    CHECK(table.opponentDeck == table.myDeck);

    SECTION("and the receiver mirrors it into its own table") {
        const StateFromView rebuilt = stateFromView(table, /*senderSeat=*/1, RuleOptions{});
        REQUIRE(rebuilt.state);
        const GameState& state = *rebuilt.state;
        CHECK(state.player(1).deck.top() == card("H5"));
        CHECK(state.player(1).hand[3] == card("DC"));
        CHECK(state.pile(1).top() == card("CA")); // the sender's own pile
        CHECK(state.pile(0).top() == card("CB"));
        CHECK(state.result == GameResult::Playing);
    }
}

TEST_CASE("A changed card code does not slip through as another valid card", "[codec]") {
    const Message message = speed::protocol::test::sampleMessages()[1];
    std::string datagram = encodeDatagram(message);
    const std::size_t at = datagram.find(' ', datagram.find(' ', datagram.find(' ') + 1) + 1) + 2;
    REQUIRE(datagram[at] >= '1');
    datagram[at] = datagram[at] == '5' ? '6' : '5';
    CHECK(parseLine(datagram.substr(0, datagram.size() - 10)).ok()); // a valid line on its own...
    CHECK(decodeDatagram(datagram).error == DecodeError::BadChecksum); // ...caught by the checksum
}

TEST_CASE("The largest possible UPDATE fits in 256 bytes", "[codec]") {
    GameState state = widestTable();
    const RuleOptions rules = state.rules;
    const Message message{4294967295U, 4294967295U,
                          Update{true, viewFromSeat(state, 0),
                                 SnapshotHeader{4294967295U, 4294967295U, rules, Phase::Pause1, 4294967295U,
                                                Move::play(1, 7, Card::of(Suit::Diamond, 13), 1)}}};
    const std::string datagram = encodeDatagram(message);
    INFO(datagram);
    CHECK(datagram.size() <= kMaxGameDatagramBytes);
    CHECK(decodeDatagram(datagram).ok());
    // In a session it carries the tag instead of the CRC: 8 bytes more, still within the limit.
    const Key key{};
    const std::string tagged = encodeTagged(message, key);
    CHECK(tagged.size() == datagram.size() + (kTagChars - 8));
    CHECK(tagged.size() <= kMaxGameDatagramBytes);
    CHECK(decodeDatagram(tagged, &key).ok());
}

TEST_CASE("Each malformed line gets its own error", "[codec]") {
    CHECK(lineError("") == DecodeError::Empty);
    CHECK(lineError("ALIVE 1 2 ") == DecodeError::NotPrintable);
    CHECK(lineError("ALIVE  1 2") == DecodeError::NotPrintable);
    CHECK(lineError(std::string("ALIVE 1\t2")) == DecodeError::NotPrintable);
    CHECK(lineError("WAVE 1 2") == DecodeError::UnknownVerb);
    CHECK(lineError("ALIVE 1") == DecodeError::MissingField);
    CHECK(lineError("ALIVE 1 2 3") == DecodeError::ExtraField);
    CHECK(lineError("ALIVE 01 2") == DecodeError::BadNumber);
    CHECK(lineError("ALIVE 4294967296 2") == DecodeError::BadNumber);
    CHECK(lineError("ALIVE -1 2") == DecodeError::BadNumber);
    CHECK(lineError("MOVE 1 2 3 4 PLAY 0 SE 0") == DecodeError::BadCard);
    CHECK(lineError("MOVE 1 2 3 4 PLAY 100 S1 0") == DecodeError::BadNumber); // 8 and 2 decode: the rules refuse them
    CHECK(lineError("MOVE 1 2 3 4 PLAY 0 S1 100") == DecodeError::BadNumber);
    CHECK(lineError("MOVE 1 2 3 4 JUMP 0") == DecodeError::BadWord);
    CHECK(lineError("UPDATE 1 2 S1S D1D2D3D4 S2/S3 D5D6D7D8 -") == DecodeError::BadCardList);
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4D5D6D7D8D9 S2/S3 D5D6D7D8 -") == DecodeError::BadHand);
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2/S3/S4 D5D6D7D8 -") == DecodeError::BadField);
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2S3S4 D5D6D7D8 -") == DecodeError::BadField);
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 1 1 3S4M PLAY") == DecodeError::BadRules);
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 1 1 2S4M PLAY 0 -") == DecodeError::BadRules);  // no arbitration
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 1 1 2S4MX PLAY 0 -") == DecodeError::BadRules); // unknown one
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 1 1 2S4MF PLAYING") == DecodeError::BadPhase);
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 1 1") == DecodeError::MissingField);
    CHECK(lineError("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 1 1 2S4MF PLAY 0") == DecodeError::MissingField); // CHANGE
    for (const char* change : {"X", "P2", "P12H5", "P12H52", "P92H50", "P12ZZ0", "R18", "R1", "F0", "--"}) {
        INFO(change);
        CHECK(lineError(std::string("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 1 1 2S4MF PLAY 0 ") + change) == DecodeError::BadWord);
    }
    CHECK(lineError("OK 1 2 MAYBE 3") == DecodeError::BadSubject);
    CHECK(lineError("NG 1 2 MOVE 3 4 BECAUSE") == DecodeError::BadWord);
    CHECK(lineError("HELLO 1 2 7 " + std::string(25, 'a') + " 0123456789abcdef - - - 0 0 - x") == DecodeError::BadWord);
    CHECK(lineError("HELLO 1 2 7 a/b 0123456789abcdef - - - 0 0 - x") == DecodeError::BadWord);
    CHECK(lineError("HELLO 1 2 7 ana 0123456789ABCDEF - - - 0 0 - x") == DecodeError::BadWord);  // NONCE: lowercase hex
    CHECK(lineError("HELLO 1 2 7 ana 0123456789abcdef Q - - 0 0 - x") == DecodeError::BadWord);  // AUTH: -, P or a proof
    CHECK(lineError("HELLO 1 2 7 ana 0123456789abcdef - - - 0 0 - y") == DecodeError::BadPayload); // PAD: x only
    CHECK(lineError("HELLO 1 2 7 ana 0123456789abcdef - - 0123456789abcdef 0 0 - x") == DecodeError::BadWord); // RESUME: 32 hex
    CHECK(lineError("HELLO 1 2 7 ana 0123456789abcdef - - - 0 0 0123456789abcdef x") == DecodeError::BadPayload); // RPROOF alone
    CHECK(parseLine("HELLO 1 2 7 ana 0123456789abcdef - 0011223344556677 0123456789abcdeffedcba9876543210 4 87 8899aabbccddeeff x").ok());
    CHECK(lineError("HELLO 1 2 7 ana 0123456789abcdef - - - 0 x - x") == DecodeError::BadNumber); // REV: a number
    CHECK(parseLine("HELLO 1 2 1 old 0123456789abcdef fields of another version").ok()); // read as far as its nonce
    CHECK(parseLine("DENY 1 2 0123456789abcdef VERSION 9 and more of another version").ok()); // as far as its version
    CHECK(lineError("ALIVE 1 2 " + std::string(250, 'x')) == DecodeError::ExtraField);
    CHECK(lineError("SHUTDOWN 1 2 " + std::string(300, 'x')) == DecodeError::BadWord);
}

TEST_CASE("Datagram checksum errors are told apart", "[codec]") {
    const std::string good = encodeDatagram({1, 2, Alive{}});
    CHECK(decodeDatagram(good).ok());
    CHECK(decodeDatagram("").error == DecodeError::Empty);
    CHECK(decodeDatagram("ALIVE 1 2").error == DecodeError::MissingChecksum);
    std::string upper = good;
    for (auto it = upper.end() - 8; it != upper.end(); ++it) *it = static_cast<char>(std::toupper(static_cast<unsigned char>(*it)));
    if (upper != good) CHECK(decodeDatagram(upper).error == DecodeError::MissingChecksum);
    CHECK(decodeDatagram(good.substr(0, good.size() - 1)).error != DecodeError::None);
    CHECK(decodeDatagram(good + " ").error == DecodeError::MissingChecksum);
    std::string wrong = good;
    wrong[wrong.size() - 1] = wrong.back() == '0' ? '1' : '0';
    CHECK(decodeDatagram(wrong).error == DecodeError::BadChecksum);
    CHECK(decodeDatagram(std::string(70000, 'x')).error == DecodeError::TooLong);
}

TEST_CASE("The CRC-32 is the standard one", "[codec]") {
    CHECK(crc32("123456789") == 0xCBF43926U);
    CHECK(crc32("") == 0U);
}

TEST_CASE("Names and reasons are reduced to wire words", "[codec]") {
    CHECK(sanitizeWord("Taro Yamada") == "Taro_Yamada");
    CHECK(sanitizeWord("") == "_");
    CHECK(sanitizeWord(std::string(40, 'a')).size() == kMaxWordChars);
    const std::string datagram = encodeDatagram({1, 2, Hello{1, "名前 x"}});
    REQUIRE(decodeDatagram(datagram).ok());
}

TEST_CASE("Every NG reason stands for one refusal of the match or the rules, both ways", "[codec]") {
    for (int value = 0; value <= static_cast<int>(Refusal::NotPlaying); ++value) {
        const auto refusal = static_cast<Refusal>(value);
        const PlayOutcome play = playOutcomeOf(refusal);
        CHECK_FALSE(play.accepted());
        CHECK(refusalFor(play) == refusal);
    }
    CHECK(refusalFor({MatchRefusal::None, MoveError::NotAdjacent}) == Refusal::NotAdjacent);
    CHECK(refusalFor({MatchRefusal::Paused, MoveError::None}) == Refusal::Paused);
}

TEST_CASE("An OK carries the answerer's clock stamps; OK SHUTDOWN none", "[codec][clock]") {
    const Message stamped{60, 10, Ok{Subject::Move, 1, 7, 12, AnswerStamps{4'051'230, 4'051'262, 17}}};
    CHECK(encodeLine(stamped) == "OK 60 10 MOVE 1 7 12 4051230 4051262 17");
    const DecodeResult back = parseLine(encodeLine(stamped));
    REQUIRE(back.ok());
    CHECK(*back.message == stamped);
    CHECK(lineError("OK 61 11 UPDATE 1 12") == DecodeError::MissingField); // required since version 4
    const DecodeResult start = parseLine("OK 62 12 START 2 0 999999999999999 4294967295");
    REQUIRE(start.ok());
    CHECK(std::get<Ok>(start.message->body).stamps == AnswerStamps{0, 999'999'999'999'999, 4'294'967'295});
    // OK SHUTDOWN answers the end: nothing is timed, so it carries nothing.
    CHECK(encodeLine({65, 15, Ok{Subject::Shutdown, 0, 0, 0, AnswerStamps{1, 2, 3}}}) == "OK 65 15 SHUTDOWN");
    CHECK(lineError("OK 65 15 SHUTDOWN 1 2 3") == DecodeError::ExtraField);
    CHECK(lineError("OK 60 10 MOVE 1 7 12 4051230") == DecodeError::MissingField);
    CHECK(lineError("OK 60 10 MOVE 1 7 12 4051230 4051262") == DecodeError::MissingField);
    CHECK(lineError("OK 60 10 MOVE 1 7 12 4051230 4051262 5 6") == DecodeError::ExtraField);
    CHECK(lineError("OK 60 10 MOVE 1 7 12 1000000000000000 1 1") == DecodeError::BadNumber); // 16 digits
    CHECK(lineError("OK 60 10 MOVE 1 7 12 1 1 4294967296") == DecodeError::BadNumber);
    CHECK(lineError("OK 60 10 MOVE 1 7 12 -1 1 1") == DecodeError::BadNumber);
    CHECK(lineError("OK 60 10 MOVE 1 7 12 01 1 1") == DecodeError::BadNumber);
}

TEST_CASE("A MOVE may carry its INPUT time, and a lost race's NG its LEAD", "[codec][clock]") {
    const Message play{70, 20, MoveRequest{1, 3, MoveKind::Play, 2, Card::of(Suit::Heart, 5), 1, 98'500'250}};
    CHECK(encodeLine(play) == "MOVE 70 20 1 3 PLAY 2 H5 1 98500250");
    const Message refill{71, 21, MoveRequest{1, 4, MoveKind::Refill, 0, {}, 0, 7}};
    CHECK(encodeLine(refill) == "MOVE 71 21 1 4 REFILL 0 7");
    for (const Message& message : {play, refill}) {
        const DecodeResult back = parseLine(encodeLine(message));
        REQUIRE(back.ok());
        CHECK(*back.message == message);
    }
    CHECK_FALSE(std::get<MoveRequest>(parseLine("MOVE 70 20 1 3 PLAY 2 H5 1").message->body).inputUs.has_value());
    CHECK(lineError("MOVE 70 20 1 3 PLAY 2 H5 1 -5") == DecodeError::BadNumber);
    CHECK(lineError("MOVE 70 20 1 3 PLAY 2 H5 1 5 6") == DecodeError::ExtraField);

    for (const std::int64_t lead : {std::int64_t{23'000}, std::int64_t{-5'200}, std::int64_t{0}}) {
        const Message ng{72, 22, Ng{false, 1, 3, Refusal::NotAdjacent, lead}};
        const DecodeResult back = parseLine(encodeLine(ng));
        REQUIRE(back.ok());
        CHECK(std::get<Ng>(back.message->body).leadUs == lead);
    }
    CHECK(encodeLine({72, 22, Ng{false, 1, 3, Refusal::NotAdjacent, -5'200}}) == "NG 72 22 MOVE 1 3 NOT_ADJACENT -5200");
    CHECK_FALSE(std::get<Ng>(parseLine("NG 72 22 MOVE 1 3 NOT_ADJACENT").message->body).leadUs.has_value());
    CHECK(lineError("NG 72 22 MOVE 1 3 NOT_ADJACENT -0") == DecodeError::BadNumber);
    CHECK(lineError("NG 72 22 MOVE 1 3 NOT_ADJACENT -") == DecodeError::BadNumber);
    CHECK(lineError("NG 72 22 MOVE 1 3 NOT_ADJACENT --5") == DecodeError::BadNumber);
    CHECK(lineError("NG 72 22 MOVE 1 3 GAME_OVER 5") == DecodeError::ExtraField); // LEAD is for races only
}

TEST_CASE("Any byte at any place of a line is refused as not printable exactly when it should be", "[codec]") {
    // Lines of several lengths, so that every place of an eight-byte word is tried, each with one
    // byte changed to each of the 256 values: the line reads unless it has a byte outside
    // 0x20..0x7e or a space first, last or after another, and then the error is NotPrintable
    // with the offset of the first fault (the fast check and the worded one agree).
    for (const std::string& base : {std::string("START 1 2 3"), std::string("PAUSE 12 34 USER"),
                                   std::string("OK UPDATE 12 345 1000 2000 17"), std::string("SHUTDOWN 1 2 MATCH_OVER_xx")}) {
        for (std::size_t at = 0; at < base.size(); ++at) {
            for (int value = 0; value < 256; ++value) {
                std::string line = base;
                line[at] = static_cast<char>(value);
                std::size_t fault = std::string::npos;
                for (std::size_t i = 0; i < line.size() && fault == std::string::npos; ++i) {
                    const auto byte = static_cast<unsigned char>(line[i]);
                    const bool space = byte == ' ';
                    const bool badSpace = space && (i == 0 || i + 1 == line.size() || line[i - 1] == ' ');
                    if (badSpace || (!space && (byte < 0x21 || byte > 0x7e))) fault = i;
                }
                const DecodeResult parsed = parseLine(line);
                INFO("byte " << value << " at " << at << " of " << base);
                REQUIRE((parsed.error == DecodeError::NotPrintable) == (fault != std::string::npos));
                if (fault == std::string::npos) continue;
                // The worded fault names its offset (a trailing space is an empty field after it).
                const std::size_t offset = line[fault] == ' ' && fault + 1 == line.size() && fault > 0 && line[fault - 1] != ' ' ? fault + 1 : fault;
                CHECK(parsed.detail.find("offset " + std::to_string(offset)) != std::string::npos);
            }
        }
    }
}

TEST_CASE("A card in a list or a hand reads exactly as cardFromCode reads its two characters", "[codec]") {
    for (int first = 0x21; first <= 0x7e; ++first) {
        for (int second = 0x21; second <= 0x7e; ++second) {
            const std::string code{static_cast<char>(first), static_cast<char>(second)};
            const std::optional<Card> expected = cardFromCode(code);
            INFO("code " << code);
            // As the deck's only card, and as the first of a hand's slots ("--" is an empty slot).
            const DecodeResult inList = parseLine("UPDATE 1 2 " + code + " D1JJD9DC CACB D1JJD9DC H5C4");
            const DecodeResult inHand = parseLine("UPDATE 1 2 H5 " + code + "JJD9DC CACB D1JJD9DC H5C4");
            if (expected) {
                REQUIRE(inList.ok());
                REQUIRE(inHand.ok());
                const auto& list = std::get<Update>(inList.message->body).table.myDeck;
                REQUIRE(list.size() == 1);
                CHECK(list[0] == *expected);
                CHECK(std::get<Update>(inHand.message->body).table.myHand.front() == expected);
            } else {
                CHECK(inList.error == DecodeError::BadCard);
                if (code != "--") CHECK(inHand.error == DecodeError::BadCard);
            }
        }
    }
}
