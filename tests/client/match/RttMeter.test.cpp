#include "match/RttMeter.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("RttMeter times an UPDATE to its OK and a MOVE to its NG") {
    RttMeter meter;
    CHECK_FALSE(meter.lastMs());
    meter.sent(100, "UPDATE 5 1 D1 D1D2D3D4 S2/S3 D5D6D7D8 - 1 12 2S4M PLAY 0");
    meter.received(130, "OK 7 3 UPDATE 1 12");
    REQUIRE(meter.lastMs());
    CHECK(*meter.lastMs() == 30);
    meter.sent(200, "MOVE 1 2 1 7 PLAY 2 H5 0");
    meter.received(210, "NG 3 4 MOVE 1 7 NOT_ADJACENT");
    CHECK(*meter.lastMs() == 10);
    CHECK(meter.samples() == 2);
    REQUIRE(meter.smoothedMs());
    CHECK(*meter.smoothedMs() == Approx(30 * 0.875 + 10 * 0.125));
}

TEST_CASE("RttMeter times a resent request from its latest copy and ignores unrelated answers") {
    RttMeter meter;
    meter.sent(300, "START 1 2 2");
    meter.sent(450, "START 2 3 2");
    meter.received(455, "OK 9 9 UPDATE 1 12"); // nothing asked for it
    CHECK_FALSE(meter.lastMs());
    meter.received(460, "OK 9 10 START 2");
    REQUIRE(meter.lastMs());
    CHECK(*meter.lastMs() == 10);
    meter.received(470, "OK 9 11 START 2"); // a duplicate answer is not a second sample
    CHECK(meter.samples() == 1);
    meter.sent(500, "ALIVE 3 4");
    meter.received(501, "ALIVE 3 4");
    CHECK(meter.samples() == 1);
}
