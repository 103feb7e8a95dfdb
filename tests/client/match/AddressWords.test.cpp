#include "match/AddressWords.hpp"

#include "text/Words.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>
#include "support/InJapanese.hpp"

using namespace speed;
using namespace speed::client;
using speed::test::contains;
using speed::test::InJapanese;

namespace {

// One address for each problem the parser tells apart; none holds an English word itself.
std::vector<HostPortError> everyProblem() {
    std::vector<HostPortError> problems;
    for (const char* typed : {"", "[::1", "[::1]x", "10.0.0.2:", ":5", "10.0.0.2:99999"}) {
        problems.push_back(parseHostPort(typed, 50001).error);
    }
    return problems;
}

const std::regex kEnglishWord("[a-z]{4,}");

} // namespace

TEST_CASE("address words: every kind of address problem has its own words", "[client][words]") {
    const std::vector<HostPortError> problems = everyProblem();
    for (HostPortProblem kind : {HostPortProblem::Empty, HostPortProblem::UnclosedBracket, HostPortProblem::AfterBracket,
                                 HostPortProblem::EmptyPort, HostPortProblem::EmptyHost, HostPortProblem::BadPort}) {
        CHECK(std::count_if(problems.begin(), problems.end(), [&](const auto& p) { return p.kind == kind; }) == 1);
    }
    CHECK(hostPortWords(HostPortError{}).empty());
}

TEST_CASE("address words: in English the window says what the terminal says", "[client][words]") {
    for (const HostPortError& problem : everyProblem()) {
        CHECK(hostPortWords(problem) == describe(problem));
        CHECK(hostPortWords(problem, Language::English) == describe(problem));
        const PeerProblem joined{PeerSource::JoinFlag, problem};
        CHECK(peerProblemWords(joined, "setup.ini") == describe(joined, "setup.ini"));
        const PeerProblem fromFile{PeerSource::SetupPeer, problem};
        CHECK(peerProblemWords(fromFile, "/etc/s.ini") == describe(fromFile, "/etc/s.ini"));
    }
}

TEST_CASE("address words: in Japanese each problem and where it was written is Japanese", "[client][words]") {
    const InJapanese japanese;
    for (const HostPortError& problem : everyProblem()) {
        const std::string alone = hostPortWords(problem);
        const std::string joined = peerProblemWords({PeerSource::JoinFlag, problem}, "/etc/s.ini");
        const std::string fromFile = peerProblemWords({PeerSource::SetupPeer, problem}, "/etc/s.ini");
        INFO(alone << " | " << joined << " | " << fromFile);
        CHECK_FALSE(alone.empty());
        CHECK(alone != describe(problem));
        CHECK_FALSE(std::regex_search(alone + joined + fromFile, kEnglishWord));
        CHECK(contains(joined, alone));
        CHECK(contains(fromFile, "/etc/s.ini"));
        CHECK(contains(fromFile, alone));
        // The window's language is asked for, or given.
        CHECK(hostPortWords(problem, Language::English) == describe(problem));
    }
    const HostPortError badPort = parseHostPort("10.0.0.2:99999", 50001).error;
    CHECK(contains(hostPortWords(badPort), "「99999」"));
    CHECK(contains(hostPortWords(badPort), "1..65535"));
    CHECK(contains(hostPortWords(parseHostPort("[::1]x", 50001).error), "「[::1]x」"));
}
