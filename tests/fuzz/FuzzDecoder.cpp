// The codec on any bytes: decoding never crashes and never reads past the end, and whatever
// decodes is encoded back to a line that decodes to the same message, with a CRC and with a tag.
// A measurement payload read from any bytes is written back to the same form, and a probe's
// answer is never larger than the probe.
#include "FuzzCheck.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/MeasureWire.hpp"
#include "speed/protocol/Probe.hpp"

#include <cstdint>
#include <string>
#include <string_view>

using namespace speed::protocol;

namespace {

const Key kKey = [] {
    Key key{};
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i * 7 + 1);
    return key;
}();

void checkRoundTrip(const DecodeResult& decoded) {
    if (!decoded.ok()) {
        FUZZ_CHECK(decoded.error != DecodeError::None, "a refusal names its error");
        return;
    }
    const Message& message = *decoded.message;
    const DecodeResult line = parseLine(encodeLine(message));
    FUZZ_CHECK(line.ok() && *line.message == message, "encodeLine then parseLine gives the message back");
    const DecodeResult crc = decodeDatagram(encodeDatagram(message));
    FUZZ_CHECK(crc.ok() && *crc.message == message && !crc.tagged, "a CRC datagram gives the message back");
    const DecodeResult tagged = decodeDatagram(encodeTagged(message, kKey), &kKey);
    FUZZ_CHECK(tagged.ok() && *tagged.message == message && tagged.tagged, "a tagged datagram gives the message back");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    checkRoundTrip(parseLine(bytes));
    checkRoundTrip(decodeDatagram(bytes));
    const DecodeResult withKey = decodeDatagram(bytes, &kKey);
    checkRoundTrip(withKey);
    const MeasurePayload form = readMeasurePayload(bytes);
    if (!std::holds_alternative<std::monostate>(form)) {
        const std::string text = measurePayloadText(form);
        FUZZ_CHECK(readMeasurePayload(paddedPayload(text, text.size() + 1)) == form, "a payload form reads back");
    }
    // The answering path's own reader accepts exactly the PROBEs the codec accepts.
    const DecodeResult plain = decodeDatagram(bytes);
    const auto* probe = plain.ok() ? std::get_if<Probe>(&plain.message->body) : nullptr;
    const auto view = readProbe(bytes);
    FUZZ_CHECK(view.has_value() == (probe != nullptr), "readProbe agrees with decodeDatagram");
    if (view && probe) FUZZ_CHECK(view->id == probe->id && view->payload == probe->payload, "the same fields");
    // And the measuring side's reader of answers exactly the ECHOs.
    const auto* echoed = plain.ok() ? std::get_if<Echo>(&plain.message->body) : nullptr;
    const auto echoView = readEcho(bytes);
    FUZZ_CHECK(echoView.has_value() == (echoed != nullptr), "readEcho agrees with decodeDatagram");
    if (echoView && echoed) {
        FUZZ_CHECK(echoView->id == echoed->id && echoView->payload == echoed->payload && echoView->seq == plain.message->seq,
                   "the same fields");
    }
    const EchoClock clock{1, [] { return std::uint64_t{2}; }, 3};
    if (const auto echo = answerProbe(bytes, &clock)) FUZZ_CHECK(echo->size() <= bytes.size(), "an echo never amplifies");
    if (withKey.ok() && withKey.tagged) {
        const std::size_t tail = bytes.rfind(" #");
        FUZZ_CHECK(tail != std::string_view::npos && tagMatches(kKey, bytes.substr(0, tail), bytes.substr(tail + 2)),
                   "a datagram taken as tagged carries the line's tag");
    }
    return 0;
}
