// Finding hosts on the LAN (docs/PROTOCOL.md, "Finding hosts"): FIND and HERE on the wire, what a
// host answers and what it refuses (rule 17), and what a finder keeps of the answers.
#include "SessionPair.hpp"

#include "speed/protocol/Discovery.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace speed;
using namespace speed::protocol;
using namespace speed::protocol::test;

namespace {

const PeerAddress kFinder = "192.0.2.9:41000";

// A FIND as a finder sends it (padded to kMinFindBytes), or with `padChars` of padding.
std::string findDatagram(std::uint64_t nonce, std::size_t padChars = 0) {
    Find find;
    find.nonce = nonce;
    find.padChars = padChars > 0 ? padChars : 1;
    std::string bytes = encodeDatagram(Message{3, 1, find});
    if (padChars > 0 || bytes.size() >= kMinFindBytes) return bytes;
    find.padChars += kMinFindBytes - bytes.size();
    return encodeDatagram(Message{3, 1, find});
}

std::vector<Here> heresIn(const std::vector<OutgoingDatagram>& sent, std::vector<std::size_t>* sizes = nullptr) {
    std::vector<Here> heres;
    for (const OutgoingDatagram& datagram : sent) {
        const DecodeResult decoded = decodeDatagram(datagram.bytes);
        if (!decoded.message) continue;
        if (const auto* here = std::get_if<Here>(&decoded.message->body)) {
            heres.push_back(*here);
            if (sizes) sizes->push_back(datagram.bytes.size());
        }
    }
    return heres;
}

SessionConfig hostNamed(std::string name, bool password = false) {
    SessionConfig config = configFor(SessionRole::Host);
    config.playerName = std::move(name);
    config.rules.handSize = 5;
    config.rules.jokers = 0;
    if (password) config.passwordKey = Key{};
    return config;
}

std::uint64_t counter() {
    static std::uint64_t next = 0x1000;
    return ++next;
}

} // namespace

TEST_CASE("FIND and HERE: encoded, decoded back, and garbled ones refused", "[discovery]") {
    const std::string find = findDatagram(0xfeedface12345678);
    const DecodeResult decodedFind = decodeDatagram(find);
    REQUIRE(decodedFind.ok());
    CHECK(std::get<Find>(decodedFind.message->body).nonce == 0xfeedface12345678);
    CHECK_FALSE(isSessionVerb(decodedFind.message->body));

    Here here;
    here.nonce = 42;
    here.name = "Taro";
    here.state = HostState::Busy;
    here.passwordNeeded = true;
    here.rules.handSize = 6;
    here.hostId = 0x00000000c0ffee00;
    const std::string line = encodeLine(Message{5, 2, here});
    CHECK(line == "HERE 5 2 7 000000000000002a Taro BUSY P 2S6MF 00000000c0ffee00");
    const DecodeResult decodedHere = decodeDatagram(encodeDatagram(Message{5, 2, here}));
    REQUIRE(decodedHere.ok());
    CHECK(std::get<Here>(decodedHere.message->body) == here);

    // Every field is checked: a wrong word, a wrong mark, a bad pad, a missing field, a bad CRC.
    for (const char* bad : {"HERE 5 2 7 000000000000002a Taro SLEEPING P 2S6MF 00000000c0ffee00", "HERE 5 2 7 000000000000002a Taro BUSY Y 2S6MF 00000000c0ffee00",
                            "HERE 5 2 7 000000000000002a Taro BUSY P 2S9MF 00000000c0ffee00", "HERE 5 2 7 000000000000002a Taro BUSY P 2S6MF",
                            "FIND 1 1 7 00000000000000aa xxxyxx", "FIND 1 1 7 00000000000000AA xxxx", "FIND 1 1 7 00000000000000aa"}) {
        INFO(bad);
        CHECK_FALSE(parseLine(bad).ok());
    }
    std::string damaged = find;
    damaged[10] = damaged[10] == '1' ? '2' : '1';
    CHECK_FALSE(decodeDatagram(damaged).ok());
    // Another version's keep their first fields: a finder learns the host speaks another one.
    const DecodeResult other = parseLine("HERE 5 2 8 000000000000002a Taro whatever comes next");
    REQUIRE(other.ok());
    CHECK(std::get<Here>(other.message->body).version == 8);
    CHECK(std::get<Here>(other.message->body).name == "Taro");
}

TEST_CASE("a waiting host answers a FIND with its name, state, password and rules, never larger", "[discovery]") {
    HostSession host(hostNamed("Taro", true));
    host.listen(0);
    host.receive(10, kFinder, findDatagram(77));
    std::vector<std::size_t> sizes;
    const std::vector<OutgoingDatagram> sent = host.takeOutgoing();
    const std::vector<Here> heres = heresIn(sent, &sizes);
    REQUIRE(heres.size() == 1);
    CHECK(sent[0].to == kFinder);
    CHECK(heres[0].nonce == 77);
    CHECK(heres[0].name == "Taro");
    CHECK(heres[0].state == HostState::Waiting);
    CHECK(heres[0].passwordNeeded);
    CHECK(heres[0].rules.handSize == 5);
    CHECK(heres[0].rules.jokers == 0);
    CHECK(sizes[0] <= findDatagram(77).size());
    CHECK(host.findStats().answered == 1);
    // Nothing else happened: the host still waits, and no session began.
    CHECK(host.gameInfo() == GameInfo::ConWait);
    // The longest name and rules still fit in a FIND of kMinFindBytes.
    HostSession longest(hostNamed(std::string(kMaxWordChars, 'W'), true));
    longest.listen(0);
    const std::string minimal = findDatagram(5);
    REQUIRE(minimal.size() == kMinFindBytes);
    longest.receive(10, kFinder, minimal);
    sizes.clear();
    REQUIRE(heresIn(longest.takeOutgoing(), &sizes).size() == 1);
    CHECK(sizes[0] <= kMinFindBytes);
}

TEST_CASE("a host does not answer a FIND it should not: not announcing, too short, replayed, beyond its share",
          "[discovery]") {
    SECTION("announce = off") {
        SessionConfig config = hostNamed("Taro");
        config.announce = false;
        HostSession host(config);
        host.listen(0);
        host.receive(10, kFinder, findDatagram(1));
        CHECK(heresIn(host.takeOutgoing()).empty());
        CHECK(host.findStats().notAnnouncing == 1);
        const std::vector<SessionEvent> events = host.takeEvents();
        CHECK(SessionPair::last(events, SessionEventKind::DatagramIgnored) != nullptr);
    }
    SECTION("a FIND shorter than kMinFindBytes") {
        HostSession host(hostNamed("Taro"));
        host.listen(0);
        host.receive(10, kFinder, findDatagram(1, 1));
        CHECK(heresIn(host.takeOutgoing()).empty());
        CHECK(host.findStats().tooShort == 1);
    }
    SECTION("the same nonce again from that address: a copy or a replay") {
        HostSession host(hostNamed("Taro"));
        host.listen(0);
        host.receive(10, kFinder, findDatagram(9));
        host.receive(2000, kFinder, findDatagram(9));
        host.receive(2000, "192.0.2.9:41001", findDatagram(9)); // another port of the same address
        CHECK(heresIn(host.takeOutgoing()).size() == 1);
        CHECK(host.findStats().replayed == 2);
        host.receive(2500, kFinder, findDatagram(10)); // a new round
        CHECK(heresIn(host.takeOutgoing()).size() == 1);
    }
    SECTION("a flood from one address: one answer per interval") {
        HostSession host(hostNamed("Taro"));
        host.listen(0);
        std::size_t receivedBytes = 0;
        for (int n = 0; n < 1000; ++n) { // 1000 in one second
            const std::string find = findDatagram(1000 + static_cast<std::uint64_t>(n));
            receivedBytes += find.size();
            host.receive(n, kFinder, find);
        }
        std::vector<std::size_t> sizes;
        const std::vector<Here> heres = heresIn(host.takeOutgoing(), &sizes);
        CHECK(heres.size() == 5); // every 200 ms
        std::size_t sentBytes = 0;
        for (std::size_t size : sizes) sentBytes += size;
        CHECK(sentBytes <= receivedBytes);
        CHECK(host.findStats().rateLimited == 995);
    }
    SECTION("a flood from forged addresses: a bounded number of answers a second for all") {
        HostSession host(hostNamed("Taro"));
        host.listen(0);
        for (int n = 0; n < 5000; ++n) { // 5000 addresses in one second
            const PeerAddress forged = "10." + std::to_string(n / 250) + "." + std::to_string(n % 250) + ".1:4000";
            host.receive(n / 5, forged, findDatagram(static_cast<std::uint64_t>(n)));
        }
        CHECK(heresIn(host.takeOutgoing()).size() == static_cast<std::size_t>(FindLimits{}.perSecondForAll));
        CHECK(host.findStats().rateLimited == 5000 - FindLimits{}.perSecondForAll);
    }
}

TEST_CASE("a host in a match says it is busy; a client does not answer FIND", "[discovery]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.host.receive(pair.now, kFinder, findDatagram(3));
    const std::vector<Here> heres = heresIn(pair.host.takeOutgoing());
    REQUIRE(heres.size() == 1);
    CHECK(heres[0].state == HostState::Busy);
    pair.client.receive(pair.now, kFinder, findDatagram(4));
    CHECK(heresIn(pair.client.takeOutgoing()).empty());
}

TEST_CASE("a finder keeps the hosts that answered its rounds, each address apart, and forgets the silent ones",
          "[discovery]") {
    HostFinder finder(counter);
    const std::string round = finder.nextRound(0);
    CHECK(round.size() == kMinFindBytes);
    const DecodeResult decoded = decodeDatagram(round);
    REQUIRE(decoded.ok());
    const std::uint64_t nonce = std::get<Find>(decoded.message->body).nonce;

    // Two hosts named alike, on two addresses, answer through real host sessions.
    SessionConfig firstConfig = hostNamed("Taro");
    SessionConfig secondConfig = hostNamed("Taro", true);
    firstConfig.hostId = 1;
    secondConfig.hostId = 2;
    HostSession first(firstConfig);
    HostSession second(secondConfig);
    first.listen(0);
    second.listen(0);
    first.receive(5, kFinder, round);
    second.receive(5, kFinder, round);
    for (const OutgoingDatagram& answer : first.takeOutgoing()) finder.receive(10, "192.0.2.1:50001", answer.bytes);
    for (const OutgoingDatagram& answer : second.takeOutgoing()) finder.receive(12, "192.0.2.2:50001", answer.bytes);
    std::vector<FoundHost> hosts = finder.hosts(20);
    REQUIRE(hosts.size() == 2);
    CHECK(hosts[0].address == "192.0.2.1:50001");
    CHECK(hosts[1].address == "192.0.2.2:50001");
    CHECK(hosts[0].name == "Taro");
    CHECK(hosts[1].name == "Taro");
    CHECK_FALSE(hosts[0].passwordNeeded);
    CHECK(hosts[1].passwordNeeded);
    CHECK(hosts[0].version == kProtocolVersion);

    // The first host heard again through loopback and IPv6: still one row, joined by its LAN address.
    first.receive(14, "127.0.0.1:41000", round);
    first.receive(14, "[fe80::1%eth0]:41000", round);
    for (const OutgoingDatagram& answer : first.takeOutgoing()) {
        finder.receive(15, answer.to.starts_with("127.") ? "127.0.0.1:50001" : "[fe80::2%eth0]:50001", answer.bytes);
    }
    hosts = finder.hosts(20);
    REQUIRE(hosts.size() == 2);
    CHECK(hosts[0].address == "192.0.2.1:50001");
    CHECK(hosts[0].addresses == std::vector<PeerAddress>{"192.0.2.1:50001", "127.0.0.1:50001", "[fe80::2%eth0]:50001"});
    CHECK(addressRank("192.0.2.1:50001") < addressRank("[2001:db8::1]:50001"));
    CHECK(addressRank("[2001:db8::1]:50001") < addressRank("[fe80::1%eth0]:50001"));
    CHECK(addressRank("[fe80::1%eth0]:50001") < addressRank("[::1]:50001"));

    // Answers it did not ask for, garbled ones and other verbs are ignored and counted.
    Here forged;
    forged.nonce = nonce + 1;
    forged.name = "Mallory";
    finder.receive(30, "192.0.2.66:50001", encodeDatagram(Message{1, 1, forged}));
    finder.receive(30, "192.0.2.66:50001", "HERE garbage #00000000");
    finder.receive(30, "192.0.2.66:50001", round);
    CHECK(finder.hosts(40).size() == 2);
    CHECK(finder.stats().unknownNonce == 1);
    CHECK(finder.stats().garbled == 1);
    CHECK(finder.stats().notAnswers == 1);

    // A HERE to a round too old is not taken; a host that stops answering is forgotten.
    forged.nonce = nonce;
    finder.receive(HostFinder::kNonceLifeMs + 10, "192.0.2.66:50001", encodeDatagram(Message{1, 1, forged}));
    CHECK(finder.stats().unknownNonce == 2);
    CHECK(finder.hosts(15 + HostFinder::kForgetAfterMs).empty());
    CHECK(finder.hosts(15 + HostFinder::kForgetAfterMs - 1).size() == 1); // the first answered last
}
