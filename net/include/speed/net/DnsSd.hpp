#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// DNS-SD through the desktop's Avahi daemon: a host waiting for a player publishes a `_speed._udp`
// service, and the other player's window browses for it, so neither types an address. The daemon
// is reached over D-Bus; without one, both classes keep trying and say why in problem().
namespace speed::net {

// The service type every Speed host publishes (avahi-browse -rt _speed._udp lists them).
inline constexpr const char* kDnsSdServiceType = "_speed._udp";

// What a host says about itself (also the TXT record): nothing a HELLO's answer would not tell.
// No session, key or password ever goes into it.
struct ServiceFacts {
    std::string name;       // the player's name, UTF-8 (the instance name; Avahi renames on a clash: "Taro #2")
    std::uint16_t port = 0; // the game's UDP port
    int version = 0;        // protocol version
    bool passwordNeeded = false;
    bool busy = false; // in a match (TXT state=busy) or waiting (state=waiting)
    std::string rules; // the 5-character rules token, e.g. "2S4MF" (jokers, deal, hand, refill, arbitration)
    // The HOSTID its HEREs carry (TXT id=<16 lowercase hex digits>; 0: none), so that a finder
    // that hears the host both ways lists it once, whatever addresses each way found.
    std::uint64_t hostId = 0;
    friend bool operator==(const ServiceFacts&, const ServiceFacts&) = default;
};

// The TXT record of `facts`, one "key=value" string each: v=<version> pw=0|1 state=waiting|busy
// rules=<token>, and id=<16 hex digits> when it has a host id. The name and the port travel in the
// service's own records, not here.
std::vector<std::string> txtRecordOf(const ServiceFacts& facts);

// The facts a TXT record tells (name and port left empty), or nothing when it is garbled or
// foreign: a key missing or with a value outside its grammar, a string longer than
// kDnsSdTxtStringMax, or a record of more than kDnsSdTxtRecordMax bytes. Keys are read without
// regard to case and only a key's first occurrence counts (RFC 6763, 6.4); other keys are ignored,
// so a later version may add some.
std::optional<ServiceFacts> parseTxtRecord(const std::vector<std::string>& strings);
inline constexpr std::size_t kDnsSdTxtStringMax = 64;  // bytes in one "key=value"
inline constexpr std::size_t kDnsSdTxtRecordMax = 400; // bytes in all of them

// Whether `token` is a rules token: JOKERS DEAL HAND REFILL ARBITRATION, [02][SC][1-8][MA][FA].
bool isRulesToken(std::string_view token);

// The instance name published for a player's name: control characters dropped, cut to DNS's 63
// bytes at a character's boundary, "Speed" when nothing is left.
std::string serviceNameOf(std::string_view playerName);

// Publishes one `_speed._udp` service while alive, on every interface, IPv4 and IPv6. Thread-safe.
// The daemon may start late, stop and come back: the service is published again each time.
class DnsSdAnnouncer {
public:
    explicit DnsSdAnnouncer(ServiceFacts facts); // never throws; without a daemon, problem() says why
    ~DnsSdAnnouncer();                           // withdraws the service
    DnsSdAnnouncer(const DnsSdAnnouncer&) = delete;
    DnsSdAnnouncer& operator=(const DnsSdAnnouncer&) = delete;

    // New facts: a new TXT record for the same name and port (waiting -> busy), else the service
    // published again under the new name or port.
    void update(const ServiceFacts& facts);
    // Why the service is not published ("no Avahi daemon (avahi-daemon is not running)", facts
    // that make a TXT record no browser would read, ...); nothing while it is published or being
    // published.
    std::optional<std::string> problem() const;
    // The instance name in use (after a rename on a clash).
    std::string publishedName() const;
    // Whether the daemon has announced the service on the network.
    bool published() const;

    struct State;

private:
    std::unique_ptr<State> m_state;
};

// One resolved service instance on one interface and protocol.
struct FoundService {
    std::string name;    // instance name (UTF-8)
    std::string address; // numeric, IPv6 link-local with %ifname
    std::uint16_t port = 0;
    int version = 0;
    bool passwordNeeded = false;
    bool busy = false;
    std::string rules;
    std::uint64_t hostId = 0; // TXT id (0: none)
    std::string interfaceName;
    bool ipv6 = false;
    bool thisMachine = false; // published through this machine's own daemon (a host of ours)
};

// Browses `_speed._udp` on every interface, IPv4 and IPv6, resolving each instance and keeping it
// until the daemon says it is gone. Thread-safe.
class DnsSdBrowser {
public:
    DnsSdBrowser(); // never throws; without a daemon, problem() says why
    ~DnsSdBrowser();
    DnsSdBrowser(const DnsSdBrowser&) = delete;
    DnsSdBrowser& operator=(const DnsSdBrowser&) = delete;

    // What is there now, in a stable order (name, interface, IPv4 first); removed instances gone.
    std::vector<FoundService> snapshot() const;
    std::optional<std::string> problem() const;
    // How many resolved instances were skipped for a garbled or foreign TXT record.
    std::size_t ignoredCount() const;

    struct State;

private:
    std::unique_ptr<State> m_state;
};

} // namespace speed::net
