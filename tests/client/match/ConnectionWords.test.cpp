#include "match/ConnectionWords.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("connection words: waiting, connected, silent, over and failed each say so", "[client][words]") {
    ConnectionFacts facts;
    facts.host = true;
    facts.port = 50001;
    facts.info = GameInfo::ConWait;
    CHECK(noticeFor(facts).headline == "WAITING");
    CHECK(statusDetail(facts).find("hosting on UDP port 50001") != std::string::npos);
    CHECK(noticeFor(facts).detail.find("refused") == std::string::npos);
    facts.lastRefusal = "refused a player at 10.0.0.7:40000 (bob): its password is not this host's";
    CHECK(noticeFor(facts).headline == "WAITING");
    CHECK(noticeFor(facts).detail.find("(bob): its password is not this host's") != std::string::npos);
    facts.connected = true;
    facts.info = GameInfo::Play;
    facts.peerName = "kenta";
    facts.peerAddress = "127.0.0.1:40000";
    facts.rttMs = 0.4;
    facts.gameNumber = 2;
    CHECK(noticeFor(facts).headline.empty());
    CHECK(statusDetail(facts).find("vs kenta at 127.0.0.1:40000") != std::string::npos);
    CHECK(statusDetail(facts).find("game 2") != std::string::npos);
    CHECK(opponentLabel(facts) == "kenta");
    facts.peerSilent = true;
    CHECK(noticeFor(facts).headline == "SILENT");
    facts.matchEnded = true;
    facts.endReason = "the other player closed their window";
    CHECK(noticeFor(facts).headline == "MATCH OVER");
    CHECK(noticeFor(facts).detail.find("closed their window") != std::string::npos);
    facts.failure = "UDP port 50001 is already in use";
    CHECK(noticeFor(facts).headline == "NO GAME");
}

TEST_CASE("connection words: the round trip in fractions of a millisecond, none while the peer is silent",
          "[client][words]") {
    ConnectionFacts facts;
    facts.connected = true;
    facts.info = GameInfo::Play;
    CHECK(roundTripText(facts) == "RTT \xE2\x80\x94"); // none measured yet
    facts.rttMs = 0.314;
    CHECK(roundTripText(facts) == "RTT 0.31 ms");
    CHECK(statusDetail(facts).find("RTT 0.31 ms") != std::string::npos);
    facts.rttMs = 4.26;
    CHECK(roundTripText(facts) == "RTT 4.3 ms");
    facts.rttMs = 38.7;
    CHECK(roundTripText(facts) == "RTT 39 ms");
    facts.peerSilent = true; // the last figure says nothing about a network that carries nothing
    CHECK(roundTripText(facts) == "RTT \xE2\x80\x94");
}

TEST_CASE("connection words: how a session ended comes from its typed cause", "[client][words]") {
    protocol::SessionEvent ended;
    ended.kind = protocol::SessionEventKind::Ended;
    ended.cause = protocol::EndCause::ShutdownThere;
    ended.shutdown = protocol::ShutdownReason::WindowClosed;
    CHECK(describeEnd(ended) == "the other player closed their window");
    ended.shutdown = protocol::ShutdownReason::MatchOver;
    CHECK(describeEnd(ended).find("played its games") != std::string::npos);
    ended.cause = protocol::EndCause::ShutdownHere;
    CHECK(describeEnd(ended) == "the games are played");
    ended.cause = protocol::EndCause::PeerLost;
    ended.text = "nothing heard from the peer for 15000 ms";
    CHECK(describeEnd(ended).find("lost the other side") != std::string::npos);
}

TEST_CASE("connection words: a missing player is named and the grace counts down on both sides", "[client][words]") {
    ConnectionFacts facts;
    facts.host = true;
    facts.connected = true;
    facts.info = GameInfo::Pause0;
    facts.peerName = "kenta";
    facts.peerSilent = true;
    facts.graceLeftMs = 47'200;
    CHECK(noticeFor(facts).headline == "SILENT");
    CHECK(noticeFor(facts).detail.find("kenta is missing") == 0);
    CHECK(noticeFor(facts).detail.find("the game waits 48 s") != std::string::npos);
    facts.graceLeftMs = 1'000;
    CHECK(noticeFor(facts).detail.find("the game waits 1 s") != std::string::npos);

    facts.host = false;
    facts.peerName = "hana";
    facts.comingBack = true;
    facts.graceLeftMs = 12'000;
    CHECK(noticeFor(facts).detail.find("hana is missing") == 0);
    CHECK(noticeFor(facts).detail.find("the game waits 12 s") != std::string::npos);
    CHECK(noticeFor(facts).detail.find("asking to come back") != std::string::npos);
    facts.keeperProblem = "cannot create the state folder /x: Permission denied";
    CHECK(noticeFor(facts).detail.find("Permission denied") != std::string::npos);
}

TEST_CASE("connection words: a host waiting anew says how the last match ended", "[client][words]") {
    ConnectionFacts facts;
    facts.host = true;
    facts.port = 50001;
    facts.info = GameInfo::ConWait;
    facts.previousEnd = "lost the other side: nothing heard from kenta for 60 s: the match is given up";
    CHECK(noticeFor(facts).headline == "WAITING");
    CHECK(noticeFor(facts).detail.find("last match: lost the other side: nothing heard from kenta for 60 s") !=
          std::string::npos);
    facts.keeperProblem = "the match journal /x is locked by another program";
    CHECK(noticeFor(facts).detail.find("is locked by another program") != std::string::npos);
}
