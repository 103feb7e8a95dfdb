#include "speed/protocol/Probe.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/MeasureWire.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace speed::protocol {
namespace {

constexpr std::string_view kChecksumMark = " #";
constexpr std::size_t kChecksumTailBytes = 10; // " #" + 8 hex digits

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

void appendChecksum(std::string& datagram) {
    static constexpr std::string_view kHex = "0123456789abcdef";
    const std::uint32_t crc = crc32(datagram);
    datagram += kChecksumMark;
    for (int shift = 28; shift >= 0; shift -= 4) datagram += kHex[(crc >> shift) & 0xFU];
}

// "VERB TIME SEQ ID " + payload + " #crc", the payload `payloadText` padded with filler so that
// the datagram is `sizeBytes` (or its minimum). Written directly rather than through a Message:
// this is the measuring loop's and the answering path's work, once per datagram; the result is
// byte for byte what encodeDatagram writes.
std::string encodeMeasurement(std::string_view verb, WireNumber id, std::size_t sizeBytes, WireNumber now,
                              WireNumber seq, std::string_view payloadText) {
    const std::size_t header = verb.size() + 1 + digitsOf(now) + 1 + digitsOf(seq) + 1 + digitsOf(id) + 1;
    const std::size_t minimum = header + payloadText.size() + 1 + kChecksumTailBytes;
    const std::size_t target = std::clamp(sizeBytes, minimum, std::max(minimum, kMaxProbeDatagramBytes));
    std::string datagram;
    datagram.reserve(target);
    datagram.append(verb);
    datagram += ' ';
    appendNumber(datagram, now);
    datagram += ' ';
    appendNumber(datagram, seq);
    datagram += ' ';
    appendNumber(datagram, id);
    datagram += ' ';
    datagram.append(payloadText);
    datagram.append(target - kChecksumTailBytes - datagram.size(), kPayloadFiller);
    appendChecksum(datagram);
    return datagram;
}

} // namespace

std::size_t minimumProbeBytes(WireNumber id, WireNumber now, WireNumber seq, std::size_t payloadTextChars) {
    return std::string_view("PROBE").size() + 1 + digitsOf(now) + 1 + digitsOf(seq) + 1 + digitsOf(id) + 1 +
           payloadTextChars + 1 + kChecksumTailBytes;
}

std::string encodeProbe(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                        std::string_view payloadText) {
    return encodeMeasurement("PROBE", id, sizeBytes, now, seq, payloadText);
}

std::string encodeEchoOfSize(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                             std::string_view payloadText) {
    return encodeMeasurement("ECHO", id, sizeBytes, now, seq, payloadText);
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

std::optional<std::string> answerProbe(std::string_view datagram, const EchoClock* clock) {
    const DecodeResult decoded = decodeDatagram(datagram);
    if (!decoded.ok()) return std::nullopt;
    const auto* probe = std::get_if<Probe>(&decoded.message->body);
    if (probe == nullptr) return std::nullopt;
    std::string echo;
    if (clock != nullptr && clock->nowNs && probe->payload.front() == 't' &&
        std::holds_alternative<StampRequest>(readMeasurePayload(probe->payload))) {
        const std::uint64_t sentNs = clock->nowNs();
        const std::uint64_t held = sentNs > clock->receivedNs ? sentNs - clock->receivedNs : 0;
        const EchoStamps stamps{clock->receivedNs, static_cast<std::uint32_t>(std::min<std::uint64_t>(held, UINT32_MAX)),
                                clock->clockId};
        echo = encodeEcho(*decoded.message, measurePayloadText(stamps));
    } else {
        echo = encodeEcho(*decoded.message);
    }
    if (echo.size() > datagram.size()) return std::nullopt; // never amplify
    return echo;
}

} // namespace speed::protocol
