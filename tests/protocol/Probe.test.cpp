#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <catch2/catch.hpp>

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
