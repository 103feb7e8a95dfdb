// A rewind of fair arbitration on the wire (docs/PROTOCOL.md, UPDATE's CHANGE and "Fair races"):
// the revision after it says how many plays it undid before the late play, and each play taken
// back gets a revision of its own that says which and by how much the play on its pile came
// first, so the table before and what the UPDATE says always make the new table; the client
// tells its player as the host's seat is told.
#include "SampleMessages.hpp"
#include "SessionPair.hpp"
#include "support/UpdateReplay.hpp"

#include "speed/common/Deal.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

namespace speed::protocol::test {
namespace {

Message updateWith(const SnapshotHeader& header) {
    GameState table = deal(header.rules, 5);
    return Message{40, 8, Update{false, viewFromSeat(table, 0), header}};
}

// The CHANGE field of `header`, as the wire writes it.
std::string changeField(const SnapshotHeader& header) {
    const std::string datagram = encodeDatagram(updateWith(header));
    const std::string line = datagram.substr(0, datagram.rfind(" #"));
    return line.substr(line.rfind(' ') + 1);
}

SnapshotHeader headerOf(const std::string& change) {
    const DecodeResult decoded = parseLine("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 3 13 2S4MF PLAY 7 " + change);
    REQUIRE(decoded.message);
    return *std::get<Update>(decoded.message->body).header;
}

std::vector<SnapshotHeader> updatesSent(const SessionPair& pair) {
    std::vector<SnapshotHeader> headers;
    for (const std::string& bytes : pair.sentToClient) {
        const auto message = SessionPair::sentMessage(bytes);
        if (!message) continue;
        const auto* update = std::get_if<Update>(&message->body);
        if (update == nullptr || !update->header || update->invisible) continue;
        // Once per revision: a new table goes in several copies at once.
        if (!headers.empty() && headers.back().game == update->header->game &&
            headers.back().revision == update->header->revision) {
            continue;
        }
        headers.push_back(*update->header);
    }
    return headers;
}

} // namespace

TEST_CASE("rewind: CHANGE says how many plays a rewind undid, or which play went back and by how much",
          "[codec][rewind]") {
    const Move late = Move::play(1, 2, Card::of(Suit::Heart, 5), 0);
    SnapshotHeader rewind{3, 13, RuleOptions{}, Phase::Play, 7, late};
    rewind.undone = 2;
    CHECK(changeField(rewind) == "U2P12H50");
    CHECK(headerOf("U2P12H50") == SnapshotHeader{3, 13, RuleOptions{}, Phase::Play, 7, late, 2});
    SnapshotHeader refused{3, 13, RuleOptions{}, Phase::Play, 7};
    refused.undone = 1; // the late play itself was refused: only the undoing is left
    CHECK(changeField(refused) == "U1-");
    CHECK(headerOf("U1-") == refused);
    SnapshotHeader back{3, 13, RuleOptions{}, Phase::Play, 7};
    back.takenBack = Move::play(0, 0, Card::of(Suit::Heart, 4), 0);
    back.takenBackLeadUs = 3000;
    CHECK(changeField(back) == "B00H403000");
    CHECK(headerOf("B00H403000") == back);
    back.takenBackLeadUs = 0;
    CHECK(headerOf("B00H400") == back);
    back.takenBackLeadUs = 5'000'000; // beyond six digits: the most it says
    CHECK(changeField(back) == "B00H40999999");
    SnapshotHeader refill{3, 13, RuleOptions{}, Phase::Play, 7};
    refill.takenBack = Move::refill(0, 1);
    CHECK(changeField(refill) == "BR01");
    CHECK(headerOf("BR01") == refill);
    for (const char* bad : {"U0P12H50", "UXP12H50", "U2F", "U2P12H5", "U2", "U", "B", "BF", "B12H5", "B12H50-3",
                            "B12H5001", "B12H501234567", "BR013000", "B-", "BU1P12H50", "P12H50U1", "BP12H50"}) {
        INFO(bad);
        CHECK(parseLine(std::string("UPDATE 1 2 - D1D2D3D4 S2/S3 D5D6D7D8 - 3 13 2S4MF PLAY 7 ") + bad).error ==
              DecodeError::BadWord);
    }
}

TEST_CASE("rewind: the largest UPDATE of a rewind or a play taken back still fits in 256 bytes", "[codec][rewind]") {
    GameState state = widestTable();
    const RuleOptions rules = state.rules;
    SnapshotHeader rewind{4294967295U, 4294967295U, rules, Phase::Pause1, 4294967295U,
                          Move::play(1, 7, Card::of(Suit::Diamond, 13), 1)};
    rewind.undone = kMaxUndone;
    SnapshotHeader back{4294967295U, 4294967295U, rules, Phase::Pause1, 4294967295U};
    back.takenBack = Move::play(1, 7, Card::of(Suit::Diamond, 13), 1);
    back.takenBackLeadUs = kMaxTakenBackLeadUs;
    for (const SnapshotHeader& header : {rewind, back}) {
        const Message message{4294967295U, 4294967295U, Update{true, viewFromSeat(state, 0), header}};
        const Key key{};
        const std::string tagged = encodeTagged(message, key);
        INFO(tagged);
        CHECK(tagged.size() <= kMaxGameDatagramBytes);
        const DecodeResult decoded = decodeDatagram(tagged, &key);
        REQUIRE(decoded.message);
        CHECK(*std::get<Update>(decoded.message->body).header == header);
    }
}

TEST_CASE("rewind: the client is told which plays went back and why, and its table follows the UPDATEs exactly",
          "[fair][session][race][rewind]") {
    // Trips of 0..20 ms: a MOVE 31 ms on its way is late for its turn and still believed (the host
    // believes up to 32 ms: the longest trip, half the spread again, the margin).
    auto [pairOwner, hostMove, clientMove] = fairRaceOverJitter(20);
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    const ArbitrationFigures figures = pair.host.arbitration();
    REQUIRE(figures.lagUs + figures.tieUs < 28'500);
    const TimeMs madeAt = pair.now;
    auto held = clientFirstOnItsWay(pair, hostMove, clientMove);
    pair.advance(1, 1);
    const Move refill = Move::refill(0, hostMove.slot);
    REQUIRE(pair.host.proposeMove(pair.now, refill).sent);
    pair.advance(madeAt + 31 - pair.now, 1);
    REQUIRE(onPile(pair.client.confirmedState(), hostMove)); // the client saw the host's play taken
    const std::size_t clientEventsBefore = pair.clientEvents.size();
    pair.deliver({}, std::move(held));
    pair.pump();
    pair.advance(100, 1);
    REQUIRE(onPile(pair.host.confirmedState(), clientMove));
    REQUIRE(pair.host.arbitration().rollbacks == 2);

    // On the wire: the late play's revision undid two plays; then one revision for each taken back.
    const std::vector<SnapshotHeader> sent = updatesSent(pair);
    const auto rewound = std::find_if(sent.begin(), sent.end(), [](const SnapshotHeader& h) { return h.undone > 0; });
    REQUIRE(rewound != sent.end());
    CHECK(rewound->undone == 2);
    CHECK(rewound->change == std::optional<Move>(clientMove));
    REQUIRE(std::next(rewound, 2) < sent.end());
    CHECK(std::next(rewound)->takenBack == std::optional<Move>(hostMove));
    CHECK(std::next(rewound)->takenBackLeadUs == std::optional<std::int64_t>(1'000)); // the client was 1 ms earlier
    CHECK(std::next(rewound, 2)->takenBack == std::optional<Move>(refill));
    CHECK_FALSE(std::next(rewound, 2)->takenBackLeadUs);
    // Every UPDATE's table is the one before it and what the UPDATE says.
    UpdateReplay replay;
    for (const std::string& bytes : pair.sentToClient) {
        const auto message = SessionPair::sentMessage(bytes);
        if (!message) continue;
        if (const auto* update = std::get_if<Update>(&message->body)) CHECK(replay.take(*update).empty());
    }
    CHECK(replay.rewinds == 1);
    CHECK(replay.takenBack == 2);
    CHECK(replay.skipped == 0);

    // The client: the rewind, its own play applied, then each play taken back, with no jump.
    const std::vector<SessionEvent> after(pair.clientEvents.begin() + static_cast<std::ptrdiff_t>(clientEventsBefore),
                                          pair.clientEvents.end());
    CHECK_FALSE(SessionPair::has(after, SessionEventKind::TableJumped));
    const SessionEvent* told = SessionPair::last(after, SessionEventKind::Rewound);
    REQUIRE(told != nullptr);
    CHECK(told->undone == 2);
    REQUIRE(told->table);
    CHECK_FALSE(onPile(*told->table, hostMove));
    const auto back = eventsOf(after, SessionEventKind::MoveTakenBack);
    REQUIRE(back.size() == 2);
    CHECK(told < back[0]);
    CHECK(back[0]->move == hostMove);
    CHECK(back[0]->raceLeadUs == std::optional<std::int64_t>(1'000));
    CHECK(back[0]->play.error == MoveError::NotAdjacent);
    CHECK(back[1]->move == refill);
    CHECK_FALSE(back[1]->raceLeadUs);
    CHECK(pair.client.confirmedState().player(0).hand[static_cast<std::size_t>(hostMove.slot)] ==
          std::optional<Card>(hostMove.card));
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    // The host's seat is told the same of its own play.
    const auto hostBack = eventsOf(pair.hostEvents, SessionEventKind::MoveTakenBack);
    REQUIRE(hostBack.size() == 2);
    CHECK(hostBack[0]->move == hostMove);
    CHECK(hostBack[0]->raceLeadUs == back[0]->raceLeadUs);
}

TEST_CASE("rewind: a client that missed the rewind's UPDATE adopts the table and says it jumped", "[fair][session][rewind]") {
    auto [pairOwner, hostMove, clientMove] = fairRaceOverJitter(20);
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    const TimeMs madeAt = pair.now;
    auto held = clientFirstOnItsWay(pair, hostMove, clientMove); // 30 ms on its way
    pair.advance(madeAt + 30 - pair.now, 1);
    REQUIRE(onPile(pair.client.confirmedState(), hostMove));
    pair.toClientDown = true; // the rewind's UPDATE and the take-back's are lost
    pair.deliver({}, std::move(held));
    pair.pump();
    pair.advance(20, 1);
    REQUIRE(pair.host.arbitration().rollbacks == 1);
    const std::size_t clientEventsBefore = pair.clientEvents.size();
    pair.toClientDown = false;
    pair.advance(2 * pair.host.config().timing.resendIntervalMs, 1);
    const std::vector<SessionEvent> after(pair.clientEvents.begin() + static_cast<std::ptrdiff_t>(clientEventsBefore),
                                          pair.clientEvents.end());
    CHECK(SessionPair::has(after, SessionEventKind::TableJumped));
    CHECK_FALSE(SessionPair::has(after, SessionEventKind::Rewound));
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
}

} // namespace speed::protocol::test
