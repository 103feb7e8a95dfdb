#pragma once

// The fixed words of the grammar, shared by the encoder and the decoder (private header).
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Message.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace speed::protocol::wire {

inline constexpr std::array<std::string_view, 7> kPhaseWords{"PLAY", "SPEED", "PAUSE0", "PAUSE1", "WON", "LOST", "DRAW"};
inline constexpr std::array<std::string_view, 12> kRefusalWords{
    "GAME_OVER",    "BAD_SEAT",   "BAD_SLOT",      "BAD_PILE",      "NOT_IN_HAND", "PILE_EMPTY",
    "NOT_ADJACENT", "SLOT_TAKEN", "DECK_EMPTY",    "NOT_STALEMATE", "PAUSED",      "NOT_PLAYING"};
inline constexpr std::array<std::string_view, 6> kSubjectWords{"MOVE", "UPDATE", "START", "PAUSE", "RESUME", "SHUTDOWN"};
inline constexpr std::array<std::string_view, 2> kPauseReasonWords{"USER", "SILENT"};
inline constexpr std::array<std::string_view, 9> kDenyWords{"BUSY", "NOT_INVITED", "PASSWORD_NEEDED", "NO_PASSWORD",
                                                          "WRONG_PASSWORD", "VERSION", "HELD", "NO_MATCH", "DAMAGED"};
inline constexpr std::array<std::string_view, 2> kHostStateWords{"WAITING", "BUSY"};
inline constexpr std::string_view kPasswordMark = "P"; // HELLO's AUTH and HERE's: a password
inline constexpr char kPadChar = 'x';
inline constexpr std::string_view kGarbledWord = "GARBLED";
inline constexpr std::string_view kPlayWord = "PLAY";
inline constexpr std::string_view kRefillWord = "REFILL";
inline constexpr std::string_view kFlipWord = "F";
inline constexpr char kPlayMark = 'P';
inline constexpr char kRefillMark = 'R';
inline constexpr char kUndoMark = 'U';      // version 7: a rewind's revision
inline constexpr char kTakenBackMark = 'B'; // version 7: a play taken back
inline constexpr std::string_view kEmptyList = "-";
inline constexpr std::string_view kEmptySlot = "--";
inline constexpr char kPileSeparator = '/';
inline constexpr std::string_view kChecksumMark = " #";
inline constexpr std::size_t kChecksumDigits = 8;
inline constexpr std::size_t kChecksumTailBytes = kChecksumMark.size() + kChecksumDigits;
inline constexpr std::size_t kTagTailBytes = kChecksumMark.size() + kTagChars;

// Ends an unkeyed datagram: " #" and the CRC-32 of what is there, in lowercase hex.
void appendChecksum(std::string& line);

template <typename Enum, std::size_t N>
std::string_view wordOf(const std::array<std::string_view, N>& words, Enum value) {
    return words[static_cast<std::size_t>(value)];
}

template <typename Enum, std::size_t N>
std::optional<Enum> enumOf(const std::array<std::string_view, N>& words, std::string_view text) {
    for (std::size_t i = 0; i < N; ++i) {
        if (words[i] == text) return static_cast<Enum>(i);
    }
    return std::nullopt;
}

} // namespace speed::protocol::wire
