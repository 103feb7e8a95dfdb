#include "FieldReader.hpp"

#include "WireWords.hpp"

#include "speed/protocol/Codec.hpp"

#include <array>
#include <optional>

namespace speed::protocol::wire {

std::string shown(std::string_view text) {
    std::string out;
    for (const char c : text.substr(0, 32)) out += (c > ' ' && c < 0x7f) ? c : '?';
    return "\"" + out + (text.size() > 32 ? "...\"" : "\"");
}

void FieldReader::fail(DecodeError error, std::string detail) {
    if (failed()) return;
    m_error = error;
    m_detail = std::move(detail);
}

std::string_view FieldReader::take() {
    const std::size_t space = m_rest.find(' ');
    const std::string_view field = m_rest.substr(0, space);
    m_rest = space == std::string_view::npos ? std::string_view{} : m_rest.substr(space + 1);
    return field;
}

std::string_view FieldReader::token(std::string_view what) {
    if (failed()) return {};
    if (atEnd()) {
        fail(DecodeError::MissingField, "missing " + std::string(what));
        return {};
    }
    return take();
}

std::uint64_t FieldReader::decimal(std::string_view what, std::size_t maxDigits, std::uint64_t maxValue) {
    const std::string_view text = token(what);
    if (failed()) return 0;
    return decimalOf(text, what, maxDigits, maxValue);
}

// Canonical decimal only: 1..maxDigits digits, no sign, no leading zero, at most maxValue.
std::uint64_t FieldReader::decimalOf(std::string_view text, std::string_view what, std::size_t maxDigits,
                                     std::uint64_t maxValue) {
    const bool leadingZero = text.size() > 1 && text[0] == '0';
    std::uint64_t value = 0;
    bool digitsOnly = !text.empty() && text.size() <= maxDigits && !leadingZero;
    for (const char c : text) {
        if (c < '0' || c > '9') digitsOnly = false;
        if (digitsOnly) value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (!digitsOnly || value > maxValue) {
        fail(DecodeError::BadNumber, std::string(what) + " is not a number 0.." + std::to_string(maxValue) + ": " + shown(text));
        return 0;
    }
    return value;
}

WireNumber FieldReader::number(std::string_view what) { return static_cast<WireNumber>(decimal(what, 10, 0xFFFFFFFFULL)); }

std::uint64_t FieldReader::wideNumber(std::string_view what) { return decimal(what, 15, 999'999'999'999'999ULL); }

std::int64_t FieldReader::signedWideNumber(std::string_view what) {
    if (atEnd() || m_rest.front() != '-') return static_cast<std::int64_t>(wideNumber(what));
    const std::string_view text = token(what);
    if (failed()) return 0;
    const auto magnitude = static_cast<std::int64_t>(decimalOf(text.substr(1), what, 15, 999'999'999'999'999ULL));
    if (!failed() && magnitude == 0) fail(DecodeError::BadNumber, std::string(what) + " is not canonical: -0");
    return -magnitude;
}

int FieldReader::smallNumber(std::string_view what, int maxValue) {
    const WireNumber value = number(what);
    if (failed()) return 0;
    if (value > static_cast<WireNumber>(maxValue)) {
        fail(DecodeError::BadNumber, std::string(what) + " is above " + std::to_string(maxValue));
        return 0;
    }
    return static_cast<int>(value);
}

std::string FieldReader::word(std::string_view what) {
    const std::string_view text = token(what);
    if (failed()) return {};
    if (text.size() > kMaxWordChars || sanitizeWord(text) != text) {
        fail(DecodeError::BadWord, std::string(what) + " must be 1-24 of A-Z a-z 0-9 _ . -: " + shown(text));
        return {};
    }
    return std::string(text);
}

Card FieldReader::card(std::string_view what) {
    const std::string_view text = token(what);
    if (failed()) return {};
    if (const std::optional<Card> card = cardFromCode(text)) return *card;
    fail(DecodeError::BadCard, std::string(what) + ": " + parseCard(text).error);
    return {};
}

CardStack FieldReader::listFromText(std::string_view text, std::string_view what) {
    CardStack stack;
    if (text == kEmptyList) return stack;
    if (text.empty() || text.size() % 2 != 0 || text.size() / 2 > CardStack::kCapacity) {
        fail(DecodeError::BadCardList, std::string(what) + " is not a list of two-character cards: " + shown(text));
        return stack;
    }
    // Written top first; the stack keeps the bottom at index 0.
    for (std::size_t i = text.size(); i >= 2 && !failed(); i -= 2) {
        if (const std::optional<Card> card = cardFromChars(text[i - 2], text[i - 1])) {
            stack.push(*card);
        } else {
            fail(DecodeError::BadCard, std::string(what) + ": " + parseCard(text.substr(i - 2, 2)).error);
        }
    }
    return stack;
}

CardStack FieldReader::cardList(std::string_view what) {
    const std::string_view text = token(what);
    return failed() ? CardStack{} : listFromText(text, what);
}

HandSlots FieldReader::hand(std::string_view what) {
    const std::string_view text = token(what);
    HandSlots slots;
    if (failed()) return slots;
    if (text.empty() || text.size() % 2 != 0 || text.size() / 2 > RuleOptions::kMaxHandSize) {
        fail(DecodeError::BadHand, std::string(what) + " must be 1-8 slots of a card or \"--\": " + shown(text));
        return slots;
    }
    for (std::size_t i = 0; i < text.size() && !failed(); i += 2) {
        const std::string_view code = text.substr(i, 2);
        if (code == kEmptySlot) {
            slots.push_back(std::nullopt);
            continue;
        }
        const std::optional<Card> card = cardFromChars(code[0], code[1]);
        if (!card) fail(DecodeError::BadCard, std::string(what) + ": " + parseCard(code).error);
        slots.push_back(card);
    }
    return slots;
}

std::array<CardStack, kFieldPiles> FieldReader::field(std::string_view what) {
    const std::string_view text = token(what);
    std::array<CardStack, kFieldPiles> piles{};
    if (failed()) return piles;
    const std::size_t slash = text.find(kPileSeparator);
    if (slash == std::string_view::npos) {
        // Version 1's form: the two tops side by side ("CACB").
        if (text.size() != 4) {
            fail(DecodeError::BadField, std::string(what) + " must be PILE/PILE or two tops: " + shown(text));
            return piles;
        }
        piles[0] = listFromText(text.substr(0, 2), what);
        piles[1] = listFromText(text.substr(2, 2), what);
        return piles;
    }
    if (text.find(kPileSeparator, slash + 1) != std::string_view::npos) {
        fail(DecodeError::BadField, std::string(what) + " has more than two piles: " + shown(text));
        return piles;
    }
    piles[0] = listFromText(text.substr(0, slash), what);
    piles[1] = listFromText(text.substr(slash + 1), what);
    return piles;
}

RuleOptions FieldReader::rules(std::string_view what) {
    const std::string_view text = token(what);
    if (failed()) return {};
    const std::optional<RuleOptions> rules = rulesFromToken(text);
    if (!rules) {
        fail(DecodeError::BadRules, std::string(what) + " must be JOKERS DEAL HAND REFILL ARBITRATION like 2S4MF: " + shown(text));
        return {};
    }
    return *rules;
}


std::string FieldReader::payload(std::string_view what) {
    const std::string_view text = token(what);
    if (failed()) return {};
    if (text.empty()) fail(DecodeError::BadPayload, std::string(what) + " is empty");
    return std::string(text);
}

void FieldReader::finish() {
    if (!failed() && !atEnd()) {
        fail(DecodeError::ExtraField, "unexpected field " + shown(m_rest.substr(0, m_rest.find(' '))));
    }
}

namespace {

// "F", "P" seat slot card pile, or "R" seat slot, at the start of `text`: the move and how many
// characters it took; none when there is no such move there.
std::optional<std::pair<Move, std::size_t>> leadingMove(std::string_view text) {
    const auto digit = [&](std::size_t at, int maxValue) {
        const int value = at < text.size() ? text[at] - '0' : -1;
        return value >= 0 && value <= maxValue ? value : -1;
    };
    if (text.starts_with(kFlipWord)) return std::pair{Move::flip(), kFlipWord.size()};
    const int seat = digit(1, kSeats - 1);
    const int slot = digit(2, RuleOptions::kMaxHandSize - 1);
    if (text.size() >= 3 && text[0] == kRefillMark && seat >= 0 && slot >= 0) return std::pair{Move::refill(seat, slot), std::size_t{3}};
    if (text.size() >= 6 && text[0] == kPlayMark && seat >= 0 && slot >= 0) {
        const std::optional<Card> card = cardFromCode(text.substr(3, 2));
        const int pile = digit(5, kFieldPiles - 1);
        if (card && pile >= 0) return std::pair{Move::play(seat, slot, *card, pile), std::size_t{6}};
    }
    return std::nullopt;
}

// A canonical decimal of 1..6 digits (no leading zero but "0" itself).
std::optional<std::int64_t> leadDigits(std::string_view text) {
    if (text.empty() || text.size() > 6 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
    std::int64_t value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

} // namespace

// The move that made an UPDATE's revision: "-", "F", "P" seat slot card pile, "R" seat slot;
// version 7: "U" n and one of those (a rewind undid n plays first), or "B" and a play taken back
// without its "P", with its lead in µs (1-6 digits) when it lost a race, or "BR" and a refill.
void FieldReader::change(std::string_view what, SnapshotHeader& header) {
    const std::string_view text = token(what);
    if (failed() || text == kEmptyList) return;
    if (text.size() >= 3 && text[0] == kUndoMark && text[1] >= '1' && text[1] <= '0' + kMaxUndone) {
        const std::string_view rest = text.substr(2);
        const auto move = leadingMove(rest);
        if (rest == kEmptyList || (move && move->second == rest.size() && move->first.kind != MoveKind::Flip)) {
            header.undone = text[1] - '0';
            if (move) header.change = move->first;
            return;
        }
    } else if (text.size() >= 2 && text[0] == kTakenBackMark) {
        // A refill as it is ("BR01"), a play without its "P" ("B02H43000").
        const std::string rest = text[1] == kRefillMark ? std::string(text.substr(1)) : kPlayMark + std::string(text.substr(1));
        const auto move = leadingMove(rest);
        if (move && move->first.kind != MoveKind::Flip) {
            const std::string_view lead = std::string_view(rest).substr(move->second);
            const auto leadUs = leadDigits(lead);
            if (lead.empty() || (leadUs && move->first.kind == MoveKind::Play)) {
                header.takenBack = move->first;
                header.takenBackLeadUs = leadUs;
                return;
            }
        }
    } else if (const auto move = leadingMove(text); move && move->second == text.size()) {
        header.change = move->first;
        return;
    }
    fail(DecodeError::BadWord, std::string(what) + " must be -, F, P<seat><slot><card><pile>, R<seat><slot>, "
                                                   "U<n> and one of those, B<seat><slot><card><pile>[lead] or BR<seat><slot>: " + shown(text));
}

} // namespace speed::protocol::wire
