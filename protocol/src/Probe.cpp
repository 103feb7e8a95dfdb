#include "speed/protocol/Probe.hpp"

#include "speed/protocol/Codec.hpp"

#include <algorithm>

namespace speed::protocol {
namespace {

constexpr char kFiller = 'x';

} // namespace

std::size_t minimumProbeBytes(WireNumber id, WireNumber now, WireNumber seq) {
    return encodeDatagram(Message{now, seq, Probe{id, std::string(1, kFiller)}}).size();
}

std::string encodeProbe(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq) {
    const std::size_t minimum = minimumProbeBytes(id, now, seq);
    const std::size_t target = std::clamp(sizeBytes, minimum, kMaxProbeDatagramBytes);
    return encodeDatagram(Message{now, seq, Probe{id, std::string(1 + target - minimum, kFiller)}});
}

std::string encodeEcho(const Message& probe) {
    const auto* asked = std::get_if<Probe>(&probe.body);
    if (asked == nullptr) return {};
    // "ECHO" is one letter shorter than "PROBE": one more filler keeps the size equal.
    return encodeDatagram(Message{probe.time, probe.seq, Echo{asked->id, asked->payload + kFiller}});
}

std::optional<std::string> answerProbe(std::string_view datagram) {
    const DecodeResult decoded = decodeDatagram(datagram);
    if (!decoded.ok() || !std::holds_alternative<Probe>(decoded.message->body)) return std::nullopt;
    std::string echo = encodeEcho(*decoded.message);
    if (echo.size() > datagram.size()) return std::nullopt; // never amplify
    return echo;
}

} // namespace speed::protocol
