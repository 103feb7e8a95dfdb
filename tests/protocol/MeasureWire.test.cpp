#include "speed/protocol/Codec.hpp"
#include "speed/protocol/MeasureWire.hpp"
#include "speed/protocol/Probe.hpp"

#include <catch2/catch.hpp>

using namespace speed::protocol;

TEST_CASE("Every measurement payload reads back as written, with filler after it", "[measure-wire]") {
    const std::vector<MeasurePayload> forms{
        StampRequest{},
        EchoStamps{0x0123456789abcdefULL, 4000, 0xdeadbeefU},
        StreamData{false, 7, 123456, 99999999999ULL},
        StreamData{true, 7, 0, 1},
        StreamOpen{0xffffffffU, 10000, 5000, 1472, true},
        StreamGrant{3, 1000, 60000, 200, false},
        StreamReportRequest{42},
        StreamCounts{42, 1000, 3, 17, 1472000, 12345, 1, 2, 999, 4},
    };
    for (const auto& form : forms) {
        const std::string text = measurePayloadText(form);
        CHECK(text.size() == measurePayloadChars(form));
        CHECK(readMeasurePayload(paddedPayload(text, text.size() + 1)) == form);
        CHECK(readMeasurePayload(paddedPayload(text, text.size() + 50)) == form);
        // Without filler, cut short, or with anything but filler after it, it is no form at all.
        CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(text)));
        if (text.size() > 1) {
            CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(text.substr(0, text.size() - 1) + "x")));
        }
        CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(text + "xy")));
    }
}

TEST_CASE("Filler, unknown letters and bad hex are plain payloads", "[measure-wire]") {
    for (const std::string payload : {"x", "xxxxxxxx", "Zxxxxx", "Dzzzzzzzz0000000000000000000000000x",
                                      "D00000001000000020000000000000ABCx", "O0000000100000001000000010001" "2x", ""}) {
        CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(payload)));
    }
}

TEST_CASE("A stamped echo is as long as its probe, and only a probe asking for stamps gets them", "[measure-wire]") {
    const EchoClock clock{5'000, [] { return std::uint64_t{7'500}; }, 0x1234U};
    const std::string asking = encodeProbe(1, 100, 2, 3, measurePayloadText(StampRequest{}));
    const auto stamped = answerProbe(asking, &clock);
    REQUIRE(stamped);
    CHECK(stamped->size() == asking.size());
    const auto decoded = decodeDatagram(*stamped);
    REQUIRE(decoded.ok());
    const auto* echo = std::get_if<Echo>(&decoded.message->body);
    REQUIRE(echo);
    CHECK(readMeasurePayload(echo->payload) == MeasurePayload{EchoStamps{5'000, 2'500, 0x1234U}});

    // A plain probe, or one too small for the stamps, gets the plain echo, as from an older host.
    for (const std::string& probe : {encodeProbe(1, 100, 2, 3), encodeProbe(1, 30, 2, 3, "t")}) {
        const auto plain = answerProbe(probe, &clock);
        REQUIRE(plain);
        CHECK(plain->size() == probe.size());
        const auto echoed = decodeDatagram(*plain);
        REQUIRE(echoed.ok());
        CHECK(std::holds_alternative<std::monostate>(
                  readMeasurePayload(std::get<Echo>(echoed.message->body).payload)) !=
              (probe.find(" t") != std::string::npos));
    }
    // Without a clock (an older host) the request comes back as filler.
    const auto unstamped = answerProbe(asking);
    REQUIRE(unstamped);
    CHECK(std::holds_alternative<StampRequest>(
        readMeasurePayload(std::get<Echo>(decodeDatagram(*unstamped).message->body).payload)));
}

TEST_CASE("The fast probe encoding is the codec's own", "[measure-wire]") {
    for (const std::size_t size : {std::size_t{1}, std::size_t{64}, std::size_t{1500}}) {
        const std::string probe = encodeProbe(4294967295U, size, 0, 10, "t");
        const auto decoded = decodeDatagram(probe);
        REQUIRE(decoded.ok());
        CHECK(encodeDatagram(*decoded.message) == probe);
    }
    const std::string back = encodeEchoOfSize(9, 200, 1, 2, measurePayloadText(StreamData{true, 1, 2, 3}));
    CHECK(back.size() == 200);
    const auto decoded = decodeDatagram(back);
    REQUIRE(decoded.ok());
    CHECK(readMeasurePayload(std::get<Echo>(decoded.message->body).payload) == MeasurePayload{StreamData{true, 1, 2, 3}});
}

TEST_CASE("A clock is named by the machine's boot", "[measure-wire]") {
    CHECK(monotonicClockId("") == 0);
    CHECK(monotonicClockId("6f1c2a44-1b2b-4d8e-9a8e-0d6c1f7e2b11") == monotonicClockId("6f1c2a44-1b2b-4d8e-9a8e-0d6c1f7e2b11"));
    CHECK(monotonicClockId("6f1c2a44-1b2b-4d8e-9a8e-0d6c1f7e2b11") != monotonicClockId("6f1c2a44-1b2b-4d8e-9a8e-0d6c1f7e2b12"));
}
