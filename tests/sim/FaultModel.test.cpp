#include "speed/sim/FaultModel.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::sim;

namespace {

std::vector<Delivery> sendMany(FaultModel& model, int count) {
    std::vector<Delivery> all;
    for (int i = 0; i < count; ++i) {
        for (Delivery& d : model.transmit(i * 10, "ALIVE " + std::to_string(i))) all.push_back(std::move(d));
    }
    return all;
}

} // namespace

TEST_CASE("A clean link delivers every datagram once, unchanged, after the delay", "[faults]") {
    FaultModel model(FaultSettings{.delayMs = 30}, 1);
    const auto deliveries = model.transmit(100, "HELLO");
    REQUIRE(deliveries.size() == 1);
    CHECK(deliveries[0].at == 130);
    CHECK(deliveries[0].bytes == "HELLO");
}

TEST_CASE("Faults happen at about their rates and the same seed repeats them exactly", "[faults]") {
    const FaultSettings settings{.lossRate = 0.2, .duplicateRate = 0.1, .reorderRate = 0.1, .corruptRate = 0.1,
                                 .delayMs = 30, .jitterMs = 20};
    FaultModel a(settings, 99);
    FaultModel b(settings, 99);
    const auto first = sendMany(a, 10000);
    const auto second = sendMany(b, 10000);
    REQUIRE(first.size() == second.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
        CHECK(first[i].at == second[i].at);
        CHECK(first[i].bytes == second[i].bytes);
    }
    const FaultCounters& c = a.counters();
    CHECK(c.sent == 10000);
    CHECK(c.lost == Approx(2000).epsilon(0.1));
    CHECK(c.duplicated == Approx(800).epsilon(0.15));
    CHECK(c.corrupted + c.truncated == Approx(880).epsilon(0.15));
    CHECK(c.reordered > 0);
    for (const Delivery& d : first) CHECK(d.at >= 0);
}

TEST_CASE("Total loss delivers nothing; damage always changes the bytes", "[faults]") {
    FaultModel lossy(FaultSettings{.lossRate = 1.0}, 5);
    CHECK(sendMany(lossy, 100).empty());
    FaultModel damaging(FaultSettings{.corruptRate = 1.0}, 5);
    for (int i = 0; i < 1000; ++i) {
        const auto deliveries = damaging.transmit(0, "UPDATE 1 2 - D1D2D3D4");
        REQUIRE(deliveries.size() == 1);
        CHECK(deliveries[0].bytes != "UPDATE 1 2 - D1D2D3D4");
    }
}
