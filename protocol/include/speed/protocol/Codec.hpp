#pragma once

#include "speed/protocol/Message.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Text form of the messages (docs/PROTOCOL.md, "Grammar"). Every datagram is one line
// `VERB TIME SEQ [fields...] #cccccccc` where cccccccc is the CRC-32 (IEEE 802.3) of every byte
// before the space, in lowercase hex. The decoder is total: it never throws, never reads past
// the end, and returns either a message or one specific error.
namespace speed::protocol {

enum class DecodeError : std::uint8_t {
    None,
    Empty,
    TooLong,         // over kMaxGameDatagramBytes (kMaxProbeDatagramBytes for PROBE/ECHO)
    NotPrintable,    // a byte outside printable ASCII, or two spaces in a row
    MissingChecksum, // no " #cccccccc" tail
    BadChecksum,     // the tail does not match the bytes before it
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
    bool ok() const { return message.has_value(); }
};

std::uint32_t crc32(std::string_view bytes);

// The line without its checksum (what a log shows, and what the seed's examples are).
std::string encodeLine(const Message& message);
// The line plus " #" and its CRC-32: what goes into a datagram.
std::string encodeDatagram(const Message& message);

// Parses a line without checksum. Accepts the seed's UPDATE form (no header, field as two tops).
DecodeResult parseLine(std::string_view line);
// Verifies the checksum tail, then parses the line before it.
DecodeResult decodeDatagram(std::string_view bytes);

// Words (names, reasons): 1..kMaxWordChars of [A-Za-z0-9_.-]. Anything else becomes '_'.
std::string sanitizeWord(std::string_view text);

} // namespace speed::protocol
