#include "speed/measure/MeasurePlan.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("pow2 sends the whole set N times, fixed one size N times", "[measure]") {
    MeasurePlan pow2;
    pow2.maxExponent = 2;
    pow2.count = 2;
    CHECK(probeSchedule(pow2) == std::vector<int>{1, 2, 4, 1, 2, 4});
    MeasurePlan fixed;
    fixed.mode = MeasureMode::Fixed;
    fixed.size = 1500;
    fixed.count = 3;
    CHECK(probeSchedule(fixed) == std::vector<int>{1500, 1500, 1500});
    CHECK(planSizes(fixed) == std::vector<int>{1500});
}

TEST_CASE("plans beyond what UDP carries are refused", "[measure]") {
    MeasurePlan plan;
    CHECK(validate(plan).empty());
    plan.maxExponent = 16;
    CHECK_FALSE(validate(plan).empty());
    plan.mode = MeasureMode::Fixed;
    plan.size = 65507;
    CHECK(validate(plan).empty());
    plan.size = 65508;
    CHECK(validate(plan).find("65507") != std::string::npos);
    plan.size = 64;
    plan.count = 0;
    CHECK_FALSE(validate(plan).empty());
}
