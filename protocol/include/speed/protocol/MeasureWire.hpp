#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

// What speed-measure writes into the PAYLOAD of a PROBE or an ECHO (docs/PROTOCOL.md, section
// "Measurement payloads"). A payload has always been filler ('x') that any answering side copies
// into its ECHO; these forms start with one letter and fixed-width lowercase hex fields, then
// filler. A side that does not know them answers as before (the filler copied, one 'x' more),
// and a plain UDP echo sends the PROBE back unchanged; the measuring side sees either as "no
// such support" and measures round trips. Sans-I/O: times are nanoseconds of a clock the caller
// reads (the machine's monotonic clock).
namespace speed::protocol {

inline constexpr char kPayloadFiller = 'x';

// PROBE 't': "stamp your ECHO" (the rest filler).
struct StampRequest {
    friend bool operator==(const StampRequest&, const StampRequest&) = default;
};
// ECHO 'T': when the far side received the PROBE (T2), how long it held it before answering
// (T3 - T2) and which clock it read: the same clockId on both sides means one machine and one
// monotonic clock (the offset between them is exactly zero).
struct EchoStamps {
    std::uint64_t receivedNs = 0; // T2
    std::uint32_t heldNs = 0;     // T3 - T2 (capped at 4.29 s)
    std::uint32_t clockId = 0;
    friend bool operator==(const EchoStamps&, const EchoStamps&) = default;
};

// One datagram of a stream: 'D' from the measuring side (a PROBE), 'B' the far side's stream
// back (an ECHO, which nothing answers).
struct StreamData {
    bool back = false;
    std::uint32_t stream = 0;
    std::uint32_t seq = 0; // 0, 1, 2 .. in sending order
    std::uint64_t sentNs = 0;
    friend bool operator==(const StreamData&, const StreamData&) = default;
};

// PROBE 'O': "count my stream `stream`" (and, with back, "send me one at the same rate").
struct StreamOpen {
    std::uint32_t stream = 0;
    std::uint32_t rateKbps = 0;
    std::uint32_t durationMs = 0;
    std::uint16_t sizeBytes = 0; // datagram size, both ways
    bool back = false;
    std::optional<std::string> tag{}; // signed ('o'), under a password
    friend bool operator==(const StreamOpen&, const StreamOpen&) = default;
};
// ECHO 'A': accepted, with what the far side grants (it caps rate and duration).
struct StreamGrant {
    std::uint32_t stream = 0;
    std::uint32_t rateKbps = 0;
    std::uint32_t durationMs = 0;
    std::uint16_t sizeBytes = 0;
    bool back = false;
    std::optional<std::string> tag{}; // signed ('a')
    friend bool operator==(const StreamGrant&, const StreamGrant&) = default;
};
// PROBE 'R': "stop the stream back, and report what you counted" (padded so that the report fits).
struct StreamReportRequest {
    std::uint32_t stream = 0;
    std::optional<std::string> tag{}; // signed ('r')
    friend bool operator==(const StreamReportRequest&, const StreamReportRequest&) = default;
};
// What one side counted of a stream it received. ECHO 'C' carries the far side's, with what it
// sent back.
struct StreamCounts {
    std::uint32_t stream = 0;
    std::uint32_t received = 0;   // distinct datagrams
    std::uint32_t duplicates = 0; // copies of a datagram already counted
    std::uint32_t reordered = 0;  // arrived after a datagram sent later
    std::uint64_t bytes = 0;      // UDP payload bytes of the distinct datagrams
    std::uint64_t jitterNs = 0;   // RFC 3550 interarrival jitter
    std::uint64_t firstNs = 0;    // first and last arrival (receiver's clock)
    std::uint64_t lastNs = 0;
    std::uint32_t backSent = 0;   // the stream back: datagrams sent ..
    std::uint32_t backLate = 0;   // .. and how many of them left late
    std::optional<std::string> tag{}; // signed ('c')
    friend bool operator==(const StreamCounts&, const StreamCounts&) = default;
};

// PROBE 'u': "stamp your ECHO, number it and count me in run `run`" (a random name per run, so
// the far side keeps one run's counts apart from another's from the same address).
// A stream's requests and answers ('O', 'A', 'R', 'C' above) are signed the same way under a
// password: letters 'o', 'a', 'r', 'c', the tag after the fields. A stream's data ('D', 'B') is
// not: a tag per datagram would cost a hash at line rate.
// Under a password each of the four forms below is signed: its lowercase letter becomes 'v'
// ('u'), 'k' ('q'); its uppercase 'V' ('U'), 'K' ('Q'); and a tag of 24 hex digits follows the
// fields (Auth.hpp measureTagOf, over the datagram from its verb to the tag). `tag` holds it
// (empty while a payload is being written: the tag is made over the line once it is there).
struct CountedStampRequest {
    std::uint32_t run = 0;
    std::optional<std::string> tag{};
    friend bool operator==(const CountedStampRequest&, const CountedStampRequest&) = default;
};
// ECHO 'U': the stamps of 'T' and the answer's number in its run (1, 2, 3 .. in the order the far
// side sent them), so the measuring side tells an answer lost, duplicated or reordered on the way
// back from one lost, duplicated or reordered on the way there.
struct CountedEchoStamps {
    EchoStamps stamps;
    std::uint32_t answer = 0;
    std::optional<std::string> tag{};
    friend bool operator==(const CountedEchoStamps&, const CountedEchoStamps&) = default;
};
// PROBE 'q': "report what you counted of run `run`" (padded so that the report fits).
struct RunReportRequest {
    std::uint32_t run = 0;
    std::optional<std::string> tag{};
    friend bool operator==(const RunReportRequest&, const RunReportRequest&) = default;
};
// ECHO 'Q': the far side's counts of a run's 'u' probes: distinct probes received, copies of one
// already counted, probes that arrived after one sent later (by SEQ), and answers sent (one per
// copy received).
struct RunCounts {
    std::uint32_t run = 0;
    std::uint32_t received = 0;
    std::uint32_t duplicates = 0;
    std::uint32_t reordered = 0;
    std::uint32_t answered = 0;
    std::optional<std::string> tag{};
    friend bool operator==(const RunCounts&, const RunCounts&) = default;
};

using MeasurePayload = std::variant<std::monostate, StampRequest, EchoStamps, StreamData, StreamOpen, StreamGrant,
                                    StreamReportRequest, StreamCounts, CountedStampRequest, CountedEchoStamps,
                                    RunReportRequest, RunCounts>;

// The payload's meaning; std::monostate for filler or anything that is not exactly one of the
// forms (a wrong letter, a short or non-hex field, a filler that is not all 'x').
MeasurePayload readMeasurePayload(std::string_view payload);

// The form's letter and fields, without filler: a PROBE or ECHO payload starts with it.
std::string measurePayloadText(const MeasurePayload& payload);
// The same, appended to `out` (an answering loop reuses one buffer: no allocation per datagram).
void appendMeasurePayload(std::string& out, const MeasurePayload& payload);
// Whether the form is a signed one (a tag follows its fields), and how many characters its
// letter and fields take before the tag.
bool isSigned(const MeasurePayload& payload);
std::size_t signedFieldChars(char letter); // 'v', 'V', 'k', 'K', 'o', 'a', 'r', 'c'; 0 for any other letter

// How many characters measurePayloadText writes for this form (a signed form's tag counted
// whether or not it is there yet).
std::size_t measurePayloadChars(const MeasurePayload& payload);

// `text` then filler, exactly `chars` characters long (at least text.size() + 1: a payload ends
// in filler, so an ECHO's extra 'x' keeps it readable).
std::string paddedPayload(std::string_view text, std::size_t chars);

// A 32-bit name of the clock this machine's monotonic time comes from: a hash of the kernel's
// boot ID (Linux), the same for every process until the machine restarts; 0 when unknown.
std::uint32_t monotonicClockId(std::string_view bootId);

} // namespace speed::protocol
