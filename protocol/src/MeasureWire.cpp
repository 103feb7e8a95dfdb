#include "speed/protocol/MeasureWire.hpp"

#include "Hex.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"

#include <algorithm>
#include <cstring>

namespace speed::protocol {
namespace {

// Fixed-width lowercase hex fields, appended and read in order.
class HexWriter {
public:
    HexWriter(std::string& out, char letter) : m_out(out) { m_out += letter; }
    HexWriter& field(std::uint64_t value, int digits) {
        hex::append(m_out, value, digits);
        return *this;
    }

private:
    std::string& m_out;
};

// Whether `text` is filler only, compared eight bytes at a time (a probe's padding is most of it).
bool allFiller(std::string_view text) {
    constexpr std::uint64_t kFillerWord = 0x0101010101010101ULL * static_cast<unsigned char>(kPayloadFiller);
    std::size_t i = 0;
    std::uint64_t differ = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, text.data() + i, 8);
        differ |= word ^ kFillerWord;
    }
    for (; i < text.size(); ++i) differ |= static_cast<std::uint64_t>(static_cast<unsigned char>(text[i]) ^ static_cast<unsigned char>(kPayloadFiller));
    return differ == 0;
}

class HexReader {
public:
    explicit HexReader(std::string_view text) : m_text(text), m_at(1) {}
    std::uint64_t field(int digits) {
        const auto count = static_cast<std::size_t>(digits);
        const auto value = m_at + count <= m_text.size() ? hex::read(m_text.substr(m_at, count)) : std::nullopt;
        m_at += count;
        if (!value) m_ok = false;
        return value.value_or(0);
    }
    // A signed form's tag: 24 lowercase hex digits.
    std::string tag() {
        const std::size_t count = kMeasureTagChars;
        std::string text;
        if (m_at + count <= m_text.size()) text = std::string(m_text.substr(m_at, count));
        const bool hex = text.size() == count && std::all_of(text.begin(), text.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        });
        m_at += count;
        if (!hex) m_ok = false;
        return text;
    }
    // Everything after the fields is filler, and there is some.
    bool done() const {
        if (!m_ok || m_at >= m_text.size()) return false;
        return allFiller(m_text.substr(m_at));
    }

private:
    std::string_view m_text;
    std::size_t m_at;
    bool m_ok = true;
};

template <typename T> MeasurePayload ifDone(const HexReader& in, T value) {
    if (in.done()) return value;
    return std::monostate{};
}

struct TextOf {
    std::string& out;
    void operator()(std::monostate) const {}
    void operator()(const StampRequest&) const { out += 't'; }
    void operator()(const EchoStamps& s) const {
        HexWriter(out, 'T').field(s.receivedNs, 16).field(s.heldNs, 8).field(s.clockId, 8);
    }
    void operator()(const StreamData& d) const {
        HexWriter(out, d.back ? 'B' : 'D').field(d.stream, 8).field(d.seq, 8).field(d.sentNs, 16);
    }
    void operator()(const StreamOpen& o) const {
        HexWriter(out, o.tag ? 'o' : 'O')
            .field(o.stream, 8).field(o.rateKbps, 8).field(o.durationMs, 8).field(o.sizeBytes, 4).field(o.back ? 1 : 0, 1);
        if (o.tag) out += *o.tag;
    }
    void operator()(const StreamGrant& g) const {
        HexWriter(out, g.tag ? 'a' : 'A')
            .field(g.stream, 8).field(g.rateKbps, 8).field(g.durationMs, 8).field(g.sizeBytes, 4).field(g.back ? 1 : 0, 1);
        if (g.tag) out += *g.tag;
    }
    void operator()(const StreamReportRequest& r) const {
        HexWriter(out, r.tag ? 'r' : 'R').field(r.stream, 8);
        if (r.tag) out += *r.tag;
    }
    void operator()(const StreamCounts& c) const {
        HexWriter(out, c.tag ? 'c' : 'C')
            .field(c.stream, 8).field(c.received, 8).field(c.duplicates, 8).field(c.reordered, 8).field(c.bytes, 16)
            .field(c.jitterNs, 16).field(c.firstNs, 16).field(c.lastNs, 16).field(c.backSent, 8).field(c.backLate, 8);
        if (c.tag) out += *c.tag;
    }
    void operator()(const CountedStampRequest& r) const {
        HexWriter(out, r.tag ? 'v' : 'u').field(r.run, 8);
        if (r.tag) out += *r.tag;
    }
    void operator()(const CountedEchoStamps& s) const {
        HexWriter(out, s.tag ? 'V' : 'U')
            .field(s.stamps.receivedNs, 16).field(s.stamps.heldNs, 8).field(s.stamps.clockId, 8).field(s.answer, 8);
        if (s.tag) out += *s.tag;
    }
    void operator()(const RunReportRequest& r) const {
        HexWriter(out, r.tag ? 'k' : 'q').field(r.run, 8);
        if (r.tag) out += *r.tag;
    }
    void operator()(const RunCounts& c) const {
        HexWriter(out, c.tag ? 'K' : 'Q')
            .field(c.run, 8).field(c.received, 8).field(c.duplicates, 8).field(c.reordered, 8).field(c.answered, 8);
        if (c.tag) out += *c.tag;
    }
};

std::uint32_t u32(std::uint64_t value) { return static_cast<std::uint32_t>(value); }

} // namespace

MeasurePayload readMeasurePayload(std::string_view payload) {
    if (payload.empty()) return std::monostate{};
    HexReader in(payload);
    switch (payload.front()) {
    case 't': return ifDone(in, StampRequest{});
    case 'T': {
        EchoStamps s;
        s.receivedNs = in.field(16);
        s.heldNs = u32(in.field(8));
        s.clockId = u32(in.field(8));
        return ifDone(in, s);
    }
    case 'D':
    case 'B': {
        StreamData d;
        d.back = payload.front() == 'B';
        d.stream = u32(in.field(8));
        d.seq = u32(in.field(8));
        d.sentNs = in.field(16);
        return ifDone(in, d);
    }
    case 'O':
    case 'A':
    case 'o':
    case 'a': {
        const std::uint32_t stream = u32(in.field(8));
        const std::uint32_t rate = u32(in.field(8));
        const std::uint32_t duration = u32(in.field(8));
        const auto size = static_cast<std::uint16_t>(in.field(4));
        const std::uint64_t back = in.field(1);
        if (back > 1) return std::monostate{};
        const bool signedForm = payload.front() == 'o' || payload.front() == 'a';
        const std::optional<std::string> tag = signedForm ? std::optional<std::string>(in.tag()) : std::nullopt;
        if (payload.front() == 'O' || payload.front() == 'o') {
            return ifDone(in, StreamOpen{stream, rate, duration, size, back == 1, tag});
        }
        return ifDone(in, StreamGrant{stream, rate, duration, size, back == 1, tag});
    }
    case 'R':
    case 'r': {
        StreamReportRequest r{u32(in.field(8))};
        if (payload.front() == 'r') r.tag = in.tag();
        return ifDone(in, r);
    }
    case 'C':
    case 'c': {
        StreamCounts c;
        c.stream = u32(in.field(8));
        c.received = u32(in.field(8));
        c.duplicates = u32(in.field(8));
        c.reordered = u32(in.field(8));
        c.bytes = in.field(16);
        c.jitterNs = in.field(16);
        c.firstNs = in.field(16);
        c.lastNs = in.field(16);
        c.backSent = u32(in.field(8));
        c.backLate = u32(in.field(8));
        if (payload.front() == 'c') c.tag = in.tag();
        return ifDone(in, c);
    }
    case 'u':
    case 'v': {
        CountedStampRequest r{u32(in.field(8)), std::nullopt};
        if (payload.front() == 'v') r.tag = in.tag();
        return ifDone(in, r);
    }
    case 'U':
    case 'V': {
        CountedEchoStamps s;
        s.stamps.receivedNs = in.field(16);
        s.stamps.heldNs = u32(in.field(8));
        s.stamps.clockId = u32(in.field(8));
        s.answer = u32(in.field(8));
        if (payload.front() == 'V') s.tag = in.tag();
        return ifDone(in, s);
    }
    case 'q':
    case 'k': {
        RunReportRequest r{u32(in.field(8)), std::nullopt};
        if (payload.front() == 'k') r.tag = in.tag();
        return ifDone(in, r);
    }
    case 'Q':
    case 'K': {
        RunCounts c;
        c.run = u32(in.field(8));
        c.received = u32(in.field(8));
        c.duplicates = u32(in.field(8));
        c.reordered = u32(in.field(8));
        c.answered = u32(in.field(8));
        if (payload.front() == 'K') c.tag = in.tag();
        return ifDone(in, c);
    }
    default: return std::monostate{};
    }
}

void appendMeasurePayload(std::string& out, const MeasurePayload& payload) { std::visit(TextOf{out}, payload); }

std::string measurePayloadText(const MeasurePayload& payload) {
    std::string text;
    appendMeasurePayload(text, payload);
    return text;
}

bool isSigned(const MeasurePayload& payload) {
    return std::visit(
        [](const auto& form) {
            if constexpr (requires { form.tag; }) return form.tag.has_value();
            else return false;
        },
        payload);
}

std::size_t signedFieldChars(char letter) {
    switch (letter) {
    case 'v':
    case 'k':
    case 'r': return 1 + 8;
    case 'o':
    case 'a': return 1 + 8 + 8 + 8 + 4 + 1;
    case 'c': return 1 + 4 * 8 + 4 * 16 + 2 * 8;
    case 'V':
    case 'K': return 1 + 40;
    default: return 0;
    }
}

std::size_t measurePayloadChars(const MeasurePayload& payload) {
    const std::size_t written = measurePayloadText(payload).size();
    if (!isSigned(payload)) return written;
    return signedFieldChars(measurePayloadText(payload).front()) + kMeasureTagChars;
}

std::string paddedPayload(std::string_view text, std::size_t chars) {
    std::string payload(text);
    payload.resize(std::max(chars, text.size() + 1), kPayloadFiller);
    return payload;
}

std::uint32_t monotonicClockId(std::string_view bootId) {
    if (bootId.empty()) return 0;
    const std::uint32_t id = crc32(bootId);
    return id == 0 ? 1 : id; // 0 means "unknown"
}

} // namespace speed::protocol
