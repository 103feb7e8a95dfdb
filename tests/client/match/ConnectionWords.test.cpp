#include "match/ConnectionWords.hpp"

#include "text/Words.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include "support/InJapanese.hpp"

using namespace speed;
using namespace speed::client;
using speed::test::InJapanese;

TEST_CASE("connection words: waiting, connected, silent, over and failed each say so", "[client][words]") {
    ConnectionFacts facts;
    facts.host = true;
    facts.port = 50001;
    facts.info = GameInfo::ConWait;
    facts.waitLeftMs = 26'100;
    CHECK(noticeFor(facts).headline == "Waiting for a player");
    CHECK(statusWord(facts) + " " + statusDetail(facts) == "Waiting for a player   \xC2\xB7   0:27 left   \xC2\xB7   on UDP port 50001");
    CHECK(noticeFor(facts).detail.find("refused") == std::string::npos);
    facts.lanAddress = "192.168.1.20";
    CHECK(noticeFor(facts).detail.find("your friend joins 192.168.1.20") != std::string::npos);
    facts.lastRefusal = "refused a player at 10.0.0.7:40000 (bob): its password is not this host's";
    CHECK(noticeFor(facts).detail.find("(bob): its password is not this host's") != std::string::npos);
    facts.connected = true;
    facts.info = GameInfo::Play;
    facts.peerName = "Robo";
    facts.peerAddress = "127.0.0.1:40000";
    facts.rttMs = 0.4;
    facts.gameNumber = 2;
    CHECK(noticeFor(facts).headline.empty());
    CHECK(statusWord(facts) + " " + statusDetail(facts) == "Playing Robo   \xC2\xB7   RTT 0.40 ms   \xC2\xB7   game 2");
    CHECK(opponentLabel(facts) == "Robo");
    facts.peerSilent = true;
    facts.graceLeftMs = 11'500;
    CHECK(noticeFor(facts).headline == "Robo's window stopped answering");
    CHECK(noticeFor(facts).peerSilent);
    // The round trip measured before the silence is not shown as if it still held.
    CHECK(statusDetail(facts) == "Robo's window stopped answering   \xC2\xB7   waiting 0:12   \xC2\xB7   RTT \xE2\x80\x94");
    facts.matchEnded = true;
    facts.endReason = "the other player left";
    CHECK(noticeFor(facts).headline == "Match over");
    CHECK(statusWord(facts) == "No game");
    CHECK(noticeFor(facts).detail.find("the other player left") == 0);
    CHECK(noticeFor(facts).reason == "the other player left"); // the game log's line, without "R: ..."
    CHECK_FALSE(noticeFor(facts).peerSilent);
    facts.failure = "UDP port 50001 is used by another program";
    CHECK(noticeFor(facts).headline == "No game");
    CHECK(noticeFor(facts).reason == "UDP port 50001 is used by another program");
}

TEST_CASE("connection words: a client joining names the host and counts down", "[client][words]") {
    ConnectionFacts facts;
    facts.info = GameInfo::ConWait;
    facts.peer = HostPort{"192.168.1.20", 50001};
    facts.joinOnly = true;
    facts.waitLeftMs = 9'000;
    CHECK(statusWord(facts) == "Joining");
    CHECK(statusDetail(facts) == "the host at 192.168.1.20:50001   \xC2\xB7   0:09 left");
    CHECK(noticeFor(facts).headline == "Joining");
    CHECK(countdownText(0) == "0:00");
    CHECK(countdownText(59'001) == "1:00");
    CHECK(countdownText(-5) == "0:00");
}

TEST_CASE("connection words: no protocol names reach the player", "[client][words]") {
    ConnectionFacts facts;
    facts.connected = true;
    facts.peerName = "Robo";
    for (GameInfo info : {GameInfo::Nothing, GameInfo::ConWait, GameInfo::Connect, GameInfo::Play, GameInfo::Pause0,
                          GameInfo::Pause1, GameInfo::Win, GameInfo::Draw, GameInfo::Defeat, GameInfo::ExtGame}) {
        facts.info = info;
        const std::string shown = statusWord(facts) + statusDetail(facts) + noticeFor(facts).headline + noticeFor(facts).detail;
        INFO(shown);
        for (const char* name : {"NOTHING", "CON_WAIT", "CONNECT", "EXTGAME", "PAUSE_0", "PAUSE_1", "DEFEAT", "peer"}) {
            CHECK(shown.find(name) == std::string::npos);
        }
    }
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
    CHECK(describeEnd(ended) == "the other player left");
    ended.shutdown = protocol::ShutdownReason::MatchOver;
    CHECK(describeEnd(ended).find("played their games") != std::string::npos);
    ended.shutdown = protocol::ShutdownReason::Terminated;
    CHECK(describeEnd(ended) == "the other player's program was stopped");
    ended.cause = protocol::EndCause::ShutdownHere;
    ended.shutdown = protocol::ShutdownReason::MatchOver;
    CHECK(describeEnd(ended) == "the games are played");
    ended.cause = protocol::EndCause::PeerLost;
    ended.waitedMs = 15'000;
    CHECK(describeEnd(ended) == "the other window stopped answering");
    ended.cause = protocol::EndCause::MatchGone;
    ended.denial = protocol::DenyReason::NoMatch;
    CHECK(describeEnd(ended) == protocol::describe(protocol::stopOf(ended))); // English: as the log says it
    {
        const InJapanese japanese;
        CHECK(describeEnd(ended).find("host") == std::string::npos);
        ended.denial = protocol::DenyReason::Busy;
        CHECK(describeEnd(ended).find("ホストは別の相手と対戦中です") != std::string::npos);
    }
}

TEST_CASE("connection words: a damaged record and a stalled match are said in both languages", "[client][words]") {
    protocol::SessionEvent ended;
    ended.kind = protocol::SessionEventKind::Ended;
    ended.cause = protocol::EndCause::RecordDamaged;
    ended.denial = protocol::DenyReason::Damaged;
    CHECK(describeEnd(ended) == protocol::describe(protocol::stopOf(ended))); // English: as the log says it
    CHECK(describeEnd(ended) == "the host's record of this game was damaged; the game cannot continue");
    ended.cause = protocol::EndCause::Stalled;
    CHECK(describeEnd(ended) == protocol::describe(protocol::stopOf(ended)));
    const InJapanese japanese;
    CHECK(describeEnd(ended) == "双方の場の状態が食い違ったままになりました。対戦を終了します");
    ended.cause = protocol::EndCause::RecordDamaged;
    CHECK(describeEnd(ended) == "ホストのこのゲームの記録が壊れていました。ゲームを続けることはできません");
}

TEST_CASE("connection words: every connection failure is worded from its kind, in both languages", "[client][words]") {
    ConnectionFailure failure{.kind = ConnectorFailure::NoHostAnswered, .target = "192.0.2.1:50001", .port = 50001,
                              .waitedMs = 30'000};
    CHECK(failureWords(failure) == "no host answered at 192.0.2.1:50001 within 30 s");
    CHECK(failureWords(failure) == describe(failure)); // the window's English is the terminal's
    failure.portTaken = true;
    CHECK(failureWords(failure) == describe(failure));
    CHECK(failureWords(ConnectionFailure{}).empty());
    const InJapanese japanese;
    CHECK(failureWords(failure) == "192.0.2.1:50001のホストは30秒以内に応答せず、このコンピューターのUDPポート50001は使用中です");
    for (int kind = 1; kind <= static_cast<int>(ConnectorFailure::Refused); ++kind) {
        failure.kind = static_cast<ConnectorFailure>(kind);
        failure.systemError = "Permission denied"; // the operating system's own words stay as they are
        INFO(describe(failure));
        const std::string words = failureWords(failure);
        CHECK_FALSE(words.empty());
        CHECK(words != describe(failure));
        CHECK(words.find("play.") == std::string::npos); // a missing catalogue key shows itself
    }
}

TEST_CASE("connection words: a host of another protocol version is named with both versions, in both languages", "[client][words]") {
    const ConnectionFailure failure{.kind = ConnectorFailure::Refused, .target = "192.0.2.1:50001",
                                    .denial = protocol::DenyReason::Version, .peerVersion = 7};
    const std::string ours = std::to_string(protocol::kProtocolVersion);
    const std::string english = "the host at 192.0.2.1:50001 speaks protocol version 7; this program speaks version " + ours +
                                ": update one side";
    CHECK(failureWords(failure) == english);
    CHECK(describe(failure) == english); // the terminal's and the log's words are the window's
    const JoinRefusal refusal{"10.0.0.7:40000", "", protocol::DenyReason::Version, 5};
    CHECK(refusalWords(refusal) ==
          "refused a player at 10.0.0.7:40000: it speaks protocol version 5; this program speaks version " + ours + ": update one side");
    const InJapanese japanese;
    CHECK(failureWords(failure) == "192.0.2.1:50001のホストはプロトコルバージョン7、このプログラムはバージョン" + ours +
                                       "を使っています。どちらかを更新してください");
    CHECK(refusalWords(refusal).find("相手はプロトコルバージョン5") != std::string::npos);
}

TEST_CASE("connection words: a player turned away is named with its address and the reason", "[client][words]") {
    const JoinRefusal refusal{"10.0.0.7:40000", "bob", protocol::DenyReason::WrongPassword};
    CHECK(refusalWords(refusal) == "refused a player at 10.0.0.7:40000 (bob): its password is not this host's");
    CHECK(refusalWords({"10.0.0.7:40000", "", protocol::DenyReason::Busy}) == "refused a player at 10.0.0.7:40000: a match is under way");
    const InJapanese japanese;
    CHECK(refusalWords(refusal) == "10.0.0.7:40000のプレイヤー（bob）を断りました：相手のパスワードがこのホストと違います");
}

TEST_CASE("connection words: a missing player is named and the grace counts down on both sides", "[client][words]") {
    ConnectionFacts facts;
    facts.host = true;
    facts.connected = true;
    facts.info = GameInfo::Pause0;
    facts.peerName = "kenta";
    facts.peerSilent = true;
    facts.graceLeftMs = 47'200;
    CHECK(noticeFor(facts).headline == "kenta's window stopped answering");
    CHECK(noticeFor(facts).detail == "the game waits 0:48 for it");
    facts.graceLeftMs = 1'000;
    CHECK(noticeFor(facts).detail == "the game waits 0:01 for it");

    facts.host = false;
    facts.peerName = "hana";
    facts.comingBack = true;
    facts.graceLeftMs = 12'000;
    CHECK(noticeFor(facts).headline == "hana's window stopped answering");
    CHECK(noticeFor(facts).detail.find("the game waits 0:12") == 0);
    CHECK(noticeFor(facts).detail.find("asking to come back") != std::string::npos);
    facts.keeperProblem = store::StoreProblem{store::StoreProblemKind::CannotCreateFolder, "/x", "Permission denied",
                                              "cannot create the state folder /x: Permission denied",
                                              store::KeeperEffect::CannotComeBack};
    CHECK(noticeFor(facts).detail.find("Permission denied") != std::string::npos);
}

TEST_CASE("connection words: a host taken back from its journal waits for its player to come back, "
          "and nobody stopped answering", "[client][words]") {
    ConnectionFacts facts;
    facts.host = true;
    facts.connected = true; // the journal's session, connected again
    facts.info = GameInfo::Pause0;
    facts.peerName = "Ken";
    facts.peerSilent = true;
    facts.awaitingReturn = true;
    facts.graceLeftMs = 47'200;
    facts.port = 50001;
    const MatchNotice notice = noticeFor(facts);
    CHECK(notice.headline == "Waiting for Ken to come back");
    CHECK(notice.detail.find("the game waits 0:48") == 0);
    CHECK(notice.detail.find("UDP port 50001") != std::string::npos);
    CHECK_FALSE(notice.peerSilent); // so the return is not logged as "Ken is back"
    CHECK(notice.awaitingReturn);
    CHECK(statusWord(facts) == "Waiting");
    CHECK(statusDetail(facts).find("for Ken to come back") == 0);
    for (const std::string& words : {notice.headline, notice.detail, statusDetail(facts)})
        CHECK(words.find("stopped answering") == std::string::npos);
    {
        InJapanese japanese;
        CHECK(noticeFor(facts).headline == "Kenの復帰を待っています");
    }
}

TEST_CASE("connection words: a host waiting anew says how the last match ended", "[client][words]") {
    ConnectionFacts facts;
    facts.host = true;
    facts.port = 50001;
    facts.info = GameInfo::ConWait;
    facts.previousEnd = "the other window stopped answering";
    CHECK(noticeFor(facts).headline == "Waiting for a player");
    CHECK(noticeFor(facts).detail.find("last match: the other window stopped answering") != std::string::npos);
    facts.keeperProblem = store::StoreProblem{store::StoreProblemKind::JournalLocked, "/x", {},
                                              "the match journal /x is locked by another program",
                                              store::KeeperEffect::HostCannotTakeBack};
    CHECK(noticeFor(facts).detail.find("is locked by another program") != std::string::npos);
}

using speed::test::InJapanese;
using speed::test::contains;
TEST_CASE("connection words: in Japanese, waiting, playing, silence and the end say so, times filled in",
          "[client][words]") {
    const InJapanese japanese;
    ConnectionFacts facts;
    facts.host = true;
    facts.port = 50001;
    facts.info = GameInfo::ConWait;
    facts.waitLeftMs = 26'100;
    facts.lanAddress = "192.168.1.20";
    CHECK(noticeFor(facts).headline == "相手を待っています");
    CHECK(statusWord(facts) == "待機中");
    CHECK(statusDetail(facts) == "相手を待っています   \xC2\xB7   残り0:27   \xC2\xB7   UDPポート50001");
    CHECK(contains(noticeFor(facts).detail, "友だちの参加先：192.168.1.20"));
    facts.connected = true;
    facts.info = GameInfo::Play;
    facts.peerName = "ロボ";
    facts.rttMs = 0.4;
    facts.gameNumber = 2;
    CHECK(statusWord(facts) == "対戦中");
    CHECK(statusDetail(facts) == "ロボ   \xC2\xB7   RTT 0.40 ms   \xC2\xB7   第2ゲーム");
    facts.peerSilent = true;
    facts.graceLeftMs = 11'500;
    CHECK(noticeFor(facts).headline == "ロボのウィンドウが応答しません");
    CHECK(noticeFor(facts).detail == "ゲームはあと0:12待ちます");
    CHECK(statusDetail(facts) == "ロボのウィンドウが応答しません   \xC2\xB7   あと0:12待ちます   \xC2\xB7   RTT \xE2\x80\x94");
    facts.peerName.clear();
    CHECK(noticeFor(facts).headline == "相手のウィンドウが応答しません");
    facts.matchEnded = true;
    protocol::SessionEvent ended;
    ended.kind = protocol::SessionEventKind::Ended;
    ended.cause = protocol::EndCause::ShutdownThere;
    ended.shutdown = protocol::ShutdownReason::WindowClosed;
    facts.endReason = describeEnd(ended);
    CHECK(facts.endReason == "相手が退出しました");
    CHECK(noticeFor(facts).headline == "対戦終了");
    CHECK(statusWord(facts) == "ゲームなし");
    CHECK(noticeFor(facts).detail == "相手が退出しました   \xC2\xB7   R：もう一度対戦");
    CHECK(noticeFor(facts).reason == "相手が退出しました");
}

TEST_CASE("connection words: in Japanese a joining window names the host, and no English is left",
          "[client][words]") {
    const InJapanese japanese;
    ConnectionFacts facts;
    facts.info = GameInfo::ConWait;
    facts.peer = HostPort{"192.168.1.20", 50001};
    facts.joinOnly = true;
    facts.waitLeftMs = 9'000;
    CHECK(statusWord(facts) == "参加中");
    CHECK(statusDetail(facts) == "192.168.1.20:50001のホスト   \xC2\xB7   残り0:09");
    CHECK(noticeFor(facts).detail.find("192.168.1.20:50001のホストを探しています") == 0);
    CHECK(opponentLabel(facts) == "相手を待っています");

    const std::regex english("[a-z]{4,}");
    facts = ConnectionFacts{};
    facts.connected = true;
    for (GameInfo info : {GameInfo::Nothing, GameInfo::ConWait, GameInfo::Connect, GameInfo::Play, GameInfo::Pause0,
                          GameInfo::Pause1, GameInfo::Win, GameInfo::Draw, GameInfo::Defeat, GameInfo::ExtGame}) {
        facts.info = info;
        const std::string shown = statusWord(facts) + statusDetail(facts) + noticeFor(facts).headline +
                                  noticeFor(facts).detail + opponentLabel(facts);
        INFO(shown);
        CHECK_FALSE(std::regex_search(shown, english));
    }
}

TEST_CASE("connection words: every keeper problem is worded from its kind, in both languages", "[client][words]") {
    store::StoreProblem problem{.kind = store::StoreProblemKind::JournalLocked,
                                .file = "/s/1/2.db",
                                .systemText = "Permission denied",
                                .logText = "the match journal /s/1/2.db is locked by another program",
                                .effect = store::KeeperEffect::HostCannotTakeBack};
    CHECK(keeperWords(problem) == "the match journal /s/1/2.db is locked by another program: Permission denied; "
                                  "a restarted host could not take this match back");
    ConnectionFacts facts;
    facts.info = GameInfo::ConWait;
    facts.host = true;
    facts.keeperProblem = problem;
    CHECK_THAT(noticeFor(facts).detail, Catch::Contains(keeperWords(problem)));

    const std::regex english("[a-z]{4,}");
    const auto lastKind = static_cast<int>(store::StoreProblemKind::JournalIncomplete);
    const auto lastEffect = static_cast<int>(store::KeeperEffect::HostWithoutResume);
    for (int kind = 0; kind <= lastKind; ++kind) {
        for (int effect = 0; effect <= lastEffect; ++effect) {
            problem.kind = static_cast<store::StoreProblemKind>(kind);
            problem.effect = static_cast<store::KeeperEffect>(effect);
            const std::string inEnglish = keeperWords(problem);
            std::string inJapanese;
            {
                const InJapanese japanese;
                inJapanese = keeperWords(problem);
            }
            INFO(inEnglish << " / " << inJapanese);
            CHECK(inEnglish.find("play.") == std::string::npos); // a missing catalogue key shows itself
            CHECK(inJapanese.find("play.") == std::string::npos);
            CHECK(inJapanese != inEnglish);
            if (problem.kind == store::StoreProblemKind::StateLocked) continue; // names its holder: the next test
            // The file and the operating system's words are quoted as they are; nothing else is English.
            CHECK(inJapanese.find("/s/1/2.db") != std::string::npos);
            const auto system = inJapanese.find(problem.systemText);
            REQUIRE(system != std::string::npos);
            CHECK_FALSE(std::regex_search(inJapanese.substr(0, system) + inJapanese.substr(system + problem.systemText.size()),
                                          english));
        }
    }
}

TEST_CASE("connection words: a state locked by another program names it by PID and machine, in both languages",
          "[client][words]") {
    store::StoreProblem problem{.kind = store::StoreProblemKind::StateLocked,
                                .file = "/s/host-50001.lock",
                                .systemText = {},
                                .logText = "the match journal for port 50001 is in use by speed-server (PID 4242 on "
                                           "hana-pc)",
                                .effect = store::KeeperEffect::HostWithoutResume,
                                .holder = store::LockHolder{50001, 4242, "hana-pc", "speed-server"}};
    CHECK(keeperWords(problem) == "the match journal for port 50001 is in use by speed-server (PID 4242 on hana-pc); "
                                  "this host plays without resume: a restart would end the match");
    {
        const InJapanese japanese;
        CHECK(keeperWords(problem) == "ポート50001の対戦記録はhana-pcのspeed-server（PID 4242）が使用中です。"
                                      "このホストは復帰なしで対戦します（再起動すると対戦は終わります）");
    }
    problem.holder = store::LockHolder{50001, 0, {}, {}}; // it has not written itself in yet
    CHECK(keeperWords(problem) == "the match journal for port 50001 is in use by another program; "
                                  "this host plays without resume: a restart would end the match");
}
