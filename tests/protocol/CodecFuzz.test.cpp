#include "SampleMessages.hpp"

#include "speed/common/Random.hpp"
#include "speed/protocol/Codec.hpp"

#include "TestScale.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace speed;
using namespace speed::protocol;

namespace {

constexpr long long kFuzzInputs = speed::test::soakRounds(1'000'000);

class Mutator {
public:
    explicit Mutator(std::uint64_t seed) : m_rng(seed) {}

    std::size_t below(std::size_t bound) { return static_cast<std::size_t>(m_rng.below(bound)); }
    char anyByte() { return static_cast<char>(m_rng.below(256)); }

    std::string mutate(const std::string& original) {
        std::string bytes = original;
        switch (below(5)) {
        case 0: // 1..4 bit flips
            for (std::size_t i = 0, n = 1 + below(4); i < n; ++i) {
                const std::size_t bit = below(bytes.size() * 8);
                bytes[bit / 8] = static_cast<char>(static_cast<unsigned char>(bytes[bit / 8]) ^ (1U << (bit % 8)));
            }
            break;
        case 1: bytes.resize(below(bytes.size())); break; // truncation
        case 2: // appended bytes
            for (std::size_t i = 0, n = 1 + below(12); i < n; ++i) bytes += anyByte();
            break;
        case 3: std::swap(bytes[below(bytes.size())], bytes[below(bytes.size())]); break;
        default: // a byte replaced by another printable one (a changed card code, digit, letter)
            bytes[below(bytes.size())] = static_cast<char>(0x21 + below(0x5e));
            break;
        }
        return bytes;
    }

    std::string randomBytes() {
        std::string bytes(below(300), '\0');
        for (char& c : bytes) c = below(4) == 0 ? anyByte() : static_cast<char>(0x20 + below(0x5f));
        return bytes;
    }

private:
    SplitMix64 m_rng;
};

} // namespace

TEST_CASE("The decoder applies none of a million (200,000 under the sanitizers) random and mutated datagrams",
          "[codec][fuzz]") {
    std::vector<std::string> corpus;
    for (const Message& message : speed::protocol::test::sampleMessages()) corpus.push_back(encodeDatagram(message));
    Mutator mutator(20240601);
    long long inputs = 0;
    long long accepted = 0;
    long long unstableLines = 0;
    std::string firstAccepted;
    while (inputs < kFuzzInputs) {
        const bool random = inputs % 10 == 0;
        const std::string& original = corpus[static_cast<std::size_t>(inputs) % corpus.size()];
        const std::string input = random ? mutator.randomBytes() : mutator.mutate(original);
        ++inputs;
        if (input == original) continue; // e.g. a byte swapped with an equal one
        const DecodeResult decoded = decodeDatagram(input);
        if (decoded.ok() || decoded.detail.empty()) { // a failure always says why
            if (accepted++ == 0) firstAccepted = input;
        }
        // The line parser alone (no checksum) must be total too, and stable when it accepts.
        const DecodeResult line = parseLine(input);
        if (line.ok() && parseLine(encodeLine(*line.message)).message != line.message) ++unstableLines;
    }
    INFO("first accepted: " << firstAccepted);
    CHECK(inputs >= kFuzzInputs);
    CHECK(accepted == 0);
    CHECK(unstableLines == 0);
}
