#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include "speed/protocol/MeasureWire.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

using namespace speed::protocol;

TEST_CASE("A probe is exactly the requested size, or the documented minimum", "[probe]") {
    const std::size_t minimum = minimumProbeBytes(3, 1000, 42);
    CHECK(minimum == encodeProbe(3, 1, 1000, 42).size());
    for (const std::size_t size : {std::size_t{64}, std::size_t{256}, std::size_t{1500}, std::size_t{65507}}) {
        const std::string probe = encodeProbe(3, size, 1000, 42);
        CHECK(probe.size() == size);
        const DecodeResult decoded = decodeDatagram(probe);
        REQUIRE(decoded.ok());
        CHECK(std::get<Probe>(decoded.message->body).id == 3);
    }
    CHECK(encodeProbe(3, 100000, 1000, 42).size() == kMaxProbeDatagramBytes);
}

TEST_CASE("A probe is echoed with its own time, sequence and size, never larger", "[probe]") {
    for (const std::size_t size : {std::size_t{1}, std::size_t{40}, std::size_t{1500}, std::size_t{65507}}) {
        const std::string probe = encodeProbe(9, size, 123456, 7);
        const auto echo = answerProbe(probe);
        REQUIRE(echo);
        CHECK(echo->size() == probe.size());
        const DecodeResult decoded = decodeDatagram(*echo);
        REQUIRE(decoded.ok());
        CHECK(decoded.message->time == 123456);
        CHECK(decoded.message->seq == 7);
        CHECK(std::get<Echo>(decoded.message->body).id == 9);
    }
}

TEST_CASE("Only a valid probe is answered", "[probe]") {
    std::string probe = encodeProbe(9, 100, 5, 6);
    probe[20] = probe[20] == 'x' ? 'y' : 'x';
    CHECK_FALSE(answerProbe(probe));
    CHECK_FALSE(answerProbe(encodeDatagram({1, 2, Alive{}})));
    CHECK_FALSE(answerProbe(""));
}

TEST_CASE("A probe read in place is what the codec reads, and nothing else is", "[probe]") {
    for (const std::string& probe : {encodeProbe(9, 100, 123456, 7), encodeProbe(0, 1, 0, 0, "t"),
                                     encodeProbe(4294967295U, 65507, 4294967295U, 4294967295U)}) {
        const auto view = readProbe(probe);
        REQUIRE(view);
        const auto decoded = decodeDatagram(probe);
        REQUIRE(decoded.ok());
        CHECK(view->time == decoded.message->time);
        CHECK(view->seq == decoded.message->seq);
        CHECK(view->id == std::get<Probe>(decoded.message->body).id);
        CHECK(view->payload == std::get<Probe>(decoded.message->body).payload);
        // Its echo is the codec's echo, byte for byte; the numbers are copied as the probe
        // spelled them, and a view built by hand (no spelling kept) writes the same digits.
        CHECK(encodeEcho(*view) == encodeEcho(*decoded.message));
        CHECK(view->numbers == std::to_string(view->time) + " " + std::to_string(view->seq) + " " +
                                   std::to_string(view->id));
        ProbeView byHand{view->time, view->seq, view->id, view->payload, {}};
        CHECK(encodeEcho(byHand) == encodeEcho(*view));
        // A buffer written over keeps nothing of what it held.
        std::string reused = "ECHO something much longer than any answer to this probe, left from before";
        writeEcho(reused, *view, "t");
        CHECK(reused == encodeEcho(*view, "t"));
    }
    const auto withCrc = [](std::string line) { return line + " #" + [&] {
        char hex[9];
        std::snprintf(hex, sizeof hex, "%08x", crc32(line));
        return std::string(hex);
    }(); };
    for (const std::string& bad : {withCrc("PROBE 1 2 3"), withCrc("PROBE 01 2 3 x"), withCrc("PROBE 1 2 3 x y"),
                                   withCrc("PROBE 1 2 4294967296 x"), withCrc("PROBE 1  2 3 x"),
                                   withCrc("PROBE 1 2 3 x\x7f"), withCrc("ECHO 1 2 3 x"), withCrc("PROBE -1 2 3 x"),
                                   std::string("PROBE 1 2 3 x #00000000"), std::string("PROBE 1 2 3 x")}) {
        CHECK_FALSE(readProbe(bad));
        CHECK_FALSE((decodeDatagram(bad).ok() && std::holds_alternative<Probe>(decodeDatagram(bad).message->body)));
    }
    CHECK(readProbe(withCrc("PROBE 1 2 3 x")));
    // The measuring side reads an ECHO the same way, and only an ECHO.
    for (const std::string& bad : {withCrc("ECHO 1 2 3"), withCrc("ECHO 01 2 3 x"), withCrc("ECHO 1 2 3 x y"),
                                   withCrc("PROBE 1 2 3 x"), std::string("ECHO 1 2 3 x #00000000")}) {
        CHECK_FALSE(readEcho(bad));
        CHECK_FALSE((decodeDatagram(bad).ok() && std::holds_alternative<Echo>(decodeDatagram(bad).message->body)));
    }
    const std::string echo = encodeEcho(*readProbe(encodeProbe(9, 100, 123456, 7, "t")), "T00000000000000010000000200000003");
    const auto echoView = readEcho(echo);
    REQUIRE(echoView);
    const auto decoded = decodeDatagram(echo);
    REQUIRE(decoded.ok());
    CHECK(echoView->id == std::get<Echo>(decoded.message->body).id);
    CHECK(echoView->seq == decoded.message->seq);
    CHECK(echoView->payload == std::get<Echo>(decoded.message->body).payload);
}

TEST_CASE("Probes and echoes appended end to end are each what the encoder writes", "[probe]") {
    std::string batch = "left alone";
    appendProbe(batch, 1, 300, 1000, 42, "D0");
    appendProbe(batch, 2, 300, 1000, 43, "D1");
    appendEchoOfSize(batch, 3, 300, 1000, 44, "B2");
    REQUIRE(batch.size() == 10 + 3 * 300);
    CHECK(batch.substr(0, 10) == "left alone");
    CHECK(batch.substr(10, 300) == encodeProbe(1, 300, 1000, 42, "D0"));
    CHECK(batch.substr(310, 300) == encodeProbe(2, 300, 1000, 43, "D1"));
    CHECK(batch.substr(610, 300) == encodeEchoOfSize(3, 300, 1000, 44, "B2"));
    // Each one's checksum covers itself only: each decodes on its own.
    CHECK(decodeDatagram(batch.substr(310, 300)).ok());
    CHECK(decodeDatagram(batch.substr(610, 300)).ok());
}

namespace {
std::string withChecksum(const std::string& line) {
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", crc32(line));
    return line + " #" + hex;
}
} // namespace

TEST_CASE("A probe's payload reads only when every byte is printable and not a space, wherever the byte is",
          "[probe]") {
    // Payloads of 1..20 bytes cover both the eight-at-a-time part and the rest; each byte value
    // at each place, against the codec's own reading.
    for (std::size_t length = 1; length <= 20; ++length) {
        for (std::size_t place = 0; place < length; ++place) {
            for (int value = 0; value < 256; ++value) {
                std::string payload(length, 'x');
                payload[place] = static_cast<char>(value);
                const std::string probe = withChecksum("PROBE 1 2 3 " + payload);
                const bool printable = value >= 0x21 && value <= 0x7e;
                const auto view = readProbe(probe);
                CHECK(view.has_value() == printable);
                if (view) CHECK(view->payload == payload);
                const DecodeResult decoded = decodeDatagram(probe);
                CHECK((decoded.ok() && std::holds_alternative<Probe>(decoded.message->body)) == printable);
            }
        }
    }
}

TEST_CASE("A probe's numbers read as canonical decimals up to 4294967295, and no other spelling", "[probe]") {
    for (const char* good : {"0", "7", "10", "4294967295", "1000000000"}) {
        const auto view = readProbe(withChecksum(std::string("PROBE ") + good + " " + good + " " + good + " x"));
        REQUIRE(view);
        CHECK(std::to_string(view->time) == good);
        CHECK(std::to_string(view->seq) == good);
        CHECK(std::to_string(view->id) == good);
    }
    for (const char* bad : {"", "00", "01", "4294967296", "9999999999", "10000000000", "42949672950", "1a", "+1",
                            "-0", "1 ", " 1"}) {
        for (int field = 0; field < 3; ++field) {
            std::string numbers[3] = {"1", "2", "3"};
            numbers[field] = bad;
            const std::string probe =
                withChecksum("PROBE " + numbers[0] + " " + numbers[1] + " " + numbers[2] + " x");
            CHECK_FALSE(readProbe(probe));
            CHECK_FALSE((decodeDatagram(probe).ok() && std::holds_alternative<Probe>(decodeDatagram(probe).message->body)));
        }
    }
}

TEST_CASE("A measurement form is followed by filler only: one other byte anywhere after it refuses it", "[probe]") {
    const std::string text = measurePayloadText(StampRequest{});
    for (std::size_t filler = 1; filler <= 20; ++filler) {
        const std::string padded = text + std::string(filler, kPayloadFiller);
        CHECK(std::holds_alternative<StampRequest>(readMeasurePayload(padded)));
        for (std::size_t place = text.size(); place < padded.size(); ++place) {
            std::string changed = padded;
            changed[place] = 'y';
            CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(changed)));
        }
    }
}
