#include "speed/protocol/Codec.hpp"

#include "Hex.hpp"
#include "WireWords.hpp"

#include <isa-l/crc.h>

#include <algorithm>
#include <array>
#include <charconv>

namespace speed::protocol {
namespace {

using namespace wire;

void appendCode(std::string& out, Card card) {
    const std::array<char, 2> code = card.codeChars();
    out.append(code.data(), code.size());
}

// Lists are written top card first; "-" when empty. The room is made once, then filled.
void appendCardList(std::string& out, const CardStack& stack) {
    if (stack.empty()) {
        out += kEmptyList;
        return;
    }
    const std::size_t at = out.size();
    out.resize(at + 2 * static_cast<std::size_t>(stack.size()));
    char* next = out.data() + at;
    for (int i = stack.size() - 1; i >= 0; --i, next += 2) {
        const std::array<char, 2> code = stack[i].codeChars();
        next[0] = code[0];
        next[1] = code[1];
    }
}

void appendHand(std::string& out, const HandSlots& hand) {
    if (hand.empty()) {
        out += kEmptyList; // never valid for a session; kept decodable
        return;
    }
    static_assert(kEmptySlot.size() == 2);
    const std::size_t at = out.size();
    out.resize(at + 2 * hand.size());
    char* next = out.data() + at;
    for (const auto& slot : hand) {
        const std::array<char, 2> code = slot ? slot->codeChars() : std::array<char, 2>{kEmptySlot[0], kEmptySlot[1]};
        *next++ = code[0];
        *next++ = code[1];
    }
}

} // namespace

namespace {

// JOKERS DEAL HAND REFILL ARBITRATION, five characters, appended to `out`.
void appendRulesToken(std::string& out, const RuleOptions& rules) {
    const std::array<char, 5> token{static_cast<char>('0' + rules.jokers), rules.deal == DealMode::Colors ? 'C' : 'S',
                                    static_cast<char>('0' + rules.handSize), rules.refill == RefillMode::Auto ? 'A' : 'M',
                                    rules.arbitration == Arbitration::Fair ? 'F' : 'A'};
    out.append(token.data(), token.size());
}

} // namespace

std::string rulesTokenOf(const RuleOptions& rules) {
    std::string token;
    appendRulesToken(token, rules);
    return token;
}

std::optional<RuleOptions> rulesFromToken(std::string_view text) {
    const bool valid = text.size() == 5 && (text[0] == '0' || text[0] == '2') && (text[1] == 'S' || text[1] == 'C') &&
                       text[2] >= '1' && text[2] <= '8' && (text[3] == 'M' || text[3] == 'A') &&
                       (text[4] == 'F' || text[4] == 'A');
    if (!valid) return std::nullopt;
    RuleOptions rules;
    rules.jokers = text[0] - '0';
    rules.deal = text[1] == 'C' ? DealMode::Colors : DealMode::Shuffle;
    rules.handSize = text[2] - '0';
    rules.refill = text[3] == 'A' ? RefillMode::Auto : RefillMode::Manual;
    rules.arbitration = text[4] == 'F' ? Arbitration::Fair : Arbitration::FirstArrival;
    return rules;
}

namespace {

std::string rulesToken(const RuleOptions& rules) { return rulesTokenOf(rules); }

void appendMoveToken(std::string& out, const std::optional<Move>& change) {
    if (!change) {
        out += kEmptyList;
        return;
    }
    const auto digit = [](int value) { return static_cast<char>('0' + value); };
    switch (change->kind) {
    case MoveKind::Flip: out += kFlipWord; return;
    case MoveKind::Refill: {
        const std::array<char, 3> token{kRefillMark, digit(change->seat), digit(change->slot)};
        out.append(token.data(), token.size());
        return;
    }
    case MoveKind::Play: {
        const std::array<char, 2> code = change->card.codeChars();
        const std::array<char, 6> token{kPlayMark, digit(change->seat), digit(change->slot), code[0], code[1], digit(change->pile)};
        out.append(token.data(), token.size());
        return;
    }
    }
    out += kEmptyList;
}

std::string moveToken(const std::optional<Move>& change) {
    std::string token;
    appendMoveToken(token, change);
    return token;
}

// CHANGE: the move, or (version 7) "B" and the play taken back (its "P" left out: the largest
// UPDATE keeps within 256 bytes) with its lead, or "BR" and a refill; or "U", how many plays the
// rewind undid, and the move made after them.
std::string changeToken(const SnapshotHeader& header) {
    if (header.takenBack) {
        const std::string move = moveToken(header.takenBack);
        std::string token = kTakenBackMark + (header.takenBack->kind == MoveKind::Play ? move.substr(1) : move);
        if (header.takenBackLeadUs) token += std::to_string(std::clamp(*header.takenBackLeadUs, std::int64_t{0}, kMaxTakenBackLeadUs));
        return token;
    }
    if (header.undone > 0) {
        return std::string{kUndoMark, static_cast<char>('0' + std::min(header.undone, kMaxUndone))} + moveToken(header.change);
    }
    return moveToken(header.change);
}

struct FieldWriter {
    std::string& out;

    void word(std::string_view text) {
        out += ' ';
        out += text;
    }
    void number(std::uint64_t value) {
        std::array<char, 21> field{' '}; // the space, then up to 20 digits (2^64 has 20)
        const auto written = std::to_chars(field.data() + 1, field.data() + field.size(), value);
        out.append(field.data(), static_cast<std::size_t>(written.ptr - field.data()));
    }
    void digit(int value) { number(static_cast<std::uint64_t>(value)); }

    void operator()(const Hello& hello) {
        digit(hello.version);
        word(sanitizeWord(hello.name));
        word(nonceText(hello.nonce));
        word(hello.auth);
        word(hello.cookie);
        word(hello.resume);
        number(hello.heldGame);
        number(hello.heldRevision);
        word(hello.resumeProof);
        word(std::string(std::max<std::size_t>(hello.padChars, 1), kPadChar));
    }
    void operator()(const Challenge& challenge) {
        word(nonceText(challenge.nonce));
        word(challenge.cookie);
    }
    void operator()(const Welcome& welcome) {
        digit(welcome.version);
        word(sanitizeWord(welcome.name));
        word(nonceText(welcome.nonce));
        word(welcome.proof);
        number(welcome.game);
        number(welcome.clockMs);
    }
    void operator()(const Find& find) {
        digit(find.version);
        word(nonceText(find.nonce));
        word(std::string(std::max<std::size_t>(find.padChars, 1), kPadChar));
    }
    void operator()(const Here& here) {
        digit(here.version);
        word(nonceText(here.nonce));
        word(sanitizeWord(here.name));
        word(wordOf(kHostStateWords, here.state));
        word(here.passwordNeeded ? kPasswordMark : kNoField);
        word(rulesToken(here.rules));
        word(nonceText(here.hostId));
    }
    void operator()(const Deny& deny) {
        word(nonceText(deny.nonce));
        word(wordOf(kDenyWords, deny.reason));
        digit(deny.version);
    }
    void operator()(const Update& update) {
        const TableView& table = update.table;
        out += ' ';
        appendCardList(out, table.myDeck);
        out += ' ';
        appendHand(out, table.myHand);
        out += ' ';
        appendCardList(out, table.field[0]);
        out += kPileSeparator;
        appendCardList(out, table.field[1]);
        out += ' ';
        appendHand(out, table.opponentHand);
        out += ' ';
        appendCardList(out, table.opponentDeck);
        if (!update.header) return;
        number(update.header->game);
        number(update.header->revision);
        out += ' ';
        appendRulesToken(out, update.header->rules);
        word(wordOf(kPhaseWords, update.header->phase));
        number(update.header->lastProposal);
        if (update.header->takenBack || update.header->undone > 0) {
            word(changeToken(*update.header));
        } else { // the common case, the move alone: written in place
            out += ' ';
            appendMoveToken(out, update.header->change);
        }
    }
    void operator()(const MoveRequest& request) {
        number(request.game);
        number(request.id);
        if (request.kind == MoveKind::Refill) {
            word(kRefillWord);
            digit(request.slot);
        } else {
            word(kPlayWord);
            digit(request.slot);
            out += ' ';
            appendCode(out, request.card);
            digit(request.pile);
        }
        if (request.inputUs) number(*request.inputUs);
    }
    void operator()(const Ok& ok) {
        word(wordOf(kSubjectWords, ok.subject));
        switch (ok.subject) {
        case Subject::Move: number(ok.game); number(ok.id); number(ok.revision); break;
        case Subject::Update: number(ok.game); number(ok.revision); break;
        case Subject::Start:
        case Subject::Pause:
        case Subject::Resume: number(ok.game); break;
        case Subject::Shutdown: return;
        }
        if (ok.stamps) {
            number(ok.stamps->receivedUs);
            number(ok.stamps->sentUs);
            number(ok.stamps->receivedSeq);
        }
    }
    void operator()(const Ng& ng) {
        if (ng.garbled) {
            word(kGarbledWord);
            return;
        }
        word(wordOf(kSubjectWords, Subject::Move));
        number(ng.game);
        number(ng.id);
        word(wordOf(kRefusalWords, ng.reason));
        if (ng.leadUs) word(std::to_string(*ng.leadUs));
    }
    void operator()(const Pause& pause) {
        number(pause.game);
        word(wordOf(kPauseReasonWords, pause.reason));
    }
    void operator()(const Resume& resume) { number(resume.game); }
    void operator()(const Start& start) { number(start.game); }
    void operator()(const Alive&) {}
    void operator()(const Rekey&) {}
    void operator()(const Shutdown& shutdown) { word(sanitizeWord(shutdown.reason)); }
    void operator()(const Probe& probe) {
        number(probe.id);
        word(probe.payload);
    }
    void operator()(const Echo& echo) {
        number(echo.id);
        word(echo.payload);
    }
};

bool isWordChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '-';
}

} // namespace

// ISA-L's CRC-32 (the IEEE polynomial, reflected, as in gzip and PNG), by carry-less
// multiplication where the CPU has it: about four times the byte-wise table on a 64-byte
// datagram, which every probe and every answer is checked and stamped with.
std::uint32_t crc32(std::string_view bytes) {
    return crc32_gzip_refl(0, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

std::string sanitizeWord(std::string_view text) {
    std::string word;
    for (const char c : text.substr(0, kMaxWordChars)) word += isWordChar(c) ? c : '_';
    return word.empty() ? "_" : word;
}

std::string encodeLine(const Message& message) {
    std::string line;
    line.reserve(kMaxGameDatagramBytes); // one allocation: a game datagram, its tail included, fits
    line += verbOf(message);
    FieldWriter writer{line};
    writer.number(message.time);
    writer.number(message.seq);
    std::visit(writer, message.body);
    return line;
}

std::string encodeTagged(const Message& message, const Key& key) {
    std::string datagram = encodeLine(message);
    appendTag(key, datagram, kChecksumMark);
    return datagram;
}

void wire::appendChecksum(std::string& line) {
    const std::uint32_t crc = crc32(line);
    line += kChecksumMark;
    hex::append(line, crc, static_cast<int>(kChecksumDigits));
}

std::string encodeDatagram(const Message& message) {
    std::string datagram = encodeLine(message);
    wire::appendChecksum(datagram);
    return datagram;
}

} // namespace speed::protocol
