#pragma once

#include "speed/common/Time.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <array>
#include <string>
#include <vector>

// What a host lets a refused address cost it (docs/PROTOCOL.md, "Handshake and authentication"):
// one DENY per interval per address and a bounded number for all addresses together; one log
// line per window per address, the rest counted and summed up when the window ends; and after
// a wrong password, a delay that doubles with each wrong one before that address's next join
// proof is checked. An address is its host part (the port is the sender's to choose). The
// table is bounded: a flood from forged addresses evicts entries, never grows it.
namespace speed::protocol {

// A PeerAddress without its port: "192.0.2.7:50001" -> "192.0.2.7", "[::1]:5" -> "[::1]".
std::string addressWithoutPort(const PeerAddress& address);

class RefusalLimiter {
public:
    explicit RefusalLimiter(const RefusalTiming& timing) : m_timing(timing) {}

    struct Verdict {
        bool answer = false; // send its DENY
        bool log = false;    // give it a line of its own (else it is counted for the summary)
    };
    // A HELLO from `from` refused for `reason`.
    Verdict refuse(TimeMs now, const PeerAddress& from, DenyReason reason);

    // True while `from` waits after a wrong password: its join proof is not checked now (and
    // the HELLO is counted as refused).
    bool passwordThrottled(TimeMs now, const PeerAddress& from);
    void wrongPassword(TimeMs now, const PeerAddress& from);           // the delay doubles
    void rightPassword(const PeerAddress& from);                       // the address is forgiven
    TimeMs passwordDelayMs(TimeMs now, const PeerAddress& from) const; // what is left of the delay

    // The summary lines of a log window that ended by `now` ("refused 37 more HELLOs from
    // 192.0.2.7 in the last 10 s (wrong password)"); empty before.
    std::vector<std::string> takeSummaries(TimeMs now);
    TimeMs nextSummaryAt() const; // when the open log window ends; kNever while none is open

private:
    static constexpr std::size_t kReasons = 8;
    struct Entry {
        std::string address;
        TimeMs lastSeenAt = 0;
        TimeMs lastDenyAt = kNever; // kNever: none yet
        bool loggedThisWindow = false;
        std::array<long, kReasons> unlogged{}; // refused this window without a line, by reason
        long unchecked = 0;                    // join proofs not checked during the delay
        int wrongPasswords = 0;
        TimeMs lastWrongAt = 0;
        TimeMs proofsCheckedFrom = 0; // the password delay ends then
        long counted() const;
    };

    Entry& entryFor(TimeMs now, const PeerAddress& from);
    const Entry* find(const PeerAddress& from) const;
    Entry* find(const PeerAddress& from);
    void evictOne();
    void rollWindow(TimeMs now);
    bool takeDenySlot(TimeMs now, Entry& entry);
    bool takeLineSlot(Entry& entry);
    std::string summaryOf(const Entry& entry, TimeMs seconds) const;

    RefusalTiming m_timing;
    std::vector<Entry> m_entries; // at most m_timing.addresses
    TimeMs m_denyIntervalFrom = kNever;
    int m_deniesThisInterval = 0;
    TimeMs m_windowFrom = kNever; // kNever: no window open
    int m_linesThisWindow = 0;
    long m_othersCounted = 0; // refused this window at addresses no longer in the table
    long m_otherAddresses = 0;
};

} // namespace speed::protocol
