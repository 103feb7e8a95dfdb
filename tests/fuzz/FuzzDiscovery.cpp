// Finding hosts on any bytes: a waiting host fed them (from an address the input picks) never
// answers with more bytes than it received, answers only with a HERE that echoes a FIND's nonce,
// and counts whatever it ignores; a finder fed them never lists a host that did not answer its
// own round, and its list stays bounded.
#include "FuzzCheck.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Discovery.hpp"
#include "speed/protocol/HostSession.hpp"

#include <cstdint>
#include <string>
#include <string_view>

using namespace speed;
using namespace speed::protocol;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // The first byte picks the sender among a few addresses; the rest, split at newlines, are
    // the datagrams, each a millisecond apart.
    if (size == 0) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
    const PeerAddress from = "192.0.2." + std::to_string(data[0] % 4) + ":4000";

    SessionConfig config;
    config.playerName = "hana";
    std::uint64_t next = 1;
    config.random = [&next] { return next++; };
    HostSession host(config);
    host.listen(0);
    HostFinder finder([] { return std::uint64_t{0x0123456789abcdef}; });
    const std::string round = finder.nextRound(0);
    FUZZ_CHECK(round.size() == kMinFindBytes, "a finder's FIND is padded to kMinFindBytes");

    TimeMs now = 1;
    long long fed = 0;
    std::size_t start = 0;
    while (start <= input.size()) {
        std::size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view bytes = input.substr(start, end - start);
        host.receive(now, from, bytes);
        ++fed;
        for (const OutgoingDatagram& answer : host.takeOutgoing()) {
            FUZZ_CHECK(answer.bytes.size() <= bytes.size(), "a host never answers with more bytes than it received");
            const DecodeResult decoded = decodeDatagram(answer.bytes);
            const DecodeResult asked = decodeDatagram(bytes);
            if (decoded.ok() && std::holds_alternative<Here>(decoded.message->body)) {
                FUZZ_CHECK(asked.ok() && std::holds_alternative<Find>(asked.message->body), "a HERE answers a FIND only");
                FUZZ_CHECK(std::get<Here>(decoded.message->body).nonce == std::get<Find>(asked.message->body).nonce,
                           "a HERE echoes its FIND's nonce");
            }
        }
        finder.receive(now, from, bytes);
        for (const FoundHost& found : finder.hosts(now)) {
            FUZZ_CHECK(found.address == from, "a host is listed by the address it answered from");
        }
        FUZZ_CHECK(finder.hosts(now).size() <= HostFinder::kHostsKept, "the list is bounded");
        ++now;
        start = end + 1;
    }
    const FindStats& stats = host.findStats();
    FUZZ_CHECK(stats.answered + stats.ignored() <= fed, "a FIND is counted once at most");
    return 0;
}
