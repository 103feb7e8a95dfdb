#pragma once

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/MeasureWire.hpp"
#include "speed/protocol/Message.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

// Measurement probes. A probe's size is the size of the whole datagram. Sizes below
// minimumProbeBytes() cannot hold the header and checksum; such probes are sent at the minimum,
// and the caller reports the actual size (the returned string's size()).
namespace speed::protocol {

// The smallest probe with these numbers, its payload `payloadText` plus one filler byte.
std::size_t minimumProbeBytes(WireNumber id, WireNumber now, WireNumber seq, std::size_t payloadTextChars = 0);

// The smallest probe with these numbers whose payload holds a request of `requestChars` and
// whose ECHO (of the same size) holds an answer of `answerChars`: a probe asking for stamps is
// at least this large, so its answer has room for them whatever its size or numbers.
std::size_t minimumProbeBytesFor(WireNumber id, WireNumber now, WireNumber seq, std::size_t requestChars,
                                 std::size_t answerChars);

// Whether a probe's payload asks for its ECHO to be stamped ('t', or 'u' which also counts it).
bool asksForStamps(const MeasurePayload& payload);

// `PROBE TIME SEQ ID PAYLOAD #crc`, exactly max(sizeBytes, minimum) bytes (capped at
// kMaxProbeDatagramBytes). PAYLOAD is `payloadText` (a form of MeasureWire.hpp, or nothing)
// followed by filler.
// With `measureKey`, `payloadText` is a signed form without its tag ('v', 'k'): the tag over the
// line so far follows it (Auth.hpp measureTagOf).
std::string encodeProbe(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                        std::string_view payloadText = {}, const Key* measureKey = nullptr);
// Whether a PROBE's or ECHO's signed payload ('v', 'V', 'k', 'K') carries the tag of its line
// under `measureKey`. False for any unsigned payload.
bool measureTagValid(const Key& measureKey, std::string_view datagram);
// `ECHO TIME SEQ ID PAYLOAD #crc` of exactly `sizeBytes` (at least its minimum): what the far
// side sends of its own accord (a stream back).
std::string encodeEchoOfSize(WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                             std::string_view payloadText);

// The same two datagrams appended to `out`, byte for byte: a sender lays a batch end to end in
// one buffer it keeps (no allocation per datagram).
void appendProbe(std::string& out, WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                 std::string_view payloadText = {});
void appendEchoOfSize(std::string& out, WireNumber id, std::size_t sizeBytes, WireNumber now, WireNumber seq,
                      std::string_view payloadText);

// The echo of a decoded probe: the same TIME, SEQ, ID and size (never larger: no amplification).
// With `payloadText`, the ECHO's payload is that form padded to the same size; when it does not
// fit, the probe's own payload is echoed as always.
std::string encodeEcho(const Message& probe, std::string_view payloadText = {});

// A PROBE datagram read in place: what decodeDatagram reads from exactly the same datagrams (a
// valid CRC, canonical numbers, one payload of printable bytes), without building a Message:
// the answering path's reader. Views into the datagram.
struct ProbeView {
    WireNumber time = 0;
    WireNumber seq = 0;
    WireNumber id = 0;
    std::string_view payload;
    // "TIME SEQ ID" as the datagram spells them: canonical decimals, so the ECHO copies them.
    std::string_view numbers;
    std::string_view datagram{}; // the whole of it (a signed payload's tag is checked over it)
};
std::optional<ProbeView> readProbe(std::string_view datagram);
// The same for an ECHO (the measuring side's reader of answers): what decodeDatagram reads.
std::optional<ProbeView> readEcho(std::string_view datagram);

// The ECHO of a probe read in place: its TIME, SEQ and ID, exactly its size; the payload is
// `payloadText` padded with filler when given and it fits, else the probe's payload plus one
// filler byte.
std::string encodeEcho(const ProbeView& probe, std::string_view payloadText = {});
// The same ECHO written over `out` (its capacity kept: an answering loop allocates nothing).
void writeEcho(std::string& out, const ProbeView& probe, std::string_view payloadText = {});
// The same with `payloadText` a signed form without its tag ('V', 'K'): the tag over the line so
// far follows it, when it fits (else the probe's own payload comes back, unsigned).
void writeEcho(std::string& out, const ProbeView& probe, std::string_view payloadText, const Key* measureKey);

// The answering side's clock, for probes that ask for stamps (MeasureWire's StampRequest).
struct EchoClock {
    std::uint64_t receivedNs = 0;            // when the probe arrived (T2)
    std::function<std::uint64_t()> nowNs;    // read just before the ECHO is written (T3)
    std::uint32_t clockId = 0;               // monotonicClockId of this machine
    std::optional<Key> measureKey{};         // under a password: signed probes get signed answers
};

// When `datagram` is a valid PROBE, the ECHO to send back to its sender. Touches nothing else;
// answers any address. With a clock, a probe asking for stamps gets them (when its size has room).
std::optional<std::string> answerProbe(std::string_view datagram, const EchoClock* clock = nullptr);
// The same for a PROBE already read from a datagram of `probeBytes` bytes.
std::optional<std::string> answerProbe(const ProbeView& probe, std::size_t probeBytes, const EchoClock* clock);

// What a measuring side's far end (speed-measure --serve) makes of a datagram, by its verb.
enum class MeasureDatagramKind : std::uint8_t {
    Other,  // neither a PROBE nor an ECHO: a plain echo client's, sent back as it came
    Answer, // it starts as an ECHO (another reflector's answer, perhaps, even damaged): never answered
    Probe,  // a valid PROBE: `payload` says what it asks (a stamp, a stream's datagram, ...)
};
struct MeasureDatagram {
    MeasureDatagramKind kind = MeasureDatagramKind::Other;
    ProbeView probe;        // kind Probe: its fields, views into the datagram
    MeasurePayload payload; // kind Probe: the payload's form; std::monostate for filler
};
MeasureDatagram readMeasureDatagram(std::string_view datagram);

} // namespace speed::protocol
