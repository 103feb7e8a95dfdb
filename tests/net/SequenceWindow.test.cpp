#include "speed/measure/SequenceWindow.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("In order, nothing is duplicated or reordered", "[measure]") {
    SequenceWindow window;
    for (std::uint32_t seq = 1; seq <= 1000; ++seq) {
        const auto arrival = window.add(seq);
        CHECK_FALSE(arrival.duplicate);
        CHECK_FALSE(arrival.reordered);
    }
    CHECK(window.distinct() == 1000);
    CHECK(window.duplicates() == 0);
    CHECK(window.reordered() == 0);
}

TEST_CASE("A copy is a duplicate, one after a higher number is reordered, a gap is not", "[measure]") {
    SequenceWindow window;
    window.add(1);
    window.add(2);
    window.add(5); // 3 and 4 not yet: a gap is no reordering
    CHECK(window.reordered() == 0);
    CHECK(window.add(3).reordered);
    CHECK(window.add(3).duplicate);  // a copy of a late one
    CHECK(window.add(5).duplicate);  // a copy of the highest
    CHECK(window.add(1).duplicate);
    CHECK(window.add(4).reordered);
    CHECK(window.distinct() == 5);
    CHECK(window.duplicates() == 3);
    CHECK(window.reordered() == 2);
}

TEST_CASE("Numbers skipped on the way up are not taken for ones seen a window ago", "[measure]") {
    SequenceWindow window;
    window.add(10);
    window.add(10 + SequenceWindow::kWindow - 1); // 10's bit slot is seq 10 + kWindow's too
    // Jumping past a whole window clears everything: 10 + kWindow arrives for the first time.
    window.add(10 + 3 * SequenceWindow::kWindow);
    CHECK_FALSE(window.add(10 + 3 * SequenceWindow::kWindow - 5).duplicate);
    SequenceWindow near;
    near.add(10);
    near.add(11 + SequenceWindow::kWindow); // skips 11 .. 10 + kWindow: their slots are cleared, 10's too
    const auto arrival = near.add(10 + SequenceWindow::kWindow);
    CHECK_FALSE(arrival.duplicate);
    CHECK(arrival.reordered);
}

TEST_CASE("A number older than the window is counted new and reordered", "[measure]") {
    SequenceWindow window;
    window.add(1);
    window.add(1 + 2 * SequenceWindow::kWindow);
    const auto arrival = window.add(1);
    CHECK_FALSE(arrival.duplicate);
    CHECK(arrival.reordered);
    CHECK(window.distinct() == 3);
}

TEST_CASE("A long run of more than 100,000 numbers with every tenth duplicated keeps exact counts", "[measure]") {
    SequenceWindow window;
    for (std::uint32_t seq = 1; seq <= 150'000; ++seq) {
        window.add(seq);
        if (seq % 10 == 0) window.add(seq);
        if (seq % 1000 == 0) window.add(seq - 500); // a late copy of one already counted
    }
    CHECK(window.distinct() == 150'000);
    CHECK(window.duplicates() == 15'000 + 150);
    CHECK(window.reordered() == 0);
}
