#include "speed/protocol/Probe.hpp"

#include "Hex.hpp"
#include "WireWords.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/MeasureWire.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

namespace speed::protocol {
namespace {

using wire::appendChecksum;
using wire::kChecksumMark;
using wire::kChecksumTailBytes;

std::size_t digitsOf(WireNumber value) {
    std::size_t digits = 1;
    while (value >= 10) {
        value /= 10;
        ++digits;
    }
    return digits;
}

void appendNumber(std::string& out, WireNumber value) {
    std::array<char, 10> digits{};
    const auto [end, error] = std::to_chars(digits.data(), digits.data() + digits.size(), value);
    (void)error; // ten digits always hold a 32-bit number
    out.append(digits.data(), end);
}

// "VERB TIME SEQ ID " + payload + " #crc" appended to `out`, the payload `payloadText` padded
// with filler so that the datagram is `sizeBytes` (or its minimum). Written directly rather than
// through a Message: this is the measuring loop's and the answering path's work, once per
// datagram; the result is byte for byte what encodeDatagram writes. Appended, so that a sender
// lays a batch of datagrams end to end in one buffer; the checksum covers this datagram only.
// With `measureKey`, the payload is a signed form without its tag: the tag over the line so far
// follows it.
void appendMeasurement(std::string& out, std::string_view verb, WireNumber id, std::size_t sizeBytes, WireNumber now,
                       WireNumber seq, std::string_view payloadText, const Key* measureKey = nullptr) {
    const std::size_t header = verb.size() + 1 + digitsOf(now) + 1 + digitsOf(seq) + 1 + digitsOf(id) + 1;
    const std::size_t tagChars = measureKey != nullptr ? kMeasureTagChars : 0;
    const std::size_t minimum = header + payloadText.size() + tagChars + 1 + kChecksumTailBytes;
    const std::size_t target = std::clamp(sizeBytes, minimum, std::max(minimum, kMaxProbeDatagramBytes));
    const std::size_t start = out.size();
    out.reserve(start + target);
    out.append(verb);
    out += ' ';
    appendNumber(out, now);
    out += ' ';
    appendNumber(out, seq);
    out += ' ';
    appendNumber(out, id);
    out += ' ';
    out.append(payloadText);
    if (measureKey != nullptr) out += measureTagOf(*measureKey, std::string_view(out).substr(start)); // over the line so far
    out.append(start + target - kChecksumTailBytes - out.size(), kPayloadFiller);
    const std::uint32_t crc = crc32(std::string_view(out).substr(start));
    out += kChecksumMark;
    hex::append(out, crc, static_cast<int>(wire::kChecksumDigits));
}

std::string encodeMeasurement(std::string_view verb, WireNumber id, std::size_t sizeBytes, WireNumber now,
                              WireNumber seq, std::string_view payloadText, const Key* measureKey = nullptr) {
    std::string datagram;
    appendMeasurement(datagram, verb, id, sizeBytes, now, seq, payloadText, measureKey);
    return datagram;
}

// Canonical decimal 0..4294967295 (no sign, no leading zero) up to the next space, read in one
// pass (this runs three times per datagram on both ends of a measurement).
std::optional<WireNumber> readNumber(std::string_view line, std::size_t& at) {
    std::size_t end = at;
    std::uint64_t value = 0;
    for (; end < line.size() && end - at <= 10; ++end) {
        const char c = line[end];
        if (c == ' ') break;
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    const std::size_t digits = end - at;
    if (end >= line.size() || line[end] != ' ') return std::nullopt; // no space after it, or more than 10 digits
    if (digits == 0 || (digits > 1 && line[at] == '0') || value > 0xFFFFFFFFULL) return std::nullopt;
    at = end + 1;
    return static_cast<WireNumber>(value);
}

// Whether every byte is printable ASCII other than a space (0x21..0x7e), eight bytes at a time:
// a byte below 0x21 or above 0x7e sets its top bit in one of the two words below.
bool allPrintable(std::string_view text) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
    constexpr std::uint64_t kHighs = 0x8080808080808080ULL;
    std::size_t i = 0;
    std::uint64_t bad = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, text.data() + i, 8);
        bad |= ((word - kOnes * 0x21) & ~word) | ((word + kOnes * (0x7f - 0x7e)) | word); // below 0x21 | above 0x7e
    }
    for (; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x21 || c > 0x7e) return false;
    }
    return (bad & kHighs) == 0;
}

} // namespace

namespace {

// "VERB TIME SEQ ID PAYLOAD #crc" read in place, with decodeDatagram's checks for that verb.
std::optional<ProbeView> readMeasurement(std::string_view datagram, std::string_view kVerb) {
    if (datagram.size() > kMaxProbeDatagramBytes || datagram.size() <= kVerb.size() + kChecksumTailBytes) return std::nullopt;
    if (datagram.substr(0, kVerb.size()) != kVerb) return std::nullopt;
    const std::size_t tail = datagram.size() - kChecksumTailBytes;
    if (datagram.substr(tail, kChecksumMark.size()) != kChecksumMark) return std::nullopt;
    const auto claimed = hex::read(datagram.substr(tail + kChecksumMark.size()));
    if (!claimed) return std::nullopt;
    const std::string_view line = datagram.substr(0, tail);
    ProbeView probe;
    std::size_t at = kVerb.size();
    const auto time = readNumber(line, at);
    const auto seq = time ? readNumber(line, at) : std::nullopt;
    const auto id = seq ? readNumber(line, at) : std::nullopt;
    if (!id || at >= line.size()) return std::nullopt;
    probe.numbers = line.substr(kVerb.size(), at - 1 - kVerb.size());
    probe.datagram = datagram;
    probe.payload = line.substr(at);
    if (!allPrintable(probe.payload)) return std::nullopt; // a space too: one payload field only
    if (crc32(line) != *claimed) return std::nullopt; // last: the dearest check
    probe.time = *time;
    probe.seq = *seq;
    probe.id = *id;
    return probe;
}

} // namespace

std::optional<ProbeView> readProbe(std::string_view datagram) { return readMeasurement(datagram, "PROBE "); }

std::optional<ProbeView> readEcho(std::string_view datagram) { return readMeasurement(datagram, "ECHO "); }

std::string encodeEcho(const ProbeView& probe, std::string_view payloadText) {
    std::string echo;
    writeEcho(echo, probe, payloadText);
    return echo;
}

void writeEcho(std::string& echo, const ProbeView& probe, std::string_view payloadText) {
    writeEcho(echo, probe, payloadText, nullptr);
}

void writeEcho(std::string& echo, const ProbeView& probe, std::string_view payloadText, const Key* measureKey) {
    const std::size_t chars = probe.payload.size() + 1;
    echo.clear();
    echo.reserve(probe.payload.size() + 40);
    echo.append("ECHO ");
    if (!probe.numbers.empty()) {
        echo.append(probe.numbers);
    } else {
        appendNumber(echo, probe.time);
        echo += ' ';
        appendNumber(echo, probe.seq);
        echo += ' ';
        appendNumber(echo, probe.id);
    }
    echo += ' ';
    const std::size_t tagChars = measureKey != nullptr ? kMeasureTagChars : 0;
    if (!payloadText.empty() && payloadText.size() + tagChars < chars) {
        echo.append(payloadText);
        if (measureKey != nullptr) echo += measureTagOf(*measureKey, echo); // over the line so far
        echo.append(chars - payloadText.size() - tagChars, kPayloadFiller);
    } else {
        echo.append(probe.payload);
        echo += kPayloadFiller;
    }
    appendChecksum(echo);
}

std::size_t minimumProbeBytes(WireNumber id, WireNumber now, WireNumber seq, std::size_t payloadTextChars) {
    return std::string_view("PROBE").size() + 1 + digitsOf(now) + 1 + digitsOf(seq) + 1 + digitsOf(id) + 1 +
           payloadTextChars + 1 + kChecksumTailBytes;
}

std::string encodeProbe(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                        std::string_view payloadText, const Key* measureKey) {
    return encodeMeasurement("PROBE", id, sizeBytes, now, seq, payloadText, measureKey);
}

bool measureTagValid(const Key& measureKey, std::string_view datagram) {
    // The payload starts after the verb and three numbers: "VERB TIME SEQ ID ".
    std::size_t at = 0;
    for (int space = 0; space < 4; ++space) {
        at = datagram.find(' ', at);
        if (at == std::string_view::npos) return false;
        ++at;
    }
    if (at >= datagram.size()) return false;
    const std::size_t fields = signedFieldChars(datagram[at]);
    if (fields == 0 || at + fields + kMeasureTagChars > datagram.size()) return false;
    return measureTagMatches(measureKey, datagram.substr(0, at + fields), datagram.substr(at + fields, kMeasureTagChars));
}

std::string encodeEchoOfSize(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                             std::string_view payloadText) {
    return encodeMeasurement("ECHO", id, sizeBytes, now, seq, payloadText);
}

void appendProbe(std::string& out, WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                 std::string_view payloadText) {
    appendMeasurement(out, "PROBE", id, sizeBytes, now, seq, payloadText);
}

void appendEchoOfSize(std::string& out, WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                      std::string_view payloadText) {
    appendMeasurement(out, "ECHO", id, sizeBytes, now, seq, payloadText);
}

std::string encodeEcho(const Message& probe, std::string_view payloadText) {
    const auto* asked = std::get_if<Probe>(&probe.body);
    if (asked == nullptr) return {};
    // "ECHO" is one letter shorter than "PROBE": one more payload byte keeps the size equal.
    const std::size_t chars = asked->payload.size() + 1;
    if (!payloadText.empty() && payloadText.size() < chars) {
        return encodeDatagram(Message{probe.time, probe.seq, Echo{asked->id, paddedPayload(payloadText, chars)}});
    }
    return encodeDatagram(Message{probe.time, probe.seq, Echo{asked->id, asked->payload + kPayloadFiller}});
}

bool asksForStamps(const MeasurePayload& payload) {
    return std::holds_alternative<StampRequest>(payload) || std::holds_alternative<CountedStampRequest>(payload);
}

std::size_t minimumProbeBytesFor(WireNumber id, WireNumber now, WireNumber seq, std::size_t requestChars,
                                 std::size_t answerChars) {
    // The ECHO's payload is one character longer than its PROBE's and ends in filler.
    const std::size_t payloadChars = std::max(requestChars + 1, answerChars);
    return minimumProbeBytes(id, now, seq, payloadChars - 1);
}

std::optional<std::string> answerProbe(std::string_view datagram, const EchoClock* clock) {
    const auto probe = readProbe(datagram);
    if (!probe) return std::nullopt;
    return answerProbe(*probe, datagram.size(), clock);
}

std::optional<std::string> answerProbe(const ProbeView& probe, std::size_t probeBytes, const EchoClock* clock) {
    std::string echo;
    // A counted request ('u') gets the stamps too: a host keeps no count of anyone's probes. A
    // signed one ('v') gets them signed, when this side has the key and the probe's tag holds.
    const char form = probe.payload.front();
    if (clock != nullptr && clock->nowNs && form == 'v' && clock->measureKey && !probe.datagram.empty() &&
        std::holds_alternative<CountedStampRequest>(readMeasurePayload(probe.payload)) &&
        measureTagValid(*clock->measureKey, probe.datagram)) {
        const std::uint64_t sentNs = clock->nowNs();
        const std::uint64_t held = sentNs > clock->receivedNs ? sentNs - clock->receivedNs : 0;
        const CountedEchoStamps stamps{
            {clock->receivedNs, static_cast<std::uint32_t>(std::min<std::uint64_t>(held, UINT32_MAX)), clock->clockId},
            0, std::string()};
        writeEcho(echo, probe, measurePayloadText(stamps), &*clock->measureKey);
    } else if (clock != nullptr && clock->nowNs && (form == 't' || form == 'u') && asksForStamps(readMeasurePayload(probe.payload))) {
        const std::uint64_t sentNs = clock->nowNs();
        const std::uint64_t held = sentNs > clock->receivedNs ? sentNs - clock->receivedNs : 0;
        const EchoStamps stamps{clock->receivedNs, static_cast<std::uint32_t>(std::min<std::uint64_t>(held, UINT32_MAX)),
                                clock->clockId};
        echo = encodeEcho(probe, measurePayloadText(stamps));
    } else {
        echo = encodeEcho(probe);
    }
    if (echo.size() > probeBytes) return std::nullopt; // never amplify
    return echo;
}

MeasureDatagram readMeasureDatagram(std::string_view datagram) {
    MeasureDatagram read;
    if (const auto probe = readProbe(datagram)) {
        read.kind = MeasureDatagramKind::Probe;
        read.probe = *probe;
        read.payload = readMeasurePayload(probe->payload);
    } else if (datagram.substr(0, 5) == "ECHO ") {
        read.kind = MeasureDatagramKind::Answer;
    }
    return read;
}

} // namespace speed::protocol
