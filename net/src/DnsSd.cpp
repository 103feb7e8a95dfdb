// The TXT record of a `_speed._udp` service and its instance name: pure functions, no Avahi.
#include "speed/net/DnsSd.hpp"

#include "speed/protocol/Codec.hpp"

#include <algorithm>
#include <cstdio>
#include <cctype>

namespace speed::net {

namespace {

constexpr std::size_t kInstanceNameMax = 63; // bytes in one DNS label

// A key compared without regard to case (RFC 6763, 6.4: keys are case-insensitive ASCII).
bool sameKey(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// A protocol version: 1 to 4 decimal digits, not 0.
std::optional<int> versionOf(std::string_view text) {
    if (text.empty() || text.size() > 4) return std::nullopt;
    int value = 0;
    for (const char digit : text) {
        if (digit < '0' || digit > '9') return std::nullopt;
        value = value * 10 + (digit - '0');
    }
    if (value == 0) return std::nullopt;
    return value;
}

// The length of the UTF-8 character that starts with `lead`, or 0 for a byte no character starts
// with (a continuation byte, or one UTF-8 never uses).
std::size_t utf8Length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

} // namespace

std::vector<std::string> txtRecordOf(const ServiceFacts& facts) {
    std::vector<std::string> record{
        "v=" + std::to_string(facts.version),
        std::string("pw=") + (facts.passwordNeeded ? "1" : "0"),
        std::string("state=") + (facts.busy ? "busy" : "waiting"),
        "rules=" + facts.rules,
    };
    if (facts.hostId != 0) {
        char id[17];
        std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(facts.hostId));
        record.push_back(std::string("id=") + id);
    }
    return record;
}

bool isRulesToken(std::string_view token) { return protocol::rulesFromToken(token).has_value(); }

std::optional<ServiceFacts> parseTxtRecord(const std::vector<std::string>& strings) {
    std::size_t total = 0;
    std::optional<std::string_view> version, password, state, rules, id;
    for (const std::string& entry : strings) {
        if (entry.size() > kDnsSdTxtStringMax) return std::nullopt;
        total += entry.size();
        if (total > kDnsSdTxtRecordMax) return std::nullopt;
        const std::size_t equals = entry.find('=');
        if (equals == std::string::npos || equals == 0) continue; // a bare attribute, or no key: not ours
        const std::string_view key = std::string_view(entry).substr(0, equals);
        const std::string_view value = std::string_view(entry).substr(equals + 1);
        // Only a key's first occurrence counts.
        const auto keep = [&](std::string_view name, std::optional<std::string_view>& slot) {
            if (!slot && sameKey(key, name)) slot = value;
        };
        keep("v", version);
        keep("pw", password);
        keep("state", state);
        keep("rules", rules);
        keep("id", id);
    }
    if (!version || !password || !state || !rules) return std::nullopt;
    ServiceFacts facts;
    const std::optional<int> number = versionOf(*version);
    if (!number) return std::nullopt;
    facts.version = *number;
    if (*password != "0" && *password != "1") return std::nullopt;
    facts.passwordNeeded = *password == "1";
    if (*state != "waiting" && *state != "busy") return std::nullopt;
    facts.busy = *state == "busy";
    if (!isRulesToken(*rules)) return std::nullopt;
    facts.rules = std::string(*rules);
    if (id) { // optional (a host of an earlier release has none), but never garbled
        if (id->size() != 16 || id->find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
        facts.hostId = std::stoull(std::string(*id), nullptr, 16);
    }
    return facts;
}

std::string serviceNameOf(std::string_view playerName) {
    std::string name;
    std::size_t at = 0;
    while (at < playerName.size()) {
        const auto lead = static_cast<unsigned char>(playerName[at]);
        std::size_t length = utf8Length(lead);
        // A character cut short, or continued by bytes that do not continue it, is dropped byte by byte.
        for (std::size_t next = 1; length != 0 && next < length; ++next) {
            if (at + next >= playerName.size() || (static_cast<unsigned char>(playerName[at + next]) & 0xC0) != 0x80)
                length = 0;
        }
        if (length == 0) {
            ++at;
            continue;
        }
        const bool control = length == 1 && (lead < 0x20 || lead == 0x7F);
        if (!control) {
            if (name.size() + length > kInstanceNameMax) break;
            name.append(playerName.substr(at, length));
        }
        at += length;
    }
    const auto notSpace = [](char c) { return c != ' '; };
    name.erase(name.begin(), std::find_if(name.begin(), name.end(), notSpace));
    name.erase(std::find_if(name.rbegin(), name.rend(), notSpace).base(), name.end());
    return name.empty() ? "Speed" : name;
}

} // namespace speed::net
