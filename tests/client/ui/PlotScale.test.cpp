#include "ui/PlotScale.hpp"

#include <catch2/catch.hpp>

using namespace speed::client::ui;

TEST_CASE("rtt plot: the log axis spans whole decades around the values") {
    const LogAxis axis = logAxis(14.6, 40.6);
    CHECK(axis.bottom == Approx(10));
    CHECK(axis.top == Approx(100));
    CHECK(axis.ticks == std::vector<double>{10, 20, 50, 100});
    CHECK(axis.fraction(10) == Approx(0));
    CHECK(axis.fraction(100) == Approx(1));
    CHECK(axis.fraction(31.6227766) == Approx(0.5));
    CHECK(axis.fraction(5) == 0);   // below the axis: on the floor
    CHECK(axis.fraction(500) == 1); // above: at the top edge
}

TEST_CASE("rtt plot: many decades get only decade ticks; odd input stays drawable") {
    const LogAxis wide = logAxis(52, 3249);
    CHECK(wide.ticks == std::vector<double>{10, 100, 1000, 10000});
    const LogAxis exact = logAxis(100, 100);
    CHECK(exact.bottom < exact.top);
    const LogAxis empty = logAxis(0, 0);
    CHECK(empty.bottom == Approx(1));
    CHECK(empty.top == Approx(10));
}

TEST_CASE("rtt plot: labels") {
    CHECK(sizeLabel(512) == "512");
    CHECK(sizeLabel(2048) == "2k");
    CHECK(sizeLabel(1500) == "1500");
    CHECK(microsecondsLabel(850) == "850");
    CHECK(microsecondsLabel(1234) == "1.2k");
    CHECK(microsecondsLabel(1000) == "1k"); // a decade tick reads as a round number
    CHECK(microsecondsLabel(15000) == "15k");
    CHECK(microsecondsLabel(2.5) == "2.5");
}
