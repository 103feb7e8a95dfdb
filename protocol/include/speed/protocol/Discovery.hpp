#pragma once

#include "speed/common/Time.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

// Finding hosts on the LAN with the game's own datagrams (docs/PROTOCOL.md, "Finding hosts"),
// without I/O: a finder sends FIND to the LAN (broadcast, IPv6 all-nodes) on the game's port;
// every host that announces itself answers HERE, never larger than the FIND, at a bounded rate.
namespace speed::protocol {

// What a host's answers may cost it. An address is its host part (the port is the sender's to
// choose): one answer per `perAddressIntervalMs` to each, and `perSecondForAll` answers a second
// for all addresses together; a FIND whose nonce this address already sent within `replayWindowMs`
// is a copy (the network's, or a replay) and gets nothing. The table of addresses is bounded: a
// flood from forged addresses evicts entries, never grows it.
struct FindLimits {
    TimeMs perAddressIntervalMs = 200;
    int perSecondForAll = 50;
    TimeMs replayWindowMs = 10'000;
    std::size_t addressesKept = 256;
};

// Why a FIND was not answered.
enum class FindIgnored : std::uint8_t {
    NotAnnouncing, // this host does not announce itself ([network] announce = off)
    Replayed,      // its nonce came from that address already
    RateLimited,   // that address, or all of them, had their share
    TooShort,      // the HERE would be larger than the FIND (not padded to kMinFindBytes)
};
std::string_view describe(FindIgnored reason);

struct FindStats {
    long long answered = 0;
    long long notAnnouncing = 0;
    long long replayed = 0;
    long long rateLimited = 0;
    long long tooShort = 0;
    long long ignored() const { return notAnnouncing + replayed + rateLimited + tooShort; }
};

// A host's side: decides which FINDs get a HERE.
class FindResponder {
public:
    explicit FindResponder(FindLimits limits = {}) : m_limits(limits) {}

    // Whether the FIND `nonce` from `from` is answered now (nothing) or why not; counted either way.
    std::optional<FindIgnored> admit(TimeMs now, const PeerAddress& from, std::uint64_t nonce);
    void count(FindIgnored reason); // a FIND refused before admit() (not announcing, too short)
    const FindStats& stats() const { return m_stats; }

private:
    struct Entry {
        std::string address;
        TimeMs lastAnswerAt = 0;
        TimeMs lastSeenAt = 0;
        std::deque<std::pair<std::uint64_t, TimeMs>> nonces; // recent ones, oldest first
    };
    Entry& entryFor(TimeMs now, const std::string& address);

    FindLimits m_limits;
    std::vector<Entry> m_entries;
    TimeMs m_secondStartedAt = 0;
    int m_answersThisSecond = 0;
    FindStats m_stats;
};

// A host as a finder knows it: one per host (its HOSTID; two hosts of the same name stay apart),
// with every address it answered from.
struct FoundHost {
    PeerAddress address; // the best of `addresses` to join it by: "192.0.2.7:50001" before "[fe80::1%eth0]:50001"
    std::vector<PeerAddress> addresses; // where its HEREs came from, in the order heard
    std::uint64_t hostId = 0;
    std::string name;
    int version = 0;     // the protocol version it speaks (another one cannot be joined)
    HostState state = HostState::Waiting;
    bool passwordNeeded = false;
    RuleOptions rules;   // meaningful only in this version
    TimeMs firstSeenAt = 0;
    TimeMs lastSeenAt = 0;
    friend bool operator==(const FoundHost&, const FoundHost&) = default;
};

// Why an answer was not taken.
struct FinderStats {
    long long requestsMade = 0;
    long long answersTaken = 0;
    long long garbled = 0;       // did not decode (damaged, forged, oversize)
    long long notAnswers = 0;    // decoded, but no HERE (another finder's FIND, a game datagram)
    long long unknownNonce = 0;  // a HERE to a FIND this finder never sent, or sent too long ago
    long long tooMany = 0;       // a new host while kHostsKept are listed
    long long ignored() const { return garbled + notAnswers + unknownNonce + tooMany; }
};

// A finder's side: makes the FINDs (a fresh nonce for each round) and keeps the hosts that
// answered. A host is forgotten `forgetAfterMs` after its last answer: with a round every
// second, a host that stops or stops announcing is gone within that time.
// How good `address` is to join a host by: a LAN's IPv4 address first, then a routable IPv6 one,
// then a link-local IPv6 one (it needs its interface), loopback last (only this machine).
int addressRank(const PeerAddress& address);

class HostFinder {
public:
    static constexpr TimeMs kRoundIntervalMs = 1000;
    static constexpr TimeMs kNonceLifeMs = 5000;    // a HERE to an older FIND is ignored
    static constexpr TimeMs kForgetAfterMs = 3500;
    static constexpr std::size_t kHostsKept = 64;

    explicit HostFinder(std::function<std::uint64_t()> random) : m_random(std::move(random)) {}

    // The datagram of a new round (the same bytes go to every address of the round), padded so
    // that a host may answer it. Call it every kRoundIntervalMs.
    std::string nextRound(TimeMs now);
    // A datagram that came back from `from`.
    void receive(TimeMs now, const PeerAddress& from, std::string_view bytes);
    // The hosts heard from within kForgetAfterMs, in the order they were first found.
    std::vector<FoundHost> hosts(TimeMs now) const;
    const FinderStats& stats() const { return m_stats; }

private:
    std::function<std::uint64_t()> m_random;
    std::deque<std::pair<std::uint64_t, TimeMs>> m_nonces; // the rounds' nonces, oldest first
    std::vector<FoundHost> m_hosts;
    WireNumber m_seq = 0;
    TimeMs m_startedAt = kNever;
    FinderStats m_stats;
};

} // namespace speed::protocol
