#pragma once

// Reads the space-separated fields of one line, one at a time, remembering the first error.
// Every accessor checks bounds; after an error every further read fails too (private header).
// The fields are cut from the line as they are read: no vector of tokens is built.
#include "speed/protocol/Codec.hpp"

#include <string>
#include <string_view>

namespace speed::protocol::wire {

class FieldReader {
public:
    // `fields`: what follows the verb and its space, already checked to be fields separated by
    // single spaces (no empty field); empty when there is none.
    explicit FieldReader(std::string_view fields) : m_rest(fields) {}

    bool failed() const { return m_error != DecodeError::None; }
    DecodeError error() const { return m_error; }
    const std::string& detail() const { return m_detail; }
    bool atEnd() const { return m_rest.empty(); }

    std::string_view token(std::string_view what);
    WireNumber number(std::string_view what);
    // A canonical decimal of up to 15 digits (microsecond stamps: 31 years).
    std::uint64_t wideNumber(std::string_view what);
    // The same with an optional '-' ("-0" is not canonical).
    std::int64_t signedWideNumber(std::string_view what);
    int smallNumber(std::string_view what, int maxValue);
    std::string word(std::string_view what);
    Card card(std::string_view what);
    CardStack cardList(std::string_view what);
    HandSlots hand(std::string_view what);
    std::array<CardStack, kFieldPiles> field(std::string_view what);
    RuleOptions rules(std::string_view what);
    void change(std::string_view what, SnapshotHeader& header); // CHANGE: the move, a rewind's, a play taken back
    std::string payload(std::string_view what);
    void finish(); // ExtraField if anything is left
    void skipRest() { m_rest = {}; }

    void fail(DecodeError error, std::string detail);

private:
    CardStack listFromText(std::string_view text, std::string_view what);
    std::uint64_t decimal(std::string_view what, std::size_t maxDigits, std::uint64_t maxValue);
    std::uint64_t decimalOf(std::string_view text, std::string_view what, std::size_t maxDigits, std::uint64_t maxValue);
    std::string_view take(); // the next field, cut from m_rest; atEnd() must be false

    std::string_view m_rest; // the fields not read yet
    DecodeError m_error = DecodeError::None;
    std::string m_detail;
};

// The visible form of a token for error details: at most 32 bytes, non-printables as '?'.
std::string shown(std::string_view text);

} // namespace speed::protocol::wire
