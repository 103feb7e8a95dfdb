#pragma once

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Message.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Text form of the messages (docs/PROTOCOL.md, "Grammar"). Every datagram is one line
// `VERB TIME SEQ [fields...] #TAIL`: outside a session TAIL is the CRC-32 (IEEE 802.3) of every
// byte before the space in 8 lowercase hex digits; inside one it is the session's 16-character
// tag of those bytes (Auth.hpp). The decoder is total: it never throws, never reads past the end,
// and returns either a message or one specific error.
namespace speed::protocol {

enum class DecodeError : std::uint8_t {
    None,
    Empty,
    TooLong,         // over kMaxGameDatagramBytes (kMaxProbeDatagramBytes for PROBE/ECHO)
    NotPrintable,    // a byte outside printable ASCII, or two spaces in a row
    MissingChecksum, // no " #cccccccc" (CRC) or " #" + 16-character (tag) tail
    BadChecksum,     // the CRC does not match the bytes before it
    BadTag,          // a tag, but no key to check it with, or it does not match
    UnknownVerb,
    MissingField,
    ExtraField,
    BadNumber,
    BadCard,
    BadCardList,
    BadHand,
    BadField,
    BadWord,
    BadRules,
    BadPhase,
    BadSubject,
    BadPayload,
};
std::string_view describe(DecodeError error);

struct DecodeResult {
    std::optional<Message> message;
    DecodeError error = DecodeError::None;
    std::string detail; // what exactly was wrong, for the log (empty on success)
    bool tagged = false; // the datagram ended with a tag (checked) rather than a CRC
    bool ok() const { return message.has_value(); }
};

std::uint32_t crc32(std::string_view bytes);

// The line without its checksum (what a log shows, and what version 1's examples are).
std::string encodeLine(const Message& message);
// The line plus " #" and its CRC-32: a datagram outside a session.
std::string encodeDatagram(const Message& message);
// The line plus " #" and its tag under `key`: a datagram of a session.
std::string encodeTagged(const Message& message, const Key& key);

// Parses a line without checksum. Accepts version 1's headerless UPDATE form (field as two tops).
DecodeResult parseLine(std::string_view line);
// Verifies the tail (a CRC; or a tag, with `tagKey`), then parses the line before it.
DecodeResult decodeDatagram(std::string_view bytes, const Key* tagKey = nullptr);

// The RULES token (JOKERS DEAL HAND REFILL ARBITRATION, "2S4MF"), as UPDATE and HERE carry it
// and a DNS-SD announcement's TXT record; nothing for text that is no such token.
std::string rulesTokenOf(const RuleOptions& rules);
std::optional<RuleOptions> rulesFromToken(std::string_view token);

// Words (names, reasons): 1..kMaxWordChars of [A-Za-z0-9_.-]. Anything else becomes '_'.
std::string sanitizeWord(std::string_view text);

} // namespace speed::protocol
