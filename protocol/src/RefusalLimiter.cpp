#include "speed/protocol/RefusalLimiter.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace speed::protocol {
namespace {

// The reasons as a summary line counts them.
std::string_view shortName(std::size_t reason) {
    static constexpr std::array<std::string_view, 8> kNames{"busy",        "not invited",    "password needed",
                                                            "no password", "wrong password", "of another version",
                                                            "seat held",   "no match held"};
    return reason < kNames.size() ? kNames[reason] : "other";
}

// "1 more HELLO", "37 more HELLOs".
std::string moreHellos(long count) {
    return std::to_string(count) + (count == 1 ? " more HELLO" : " more HELLOs");
}

} // namespace

std::string addressWithoutPort(const PeerAddress& address) {
    const std::size_t colon = address.rfind(':');
    if (colon == std::string::npos || colon + 1 == address.size()) return address;
    if (address.find_first_not_of("0123456789", colon + 1) != std::string::npos) return address;
    const std::string host = address.substr(0, colon);
    // A bare IPv6 address ("::1") has colons of its own and no port; "[::1]:5" has its port.
    if (host.find(':') != std::string::npos && host.front() != '[') return address;
    return host;
}

long RefusalLimiter::Entry::counted() const {
    return std::accumulate(unlogged.begin(), unlogged.end(), 0L) + unchecked;
}

RefusalLimiter::Verdict RefusalLimiter::refuse(TimeMs now, const PeerAddress& from, DenyReason reason) {
    Entry& entry = entryFor(now, from);
    Verdict verdict;
    verdict.answer = takeDenySlot(now, entry);
    verdict.log = takeLineSlot(entry);
    if (!verdict.log) entry.unlogged[static_cast<std::size_t>(reason)] += 1;
    return verdict;
}

bool RefusalLimiter::passwordThrottled(TimeMs now, const PeerAddress& from) {
    Entry* entry = find(from);
    if (!entry || now >= entry->proofsCheckedFrom) return false;
    entry->lastSeenAt = now;
    entry->unchecked += 1;
    if (m_windowFrom == kNever) m_windowFrom = now;
    return true;
}

void RefusalLimiter::wrongPassword(TimeMs now, const PeerAddress& from) {
    Entry& entry = entryFor(now, from);
    if (now - entry.lastWrongAt >= m_timing.passwordForgetMs) entry.wrongPasswords = 0;
    entry.wrongPasswords = std::min(entry.wrongPasswords + 1, 30);
    entry.lastWrongAt = now;
    TimeMs delay = m_timing.firstPasswordDelayMs;
    for (int doubled = 1; doubled < entry.wrongPasswords && delay < m_timing.maxPasswordDelayMs; ++doubled)
        delay *= 2;
    entry.proofsCheckedFrom = now + std::min(delay, m_timing.maxPasswordDelayMs);
}

void RefusalLimiter::rightPassword(const PeerAddress& from) {
    if (Entry* entry = find(from)) {
        entry->wrongPasswords = 0;
        entry->proofsCheckedFrom = 0;
    }
}

TimeMs RefusalLimiter::passwordDelayMs(TimeMs now, const PeerAddress& from) const {
    const Entry* entry = find(from);
    return entry ? std::max<TimeMs>(0, entry->proofsCheckedFrom - now) : 0;
}

std::vector<std::string> RefusalLimiter::takeSummaries(TimeMs now) {
    if (m_windowFrom == kNever || now < m_windowFrom + m_timing.logWindowMs) return {};
    const TimeMs seconds = (now - m_windowFrom + 500) / 1000;
    std::vector<std::string> lines;
    for (const Entry& entry : m_entries) {
        if (entry.counted() == 0) continue;
        if (lines.size() < static_cast<std::size_t>(m_timing.maxLinesPerWindow)) {
            lines.push_back(summaryOf(entry, seconds));
        } else {
            m_othersCounted += entry.counted();
            m_otherAddresses += 1;
        }
    }
    if (m_othersCounted > 0) {
        lines.push_back("refused " + moreHellos(m_othersCounted) + " from " + std::to_string(m_otherAddresses) +
                        (m_otherAddresses == 1 ? " other address" : " other addresses") + " in the last " +
                        std::to_string(seconds) + " s");
    }
    rollWindow(now);
    return lines;
}

TimeMs RefusalLimiter::nextSummaryAt() const {
    return m_windowFrom == kNever ? kNever : m_windowFrom + m_timing.logWindowMs;
}

RefusalLimiter::Entry& RefusalLimiter::entryFor(TimeMs now, const PeerAddress& from) {
    if (m_windowFrom == kNever) m_windowFrom = now;
    const std::string address = addressWithoutPort(from);
    auto found = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.address == address; });
    if (found == m_entries.end()) {
        if (m_entries.size() >= std::max<std::size_t>(1, m_timing.addresses)) evictOne();
        m_entries.push_back(Entry{address});
        found = std::prev(m_entries.end());
    }
    found->lastSeenAt = now;
    return *found;
}

const RefusalLimiter::Entry* RefusalLimiter::find(const PeerAddress& from) const {
    const std::string address = addressWithoutPort(from);
    const auto found =
        std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.address == address; });
    return found == m_entries.end() ? nullptr : &*found;
}

RefusalLimiter::Entry* RefusalLimiter::find(const PeerAddress& from) {
    return const_cast<Entry*>(std::as_const(*this).find(from));
}

// The address heard from longest ago goes; one that guessed a password wrong only when every
// address did (forged addresses never reach the password, so they cannot wipe a guesser's delay).
void RefusalLimiter::evictOne() {
    const auto older = [](const Entry& a, const Entry& b) {
        if ((a.wrongPasswords == 0) != (b.wrongPasswords == 0)) return a.wrongPasswords == 0;
        return a.lastSeenAt < b.lastSeenAt;
    };
    const auto victim = std::min_element(m_entries.begin(), m_entries.end(), older);
    if (victim == m_entries.end()) return;
    if (const long counted = victim->counted(); counted > 0) {
        m_othersCounted += counted;
        m_otherAddresses += 1;
    }
    m_entries.erase(victim);
}

// A new window: counts start again, and addresses neither heard nor guessing for a while go.
void RefusalLimiter::rollWindow(TimeMs now) {
    m_windowFrom = kNever;
    m_linesThisWindow = 0;
    m_othersCounted = 0;
    m_otherAddresses = 0;
    std::erase_if(m_entries, [&](const Entry& e) { return now - e.lastSeenAt >= m_timing.passwordForgetMs; });
    for (Entry& entry : m_entries) {
        entry.loggedThisWindow = false;
        entry.unlogged = {};
        entry.unchecked = 0;
    }
}

bool RefusalLimiter::takeDenySlot(TimeMs now, Entry& entry) {
    if (entry.lastDenyAt != kNever && now - entry.lastDenyAt < m_timing.denyIntervalMs) return false;
    if (m_denyIntervalFrom == kNever || now - m_denyIntervalFrom >= m_timing.denyIntervalMs) {
        m_denyIntervalFrom = now;
        m_deniesThisInterval = 0;
    }
    if (m_deniesThisInterval >= m_timing.maxDeniesPerInterval) return false;
    m_deniesThisInterval += 1;
    entry.lastDenyAt = now;
    return true;
}

bool RefusalLimiter::takeLineSlot(Entry& entry) {
    if (entry.loggedThisWindow || m_linesThisWindow >= m_timing.maxLinesPerWindow) return false;
    entry.loggedThisWindow = true;
    m_linesThisWindow += 1;
    return true;
}

std::string RefusalLimiter::summaryOf(const Entry& entry, TimeMs seconds) const {
    std::string why;
    for (std::size_t reason = 0; reason < kReasons; ++reason) {
        if (entry.unlogged[reason] == 0) continue;
        why +=
            (why.empty() ? "" : ", ") + std::to_string(entry.unlogged[reason]) + " " + std::string(shortName(reason));
    }
    if (entry.unchecked > 0) {
        why += (why.empty() ? "" : ", ") + std::to_string(entry.unchecked) +
               " join proofs not checked during the wrong-password delay";
    }
    return "refused " + moreHellos(entry.counted()) + " from " + entry.address + " in the last " +
           std::to_string(seconds) + " s (" + why + ")";
}

} // namespace speed::protocol
