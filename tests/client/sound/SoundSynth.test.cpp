#include "sound/SoundSynth.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>

using namespace speed::client::sound;

namespace {

int peakOf(const std::vector<std::int16_t>& pcm) {
    int peak = 0;
    for (std::int16_t sample : pcm) peak = std::max(peak, std::abs(static_cast<int>(sample)));
    return peak;
}

double rmsOf(const std::vector<std::int16_t>& pcm) {
    double sum = 0;
    for (std::int16_t sample : pcm) sum += static_cast<double>(sample) * sample;
    return pcm.empty() ? 0 : std::sqrt(sum / static_cast<double>(pcm.size()));
}

double durationMs(const std::vector<std::int16_t>& pcm, unsigned rate) {
    return 1000.0 * static_cast<double>(pcm.size()) / rate;
}

} // namespace

TEST_CASE("sound synth: every effect is short, audible, below clipping and ends in silence") {
    for (Effect effect : kEffects) {
        INFO(std::string(toString(effect)));
        const std::vector<std::int16_t> pcm = synthesize(effect);
        const double ms = durationMs(pcm, kSampleRate);
        CHECK(ms >= 50);
        CHECK(ms <= static_cast<double>(kMaxDurationMs));
        const int peak = peakOf(pcm);
        CHECK(peak <= static_cast<int>(kMaxPeak * 32767) + 1); // headroom: never near full scale
        CHECK(peak <= 0.75 * 32767);                           // well below full scale, whatever kMaxPeak says
        CHECK(peak >= 0.3 * 32767);                            // and clearly there
        CHECK(rmsOf(pcm) > 500);                               // not a lone spike in silence
        CHECK(std::abs(pcm.front()) < 200);                    // starts without a click
        CHECK(std::abs(pcm.back()) < 50);                      // and ends without one
    }
}

TEST_CASE("sound synth: the same effect is the same samples every time, and different effects differ") {
    std::set<std::vector<std::int16_t>> distinct;
    for (Effect effect : kEffects) {
        INFO(std::string(toString(effect)));
        const auto first = synthesize(effect);
        CHECK(first == synthesize(effect));
        distinct.insert(first);
    }
    CHECK(distinct.size() == kEffectCount);
}

TEST_CASE("sound synth: the length follows the sample rate, and a rate of 0 gives nothing") {
    for (Effect effect : kEffects) {
        INFO(std::string(toString(effect)));
        const auto full = synthesize(effect, 44100);
        const auto half = synthesize(effect, 22050);
        CHECK(durationMs(half, 22050) == Approx(durationMs(full, 44100)).margin(0.1));
        CHECK(peakOf(half) <= static_cast<int>(kMaxPeak * 32767) + 1);
        CHECK(rmsOf(half) > 500);
        CHECK(synthesize(effect, 0).empty());
    }
}

TEST_CASE("sound synth: the win rises and the lose falls, the buzz is low and the chime high") {
    // Zero crossings per second estimate the pitch the ear follows.
    const auto crossingsPerSecond = [](const std::vector<std::int16_t>& pcm, std::size_t from, std::size_t to) {
        int crossings = 0;
        for (std::size_t i = from + 1; i < to && i < pcm.size(); ++i) {
            if ((pcm[i - 1] < 0) != (pcm[i] < 0)) ++crossings;
        }
        return crossings * static_cast<double>(kSampleRate) / static_cast<double>(to - from);
    };
    const std::size_t ms = kSampleRate / 1000;
    const auto win = synthesize(Effect::Win);
    CHECK(crossingsPerSecond(win, 20 * ms, 90 * ms) < crossingsPerSecond(win, 320 * ms, 400 * ms));
    const auto lose = synthesize(Effect::Lose);
    CHECK(crossingsPerSecond(lose, 20 * ms, 120 * ms) > crossingsPerSecond(lose, 440 * ms, 540 * ms));
    const auto buzz = synthesize(Effect::Refused);
    const auto chime = synthesize(Effect::Speed);
    CHECK(crossingsPerSecond(buzz, 10 * ms, 80 * ms) < 1000);
    CHECK(crossingsPerSecond(chime, 10 * ms, 80 * ms) > 2000);
}

TEST_CASE("sound synth: every effect has a name of its own") {
    std::set<std::string> names;
    for (Effect effect : kEffects) names.insert(std::string(toString(effect)));
    CHECK(names.size() == kEffectCount);
    CHECK(names.count("?") == 0);
}
