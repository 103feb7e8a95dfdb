#include "speed/protocol/Discovery.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/RefusalLimiter.hpp"

#include <algorithm>

namespace speed::protocol {

std::string_view describe(FindIgnored reason) {
    switch (reason) {
    case FindIgnored::NotAnnouncing: return "this host does not announce itself";
    case FindIgnored::Replayed: return "a FIND with a nonce that address sent already";
    case FindIgnored::RateLimited: return "more FINDs than a host answers";
    case FindIgnored::TooShort: return "a FIND shorter than its answer";
    }
    return "ignored";
}

void FindResponder::count(FindIgnored reason) {
    switch (reason) {
    case FindIgnored::NotAnnouncing: ++m_stats.notAnnouncing; break;
    case FindIgnored::Replayed: ++m_stats.replayed; break;
    case FindIgnored::RateLimited: ++m_stats.rateLimited; break;
    case FindIgnored::TooShort: ++m_stats.tooShort; break;
    }
}

FindResponder::Entry& FindResponder::entryFor(TimeMs now, const std::string& address) {
    auto found = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.address == address; });
    if (found == m_entries.end()) {
        if (m_entries.size() >= std::max<std::size_t>(1, m_limits.addressesKept)) {
            // The address heard from longest ago makes room: forged addresses push each other out.
            const auto oldest = std::min_element(m_entries.begin(), m_entries.end(),
                                                 [](const Entry& a, const Entry& b) { return a.lastSeenAt < b.lastSeenAt; });
            m_entries.erase(oldest);
        }
        m_entries.push_back(Entry{address, kNever, now, {}});
        found = std::prev(m_entries.end());
    }
    found->lastSeenAt = now;
    return *found;
}

std::optional<FindIgnored> FindResponder::admit(TimeMs now, const PeerAddress& from, std::uint64_t nonce) {
    Entry& entry = entryFor(now, addressWithoutPort(from));
    while (!entry.nonces.empty() && now - entry.nonces.front().second >= m_limits.replayWindowMs) entry.nonces.pop_front();
    const auto seen = std::find_if(entry.nonces.begin(), entry.nonces.end(), [&](const auto& kept) { return kept.first == nonce; });
    std::optional<FindIgnored> verdict;
    if (seen != entry.nonces.end()) {
        verdict = FindIgnored::Replayed;
    } else {
        // The nonce is kept whether or not it is answered: its copies are replays all the same.
        constexpr std::size_t kNoncesKept = 32;
        if (entry.nonces.size() >= kNoncesKept) entry.nonces.pop_front();
        entry.nonces.emplace_back(nonce, now);
        if (now - m_secondStartedAt >= 1000) {
            m_secondStartedAt = now;
            m_answersThisSecond = 0;
        }
        const bool addressWaits = entry.lastAnswerAt != kNever && now - entry.lastAnswerAt < m_limits.perAddressIntervalMs;
        if (addressWaits || m_answersThisSecond >= m_limits.perSecondForAll) verdict = FindIgnored::RateLimited;
    }
    if (verdict) {
        count(*verdict);
        return verdict;
    }
    entry.lastAnswerAt = now;
    ++m_answersThisSecond;
    ++m_stats.answered;
    return std::nullopt;
}

int addressRank(const PeerAddress& address) {
    const std::string host = addressWithoutPort(address);
    if (host.starts_with("127.") || host == "[::1]") return 4;
    if (host.starts_with("[fe80:") || host.starts_with("[FE80:")) return 3;
    if (host.starts_with("[")) return 2;
    return 1;
}

std::string HostFinder::nextRound(TimeMs now) {
    if (m_startedAt == kNever) m_startedAt = now;
    Find find;
    find.nonce = m_random();
    while (!m_nonces.empty() && now - m_nonces.front().second >= kNonceLifeMs) m_nonces.pop_front();
    m_nonces.emplace_back(find.nonce, now);
    ++m_stats.requestsMade;
    Message message{static_cast<WireNumber>(now - m_startedAt), ++m_seq, find};
    // The padding makes the datagram kMinFindBytes long: the bytes without it, then the rest.
    const std::size_t bare = encodeDatagram(message).size();
    if (bare < kMinFindBytes) std::get<Find>(message.body).padChars += kMinFindBytes - bare;
    return encodeDatagram(message);
}

void HostFinder::receive(TimeMs now, const PeerAddress& from, std::string_view bytes) {
    const DecodeResult decoded = decodeDatagram(bytes);
    if (!decoded.ok()) {
        ++m_stats.garbled;
        return;
    }
    const auto* here = std::get_if<Here>(&decoded.message->body);
    if (here == nullptr) {
        ++m_stats.notAnswers;
        return;
    }
    const bool ours = std::any_of(m_nonces.begin(), m_nonces.end(), [&](const auto& kept) {
        return kept.first == here->nonce && now - kept.second < kNonceLifeMs;
    });
    if (!ours) {
        ++m_stats.unknownNonce;
        return;
    }
    // Hosts not heard from lately go; the list stays bounded whatever answers a LAN sends.
    std::erase_if(m_hosts, [&](const FoundHost& host) { return now - host.lastSeenAt >= kForgetAfterMs; });
    // One host, one row: by its HOSTID (a HERE of another version has none: by its address).
    const auto same = [&](const FoundHost& host) {
        if (here->version == kProtocolVersion && host.version == kProtocolVersion) return host.hostId == here->hostId;
        return std::find(host.addresses.begin(), host.addresses.end(), from) != host.addresses.end();
    };
    auto found = std::find_if(m_hosts.begin(), m_hosts.end(), same);
    if (found == m_hosts.end() && m_hosts.size() >= kHostsKept) {
        ++m_stats.tooMany;
        return;
    }
    ++m_stats.answersTaken;
    if (found == m_hosts.end()) {
        FoundHost host;
        host.address = from;
        host.firstSeenAt = now;
        m_hosts.push_back(std::move(host));
        found = std::prev(m_hosts.end());
    }
    constexpr std::size_t kAddressesKept = 8;
    if (std::find(found->addresses.begin(), found->addresses.end(), from) == found->addresses.end() &&
        found->addresses.size() < kAddressesKept) {
        found->addresses.push_back(from);
    }
    if (addressRank(from) < addressRank(found->address)) found->address = from;
    found->hostId = here->hostId;
    found->name = here->name;
    found->version = here->version;
    found->state = here->state;
    found->passwordNeeded = here->passwordNeeded;
    found->rules = here->rules;
    found->lastSeenAt = now;
}

std::vector<FoundHost> HostFinder::hosts(TimeMs now) const {
    std::vector<FoundHost> heard;
    for (const FoundHost& host : m_hosts) {
        if (now - host.lastSeenAt < kForgetAfterMs) heard.push_back(host);
    }
    return heard;
}

} // namespace speed::protocol
