#include "speed/net/DnsSd.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <thread>

using namespace speed::net;

namespace {

ServiceFacts waitingHost() {
    ServiceFacts facts;
    facts.name = "Taro";
    facts.port = 50001;
    facts.version = 7;
    facts.rules = "2S4MF";
    return facts;
}

using Strings = std::vector<std::string>;

} // namespace

TEST_CASE("the TXT record says version, password, state, rules and the host id, nothing else", "[net][dnssd]") {
    ServiceFacts facts = waitingHost();
    CHECK(txtRecordOf(facts) == Strings{"v=7", "pw=0", "state=waiting", "rules=2S4MF"});
    facts.busy = true;
    facts.passwordNeeded = true;
    facts.rules = "0C8AA";
    CHECK(txtRecordOf(facts) == Strings{"v=7", "pw=1", "state=busy", "rules=0C8AA"});
    facts.hostId = 0x00c0ffee5eed0001;
    CHECK(txtRecordOf(facts) == Strings{"v=7", "pw=1", "state=busy", "rules=0C8AA", "id=00c0ffee5eed0001"});
    const std::optional<ServiceFacts> read = parseTxtRecord(txtRecordOf(facts));
    REQUIRE(read);
    CHECK(read->hostId == 0x00c0ffee5eed0001);
    // An id is optional (a host of an earlier release has none), never garbled.
    CHECK(parseTxtRecord({"v=7", "pw=1", "state=busy", "rules=0C8AA"})->hostId == 0);
    for (const char* bad : {"id=00C0FFEE5EED0001", "id=c0ffee", "id=00c0ffee5eed00012", "id=00c0ffee5eed000g", "id="}) {
        INFO(bad);
        CHECK_FALSE(parseTxtRecord({"v=7", "pw=1", "state=busy", "rules=0C8AA", bad}));
    }
}

TEST_CASE("a TXT record read back gives the facts it was made of", "[net][dnssd]") {
    for (const bool busy : {false, true}) {
        for (const bool password : {false, true}) {
            ServiceFacts facts = waitingHost();
            facts.busy = busy;
            facts.passwordNeeded = password;
            const std::optional<ServiceFacts> read = parseTxtRecord(txtRecordOf(facts));
            REQUIRE(read);
            CHECK(read->version == 7);
            CHECK(read->busy == busy);
            CHECK(read->passwordNeeded == password);
            CHECK(read->rules == "2S4MF");
            CHECK(read->name.empty()); // the name and port are the service's, not the TXT record's
            CHECK(read->port == 0);
        }
    }
}

TEST_CASE("a TXT record's keys in any order and case, other keys ignored, the first occurrence counts",
          "[net][dnssd]") {
    const auto read = parseTxtRecord(
        {"txtvers=1", "RULES=2C1MA", "State=busy", "later", "PW=1", "v=12", "pw=0", "state=waiting", "colour=green"});
    REQUIRE(read);
    CHECK(read->version == 12);
    CHECK(read->passwordNeeded);
    CHECK(read->busy);
    CHECK(read->rules == "2C1MA");
}

TEST_CASE("a garbled or foreign TXT record is refused, never half read", "[net][dnssd]") {
    const Strings good{"v=7", "pw=0", "state=waiting", "rules=2S4MF"};
    REQUIRE(parseTxtRecord(good));
    // Each key missing in turn.
    for (std::size_t left = 0; left < good.size(); ++left) {
        Strings record = good;
        record.erase(record.begin() + static_cast<std::ptrdiff_t>(left));
        CHECK_FALSE(parseTxtRecord(record));
    }
    // Each value outside its grammar.
    // One line per key.
    // clang-format off
    const std::vector<std::pair<std::size_t, std::string>> wrong{
        {0, "v="}, {0, "v=0"}, {0, "v=x7"}, {0, "v=-7"}, {0, "v=7 "}, {0, "v=12345"},
        {1, "pw="}, {1, "pw=2"}, {1, "pw=yes"}, {1, "pw=01"},
        {2, "state="}, {2, "state=WAITING"}, {2, "state=playing"}, {2, "state=busy\n"},
        {3, "rules="}, {3, "rules=2S4M"}, {3, "rules=2S4MFF"}, {3, "rules=1S4MF"}, {3, "rules=2X4MF"},
        {3, "rules=2S9MF"}, {3, "rules=2S0MF"}, {3, "rules=2S4XF"}, {3, "rules=2S4MX"}, {3, "rules=2s4mf"},
    };
    // clang-format on
    for (const auto& [at, value] : wrong) {
        Strings record = good;
        record[at] = value;
        INFO(value);
        CHECK_FALSE(parseTxtRecord(record));
    }
    // The same with bytes no text has.
    CHECK_FALSE(parseTxtRecord({"v=7", std::string("pw=\0", 4), "state=waiting", "rules=2S4MF"}));
    CHECK_FALSE(parseTxtRecord({"v=7", "pw=0", "state=waiting", "rules=2S4MF\xff"}));
    // Nothing at all, or only keyless strings.
    CHECK_FALSE(parseTxtRecord({}));
    CHECK_FALSE(parseTxtRecord({"", "=7", "v", "pw", "state", "rules"}));
}

TEST_CASE("an oversize TXT string or record is refused", "[net][dnssd]") {
    Strings record{"v=7", "pw=0", "state=waiting", "rules=2S4MF"};
    Strings longString = record;
    longString.push_back("note=" + std::string(kDnsSdTxtStringMax - 4, 'x')); // one byte too many
    CHECK_FALSE(parseTxtRecord(longString));
    Strings longestString = record;
    longestString.push_back("note=" + std::string(kDnsSdTxtStringMax - 5, 'x')); // just fits
    CHECK(parseTxtRecord(longestString));

    Strings many = record;
    while (true) {
        std::size_t total = 0;
        for (const std::string& entry : many)
            total += entry.size();
        if (total > kDnsSdTxtRecordMax) break;
        many.push_back("pad=" + std::string(40, 'p'));
    }
    CHECK_FALSE(parseTxtRecord(many));
    many.pop_back();
    CHECK(parseTxtRecord(many));
}

TEST_CASE("rules tokens follow JOKERS DEAL HAND REFILL ARBITRATION", "[net][dnssd]") {
    for (const char* token : {"2S4MF", "0C1AA", "2C8MA", "0S5AF"})
        CHECK(isRulesToken(token));
    for (const char* token : {"", "2S4M", "2S4MFA", "3S4MF", "2T4MF", "2S9MF", "2S4BF", "2S4MB"})
        CHECK_FALSE(isRulesToken(token));
}

TEST_CASE("the instance name is the player's, cut to a DNS label at a character's boundary", "[net][dnssd]") {
    CHECK(serviceNameOf("Taro") == "Taro");
    CHECK(serviceNameOf("  Taro \t") == "Taro");
    CHECK(serviceNameOf("") == "Speed");
    CHECK(serviceNameOf("\n\t ") == "Speed");
    CHECK(serviceNameOf("Ta\x01ro\x7f") == "Taro");
    CHECK(serviceNameOf("\xe5\xa4\xaa\xe9\x83\x8e") == "\xe5\xa4\xaa\xe9\x83\x8e"); // Taro in kanji
    CHECK(serviceNameOf("Ta\xffro\xe5\xa4") == "Taro"); // a stray byte and a character cut short
    CHECK(serviceNameOf(std::string(70, 'a')) == std::string(63, 'a'));
    // 22 three-byte characters are 66 bytes: 21 of them fit, none is cut in two.
    std::string kana;
    for (int i = 0; i < 22; ++i)
        kana += "\xe3\x81\x82";
    CHECK(serviceNameOf(kana) == kana.substr(0, 63));
    CHECK(serviceNameOf(std::string(62, 'a') + "\xe3\x81\x82") == std::string(62, 'a'));
}

// Without a D-Bus system bus (its address points nowhere), both classes say why at once, keep
// trying in the background, and are ended without waiting for a daemon.
TEST_CASE("without a daemon, the announcer and the browser say why and end cleanly", "[net][dnssd]") {
    const char* before = std::getenv("DBUS_SYSTEM_BUS_ADDRESS");
    const std::string saved = before != nullptr ? before : "";
    ::setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/speed-test-no-bus", 1);
    const auto waitFor = [](const auto& condition) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!condition() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return condition();
    };
    {
        DnsSdAnnouncer announcer(waitingHost());
        DnsSdBrowser browser;
        REQUIRE(waitFor([&] { return announcer.problem() && browser.problem(); }));
        CHECK(announcer.problem()->find("D-Bus") != std::string::npos);
        CHECK(browser.problem()->find("D-Bus") != std::string::npos);
        CHECK_FALSE(announcer.published());
        CHECK(announcer.publishedName() == "Taro");
        ServiceFacts busy = waitingHost();
        busy.busy = true;
        announcer.update(busy); // kept for when a daemon appears
        CHECK(browser.snapshot().empty());
        CHECK(browser.ignoredCount() == 0);
    }
    if (before != nullptr)
        ::setenv("DBUS_SYSTEM_BUS_ADDRESS", saved.c_str(), 1);
    else
        ::unsetenv("DBUS_SYSTEM_BUS_ADDRESS");
}
