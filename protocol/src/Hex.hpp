#pragma once

// Fixed-width lowercase hex, the wire's form for checksums, nonces and measurement stamps
// (private header). Uppercase is not the canonical form and does not read.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace speed::protocol::hex {

inline constexpr std::string_view kDigits = "0123456789abcdef";

// A digit's value, or -1.
inline int digitValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// The low `digits` (1..16) hex digits of `value`, most significant first, appended to `out`.
// Written into a local buffer first: a string grown by resize() is zero-filled and then
// rewritten, and every store through it reloads its data pointer (this runs per datagram).
inline void append(std::string& out, std::uint64_t value, int digits) {
    char text[16];
    const auto count = static_cast<std::size_t>(digits < 16 ? digits : 16);
    for (std::size_t i = count; i > 0; --i, value >>= 4) text[i - 1] = kDigits[value & 0xFU];
    out.append(text, count);
}

// `text` read whole as hex (at most 16 digits); nullopt when any character is not a digit.
inline std::optional<std::uint64_t> read(std::string_view text) {
    if (text.size() > 16) return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : text) {
        const int digit = digitValue(c);
        if (digit < 0) return std::nullopt;
        value = (value << 4) | static_cast<std::uint64_t>(digit);
    }
    return value;
}

} // namespace speed::protocol::hex
