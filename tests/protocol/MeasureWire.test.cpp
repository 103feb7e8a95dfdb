#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/MeasureWire.hpp"
#include "speed/protocol/Probe.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

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
        CountedStampRequest{0x89abcdefU},
        CountedEchoStamps{{0x0123456789abcdefULL, 4000, 0xdeadbeefU}, 100001},
        RunReportRequest{7},
        RunCounts{7, 99990, 10, 12, 100000},
        CountedStampRequest{0x89abcdefU, "0123456789abcdef01234567"},
        CountedEchoStamps{{1, 2, 3}, 4, "fedcba9876543210fedcba98"},
        RunReportRequest{7, "000000000000000000000000"},
        RunCounts{7, 1, 2, 3, 4, "abcdefabcdefabcdefabcdef"},
        StreamOpen{1, 2, 3, 4, true, "0123456789abcdef01234567"},
        StreamGrant{1, 2, 3, 4, false, "0123456789abcdef01234567"},
        StreamReportRequest{9, "0123456789abcdef01234567"},
        StreamCounts{42, 1000, 3, 17, 1472000, 12345, 1, 2, 999, 4, "0123456789abcdef01234567"},
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

TEST_CASE("A probe asking for stamps has room for them whatever its size and its numbers", "[measure-wire]") {
    // The numbers grow a digit at a time: a 64-byte probe once lost its stamps at SEQ 10000.
    const EchoClock clock{5'000'000'000ULL, [] { return 5'000'020'000ULL; }, 0x1234U};
    for (const WireNumber number : {1U, 9999U, 10000U, 123456U, 4294967295U}) {
        for (const std::size_t asked : {std::size_t{1}, std::size_t{64}, std::size_t{100}}) {
            for (const MeasurePayload& request : {MeasurePayload{StampRequest{}}, MeasurePayload{CountedStampRequest{42}}}) {
                const std::string text = measurePayloadText(request);
                const std::size_t answerChars = measurePayloadChars(CountedEchoStamps{});
                const std::size_t size = std::max(asked, minimumProbeBytesFor(number, number, number, text.size(), answerChars));
                const std::string probe = encodeProbe(number, size, number, number, text);
                CHECK(probe.size() == size);
                const auto echo = answerProbe(probe, &clock);
                REQUIRE(echo);
                CHECK(echo->size() == probe.size());
                const auto decoded = decodeDatagram(*echo);
                REQUIRE(decoded.ok());
                const auto& payload = std::get<Echo>(decoded.message->body).payload;
                // A host answers a counted request with the stamps alone: it keeps no counts.
                const MeasurePayload form = readMeasurePayload(payload);
                const auto* stamps = std::get_if<EchoStamps>(&form);
                REQUIRE(stamps != nullptr);
                CHECK(stamps->receivedNs == 5'000'000'000ULL);
                CHECK(stamps->heldNs == 20'000U);
            }
        }
    }
}

TEST_CASE("The smallest probe for an answer holds the answer's form in its ECHO and nothing smaller does", "[measure-wire]") {
    const std::string request = measurePayloadText(RunReportRequest{1});
    const std::size_t answerChars = measurePayloadChars(RunCounts{});
    const std::size_t least = minimumProbeBytesFor(12, 345, 6789, request.size(), answerChars);
    const std::string fits = encodeProbe(12, least, 345, 6789, request);
    const std::string tooShort = encodeProbe(12, least - 1, 345, 6789, request);
    CHECK(fits.size() == least);
    std::string echo;
    const std::string answer = measurePayloadText(RunCounts{1, 2, 3, 4, 5});
    writeEcho(echo, *readProbe(fits), answer);
    const auto decoded = decodeDatagram(echo);
    REQUIRE(decoded.ok());
    CHECK(readMeasurePayload(std::get<Echo>(decoded.message->body).payload) == MeasurePayload{RunCounts{1, 2, 3, 4, 5}});
    writeEcho(echo, *readProbe(tooShort), answer);
    CHECK(echo.find("Q00000001") == std::string::npos); // no room: the probe's own payload comes back
}

TEST_CASE("A signed form's tag is 24 lowercase hex digits, no more and no fewer", "[measure-wire]") {
    const std::string fields = "v89abcdef";
    CHECK(std::holds_alternative<CountedStampRequest>(readMeasurePayload(fields + std::string(24, 'a') + "x")));
    CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(fields + std::string(23, 'a') + "x")));
    CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(fields + std::string(24, 'A') + "x")));
    CHECK(std::holds_alternative<std::monostate>(readMeasurePayload(fields + std::string(24, 'g') + "x")));
    CHECK(measurePayloadChars(CountedEchoStamps{{}, 0, std::string()}) == 1 + 40 + 24);
    CHECK(isSigned(RunReportRequest{1, std::string()}));
    CHECK_FALSE(isSigned(RunReportRequest{1}));
}

TEST_CASE("A signed probe is answered signed only under the same password, and a changed byte breaks the tag",
          "[measure-wire]") {
    const Key passwordKey = *derivePasswordKey("kiwi fruit");
    const Key key = deriveMeasureKey(passwordKey);
    const Key other = deriveMeasureKey(*derivePasswordKey("banana"));
    const std::string request = measurePayloadText(CountedStampRequest{42, std::string()});
    const std::size_t answerChars = measurePayloadChars(CountedEchoStamps{{}, 0, std::string()});
    const std::string probe = encodeProbe(7, minimumProbeBytesFor(7, 100, 9, request.size() + kMeasureTagChars, answerChars),
                                          100, 9, request, &key);
    CHECK(measureTagValid(key, probe));
    CHECK_FALSE(measureTagValid(other, probe));
    std::string changed = probe;
    changed[changed.find('v') + 3] ^= 1; // the run's name
    CHECK_FALSE(measureTagValid(key, changed));

    EchoClock clock{5'000'000'000ULL, [] { return 5'000'001'000ULL; }, 7U};
    clock.measureKey = key;
    const auto echo = answerProbe(probe, &clock);
    REQUIRE(echo);
    CHECK(echo->size() == probe.size());
    CHECK(measureTagValid(key, *echo));
    const auto decoded = decodeDatagram(*echo);
    REQUIRE(decoded.ok());
    const MeasurePayload form = readMeasurePayload(std::get<Echo>(decoded.message->body).payload);
    const auto* stamps = std::get_if<CountedEchoStamps>(&form);
    REQUIRE(stamps != nullptr);
    CHECK(stamps->stamps.receivedNs == 5'000'000'000ULL);
    CHECK(stamps->tag.has_value());
    // Another password, or none: the plain echo, which carries no valid tag.
    clock.measureKey = other;
    const auto refused = answerProbe(probe, &clock);
    REQUIRE(refused);
    CHECK_FALSE(measureTagValid(key, *refused));
    clock.measureKey.reset();
    CHECK_FALSE(measureTagValid(key, *answerProbe(probe, &clock)));
}
