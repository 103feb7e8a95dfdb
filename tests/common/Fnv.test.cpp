#include "speed/common/Fnv.hpp"

#include <catch2/catch.hpp>

#include <string_view>

using speed::fnv1a;

TEST_CASE("fnv1a gives the published 64-bit FNV-1a digests, and carries on over pieces", "[fnv]") {
    const auto of = [](std::string_view text) { return fnv1a(text.data(), text.size()); };
    CHECK(of("") == 0xcbf29ce484222325ULL);
    CHECK(of("a") == 0xaf63dc4c8601ec8cULL);
    CHECK(of("foobar") == 0x85944171f73967e8ULL);
    // A digest carried from one piece into the next is the digest of the two together.
    CHECK(fnv1a("bar", 3, of("foo")) == of("foobar"));
    CHECK(of("foobar") != of("foobaR"));
}
