// Coming back after a drop (docs/NETWORK.md, "Coming back"): a client whose program restarted
// takes its seat again with its ticket, a host that restarted deals the same table from its
// journal, a silence shorter than the grace pauses and resumes, a longer one ends the match,
// and nobody else can take the held seat.
#include "ResumeRig.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <memory>

namespace speed::protocol::test {

TEST_CASE("a client whose program restarted comes back to the same game and table", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(6);
    const ResumeTicket ticket = rig.client->ticket();
    CHECK(ticket.host == kHost);
    CHECK(ticket.game == 1);
    const GameState before = rig.host->state();
    const WireNumber game = rig.host->gameNumber();

    rig.killClient();
    rig.advance(5000); // the host notices the silence: the game pauses, the seat is held
    CHECK(rig.host->gameInfo() == GameInfo::Pause0);
    CHECK(rig.host->graceLeftMs(rig.now) <= 60'000 - 3000);
    CHECK(sameCards(rig.host->state(), before));

    rig.restartClient(ticket, "client:40404"); // a new process, from another port
    rig.advance(200);
    CHECK(rig.client->gameNumber() == game);
    CHECK(sameCards(rig.client->confirmedState(), before));
    CHECK(rig.host->gameInfo() == GameInfo::Play);
    CHECK(rig.client->gameInfo() == GameInfo::Play);
    CHECK(rig.host->peerAddress() == "client:40404");
    CHECK(SessionPair::has(rig.hostEvents, SessionEventKind::Rejoined));
    CHECK(SessionPair::has(rig.clientEvents, SessionEventKind::Rejoined));
    CHECK(rig.client->ticket().clientNonce != ticket.clientNonce); // a new session: a new ticket to keep

    rig.playOut();
    CHECK(rig.host->confirmedState().result != GameResult::Playing);
    CHECK(sameCards(rig.client->confirmedState(), rig.host->state()));
}

TEST_CASE("a host that restarted deals the same table from its journal and its client comes back", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(8);
    const GameState announced = rig.client->confirmedState(); // the last table the client was told
    const WireNumber revision = rig.client->revision();
    REQUIRE(sameCards(announced, rig.host->state()));

    rig.killHost();
    rig.advance(500);
    REQUIRE(rig.restartHost().empty());
    CHECK(rig.host->gameInfo() == GameInfo::Pause0); // the seat is held, the game paused
    CHECK(sameCards(rig.host->state(), announced));
    CHECK(rig.host->revision() >= revision);
    rig.advance(200); // REKEY: the client asks for its seat back at once
    CHECK(rig.host->gameInfo() == GameInfo::Play);
    CHECK(rig.client->gameInfo() == GameInfo::Play);
    CHECK(sameCards(rig.client->confirmedState(), announced));
    CHECK(rig.host->gameNumber() == 1);

    rig.playOut();
    CHECK(sameCards(rig.client->confirmedState(), rig.host->state()));
    CHECK(rig.host->confirmedState().result != GameResult::Playing);
}

TEST_CASE("a restored host is not brought back by the old session's datagrams, only by the client coming back", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    rig.killHost();
    REQUIRE(rig.restartHost().empty());
    rig.toClientDown = true; // its REKEY is lost: the client goes on in the old session for now
    rig.advance(2000);
    CHECK(rig.host->gameInfo() == GameInfo::Pause0);
    CHECK(rig.host->stats().unauthenticated > 0);
    CHECK(rig.host->stats().datagramsSent <= 3); // REKEY once a second, nothing else
    rig.toClientDown = false;
    rig.advance(4000); // silence, or the next REKEY: the client comes back
    CHECK(rig.host->gameInfo() == GameInfo::Play);
    CHECK(sameCards(rig.client->confirmedState(), rig.host->state()));
}

TEST_CASE("a copy of a REKEY makes a client ask again, and the match goes on unharmed", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    rig.killHost();
    REQUIRE(rig.restartHost().empty());
    std::string rekey;
    rig.host->tick(rig.now);
    for (const auto& datagram : rig.host->takeOutgoing()) {
        if (datagram.bytes.rfind("REKEY", 0) == 0) rekey = datagram.bytes;
    }
    REQUIRE_FALSE(rekey.empty());
    rig.client->receive(rig.now, kHost, rekey);
    rig.advance(300);
    REQUIRE(rig.host->gameInfo() == GameInfo::Play);
    const GameState before = rig.host->state();
    const std::string session = rig.host->sessionId();
    rig.client->receive(rig.now, kHost, rekey); // replayed: the old session's tag is no longer taken
    rig.client->receive(rig.now, "elsewhere:1", rekey);
    rig.advance(300);
    CHECK(rig.host->sessionId() == session);
    CHECK(rig.host->gameInfo() == GameInfo::Play);
    CHECK(sameCards(rig.host->state(), before));
}

TEST_CASE("a host restored from its journal answers a decided proposal again and never applies it twice", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    // The client proposes; the host decides and journals it, then dies before the answer leaves.
    const auto move = anyLegalMove(rig.client->state(), kClientSeat);
    REQUIRE(move);
    REQUIRE(rig.client->proposeMove(rig.now, *move).sent);
    auto proposal = rig.client->takeOutgoing();
    REQUIRE(proposal.size() == 4); // a new MOVE goes four times at once, the same datagram
    REQUIRE(proposal.front().bytes == proposal.back().bytes);
    rig.host->receive(rig.now, rig.clientAddress, proposal.front().bytes);
    rig.journal.write(rig.host->takeJournal());
    const GameState decided = rig.host->state();
    rig.killHost();
    REQUIRE(rig.restartHost().empty());
    CHECK(sameCards(rig.host->state(), decided));
    rig.advance(5000);
    CHECK(rig.client->gameInfo() == GameInfo::Play);
    CHECK(sameCards(rig.client->confirmedState(), decided)); // the move once, not twice
    CHECK(rig.host->stats().proposalsRejected == 0);
}

TEST_CASE("a silence shorter than the grace pauses the game and play resumes", "[session][resume]") {
    for (const TimeMs silence : {20'000, 45'000}) {
        Rig rig;
        rig.connectAndDeal();
        rig.playSome(4);
        const GameState before = rig.host->state();
        rig.linkDown = true;
        rig.advance(silence, 50);
        CHECK(rig.host->gameInfo() == GameInfo::Pause0);
        CHECK(rig.client->gameInfo() == GameInfo::Pause0);
        CHECK(rig.client->graceLeftMs(rig.now) < 60'000 - silence + 3000);
        rig.linkDown = false;
        rig.advance(1000);
        CHECK(rig.host->gameInfo() == GameInfo::Play);
        CHECK(rig.client->gameInfo() == GameInfo::Play);
        CHECK(sameCards(rig.client->confirmedState(), before));
        rig.playOut();
        CHECK(sameCards(rig.client->confirmedState(), rig.host->state()));
    }
}

TEST_CASE("past the grace both sides end the match and say why", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.linkDown = true;
    rig.advance(61'000, 100);
    CHECK(rig.host->gameInfo() == GameInfo::Nothing);
    CHECK(rig.client->gameInfo() == GameInfo::Nothing);
    const SessionEvent* hostEnd = SessionPair::last(rig.hostEvents, SessionEventKind::Ended);
    const SessionEvent* clientEnd = SessionPair::last(rig.clientEvents, SessionEventKind::Ended);
    REQUIRE(hostEnd != nullptr);
    REQUIRE(clientEnd != nullptr);
    CHECK(hostEnd->cause == EndCause::PeerLost);
    CHECK(clientEnd->cause == EndCause::PeerLost);
    CHECK(hostEnd->peerName == "kenta");
    CHECK(hostEnd->waitedMs >= 60'000);
    // The log's line, worded once from those fields.
    CHECK(hostEnd->text == "nothing heard from kenta for 60 s: the match is given up");
    CHECK(hostEnd->text == describe(stopOf(*hostEnd)));
    CHECK_FALSE(rig.journal.match.has_value()); // nothing left to come back to
}

TEST_CASE("a stranger is told the seat is held while its player is missing, and busy otherwise", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    SessionConfig strangerConfig = configFor(SessionRole::Client);
    strangerConfig.random = [mix = SplitMix64(0x5757)]() mutable { return mix.next(); };
    const auto denialFor = [&](const char* address) {
        ClientSession stranger(strangerConfig);
        stranger.connect(rig.now, kHost);
        rig.toOthers.clear();
        for (const auto& datagram : stranger.takeOutgoing()) rig.host->receive(rig.now, address, datagram.bytes);
        rig.pump();
        for (const auto& datagram : rig.toOthers) stranger.receive(rig.now, kHost, datagram.bytes);
        const auto events = stranger.takeEvents();
        const auto* failed = SessionPair::last(events, SessionEventKind::ConnectFailed);
        return failed != nullptr ? std::optional<DenyReason>(failed->denial) : std::nullopt;
    };
    CHECK(denialFor("stranger:1") == DenyReason::Busy);
    rig.killClient();
    rig.advance(5000);
    CHECK(denialFor("stranger:2") == DenyReason::Held);
    CHECK(rig.host->gameInfo() == GameInfo::Pause0); // nothing changed for the missing player
}

TEST_CASE("coming back needs the session's key, not only its id", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    ResumeTicket forged = rig.client->ticket();
    rig.killClient();
    rig.advance(5000);
    // The id is two nonces anyone on the path saw; with a password the key is not.
    forged.hostNonce ^= 1; // another session: not this seat
    rig.restartClient(forged, "thief:1");
    rig.advance(300);
    CHECK(rig.client->gameInfo() == GameInfo::Nothing);
    CHECK(rig.host->gameInfo() == GameInfo::Pause0);
    CHECK(rig.host->peerAddress() == kClient);
}

TEST_CASE("a ticket of a match the host no longer holds makes the client join as a new player", "[session][resume]") {
    Rig rig;
    rig.host->listen(rig.now);
    rig.client->rejoin(rig.now, ResumeTicket{kHost, 0x1111, 0x2222, "hana", 3});
    rig.pump();
    CHECK(rig.client->gameInfo() == GameInfo::Connect);
    CHECK(SessionPair::has(rig.clientEvents, SessionEventKind::MatchGone));
    CHECK_FALSE(SessionPair::has(rig.clientEvents, SessionEventKind::Rejoined));
    CHECK(rig.journal.match.has_value()); // a new match, journaled from its start
}

TEST_CASE("with a password a returning client and a restored host still find each other", "[session][resume]") {
    Rig rig;
    const auto key = derivePasswordKey("kumo-no-ue");
    REQUIRE(key);
    rig.hostConfig.passwordKey = key;
    rig.clientConfig.passwordKey = key;
    rig.host = std::make_unique<HostSession>(rig.hostConfig);
    rig.client = std::make_unique<ClientSession>(rig.clientConfig);
    rig.connectAndDeal();
    rig.playSome(3);
    const ResumeTicket ticket = rig.client->ticket();
    rig.killClient();
    rig.advance(4000);
    rig.restartClient(ticket, "client:50003");
    rig.advance(300);
    CHECK(rig.client->gameInfo() == GameInfo::Play);
    rig.killHost();
    REQUIRE(rig.restartHost().empty());
    rig.advance(4000);
    CHECK(rig.host->gameInfo() == GameInfo::Play);
    CHECK(sameCards(rig.client->confirmedState(), rig.host->state()));
}

TEST_CASE("a journal whose moves do not replay is refused and changes nothing", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    MatchRecord broken = *rig.journal.match;
    for (JournalEntry& entry : broken.entries) {
        if (entry.change == JournalChange::Move) entry.move.slot = 7; // not a slot of this hand
    }
    HostSession restored(rig.hostConfig);
    CHECK_FALSE(restored.restore(rig.now, broken, rig.now).empty());
    CHECK(restored.gameInfo() == GameInfo::Nothing);
}

} // namespace speed::protocol::test

namespace speed::protocol::test {

TEST_CASE("a HELLO with the session's id but a proof made without its key is ignored", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    const std::string id = rig.host->sessionId();
    rig.killClient();
    rig.advance(5000);
    const Nonce nonce = 0xABCDEF;
    Hello first{kProtocolVersion, "thief", nonce};
    first.resume = id;
    first.padChars = 100;
    rig.host->receive(rig.now, "thief:9", encodeDatagram({1, 1, first}));
    rig.toOthers.clear();
    rig.pump();
    REQUIRE(rig.toOthers.size() == 1);
    const auto challenge = decodeDatagram(rig.toOthers.front().bytes, nullptr);
    REQUIRE(challenge.ok());
    Hello second = first;
    second.cookie = std::get<Challenge>(challenge.message->body).cookie;
    second.resumeProof = "0123456789abcdef";
    const long long ignoredBefore = rig.host->stats().ignored;
    rig.host->receive(rig.now, "thief:9", encodeDatagram({2, 2, second}));
    rig.pump();
    CHECK(rig.host->stats().ignored == ignoredBefore + 1);
    CHECK(rig.host->sessionId() == id); // the seat is still the missing player's
    CHECK(rig.host->peerAddress() == kClient);
    CHECK(rig.host->gameInfo() == GameInfo::Pause0);
}

} // namespace speed::protocol::test

namespace speed::protocol::test {

TEST_CASE("a client whose host restarted without the match ends it and says why", "[session][resume]") {
    Rig rig;
    rig.connectAndDeal();
    rig.killHost();
    rig.host = std::make_unique<HostSession>(rig.hostConfig); // a new host: no journal
    rig.hostAlive = true;
    rig.host->listen(rig.now);
    rig.advance(4000);
    CHECK(rig.client->gameInfo() == GameInfo::Nothing);
    const SessionEvent* ended = SessionPair::last(rig.clientEvents, SessionEventKind::Ended);
    REQUIRE(ended != nullptr);
    CHECK(ended->cause == EndCause::MatchGone);
    CHECK(ended->denial == DenyReason::NoMatch);
    CHECK(rig.host->gameInfo() == GameInfo::ConWait); // it still waits for a player
}

} // namespace speed::protocol::test

namespace speed::protocol::test {

TEST_CASE("while the client is silent the host resends its table once a second, not every 150 ms", "[session][resume]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.host.pause(pair.now); // a new revision the client never acknowledges
    pair.linkDown = true;
    pair.advance(4000);        // the client falls silent after 3 s
    const auto tablesSent = [&] {
        return std::count_if(pair.sentToClient.begin(), pair.sentToClient.end(),
                             [](const std::string& bytes) { return bytes.rfind("INVISIBLE", 0) == 0; });
    };
    const auto before = tablesSent();
    pair.advance(10'000);
    CHECK(tablesSent() - before >= 9);
    CHECK(tablesSent() - before <= 11);
}

} // namespace speed::protocol::test

namespace speed::protocol::test {

TEST_CASE("while the host is silent a pending proposal goes once a second, and at once when it is back", "[session][resume]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.linkDown = true;
    const auto move = anyLegalMove(pair.client.state(), kClientSeat);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    pair.advance(4000); // silent after 3 s
    const auto movesSent = [&] {
        return std::count_if(pair.sentToHost.begin(), pair.sentToHost.end(),
                             [](const std::string& bytes) { return bytes.rfind("MOVE", 0) == 0; });
    };
    const auto before = movesSent();
    pair.advance(10'000);
    CHECK(movesSent() - before >= 9);
    CHECK(movesSent() - before <= 11);
    pair.linkDown = false;
    const auto confirmedBefore = pair.client.stats().proposalsConfirmed;
    pair.advance(300, 10); // the host's next datagram brings the client's resend at once
    CHECK(pair.client.stats().proposalsConfirmed == confirmedBefore + 1);
}

} // namespace speed::protocol::test
