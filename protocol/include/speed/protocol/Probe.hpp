#pragma once

#include "speed/protocol/Message.hpp"

#include <optional>
#include <string>
#include <string_view>

// Measurement probes. A probe's size is the size of the whole datagram. Sizes below
// minimumProbeBytes() cannot hold the header and checksum; such probes are sent at the minimum,
// and the caller reports the actual size (the returned string's size()).
namespace speed::protocol {

std::size_t minimumProbeBytes(WireNumber id, WireNumber now, WireNumber seq);

// `PROBE TIME SEQ ID PAYLOAD #crc`, exactly max(sizeBytes, minimum) bytes (capped at
// kMaxProbeDatagramBytes).
std::string encodeProbe(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq);

// The echo of a decoded probe: the same TIME, SEQ, ID and size (never larger: no amplification).
std::string encodeEcho(const Message& probe);

// For a host socket: when `datagram` is a valid PROBE, the ECHO to send back to its sender.
// Touches nothing else; answers any address.
std::optional<std::string> answerProbe(std::string_view datagram);

} // namespace speed::protocol
