#include "sound/SoundSynth.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <numbers>
#include <span>

namespace speed::client::sound {
namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
constexpr double kFadeOutMs = 4; // the last few ms ramp to silence, so a sound never ends in a click
constexpr double kReleaseMs = 5; // each tone or noise burst ends on a ramp too, not cut off mid-wave

// One partial of a tone: a multiple of the fundamental and its level.
struct Partial {
    double ratio;
    double level;
};

// How a sound starts and dies away: a linear attack, then an exponential decay.
struct Envelope {
    double attackMs;
    double decayMs; // time constant: the level falls to 1/e after this long
    double at(double ms) const {
        if (ms < attackMs) return ms / attackMs;
        return std::exp(-(ms - attackMs) / decayMs);
    }
};

// A mono signal being built, in floating point until it is scaled to 16 bits.
class Signal {
public:
    Signal(unsigned rate, double lengthMs) : m_rate(rate), m_samples(sampleAt(lengthMs), 0.0) {}

    // A tone of `partials` over `frequency`, from `startMs` for `lengthMs`.
    void tone(double startMs, double lengthMs, double frequency, Envelope envelope, double level,
              std::span<const Partial> partials) {
        const std::size_t begin = sampleAt(startMs);
        const std::size_t end = std::min(m_samples.size(), begin + sampleAt(lengthMs));
        for (std::size_t i = begin; i < end; ++i) {
            const double t = static_cast<double>(i - begin) / m_rate;
            double value = 0;
            for (const Partial& partial : partials) {
                const double f = frequency * partial.ratio;
                if (f < m_rate / 2.0) value += partial.level * std::sin(kTwoPi * f * t); // nothing above Nyquist
            }
            m_samples[i] += level * envelope.at(t * 1000) * release(i, end) * value;
        }
    }

    // Noise band-passed between `lowHz` and `highHz` (two one-pole filters): the rustle and snap
    // of a card. Seeded, so the same call makes the same samples.
    void noise(double startMs, double lengthMs, double lowHz, double highHz, Envelope envelope, double level,
               std::uint32_t seed) {
        const std::size_t begin = sampleAt(startMs);
        const std::size_t end = std::min(m_samples.size(), begin + sampleAt(lengthMs));
        const double lowPass = 1 - std::exp(-kTwoPi * highHz / m_rate);
        const double highPass = 1 - std::exp(-kTwoPi * lowHz / m_rate);
        double smooth = 0;
        double rumble = 0; // what lies below lowHz, taken away
        std::uint32_t state = seed == 0 ? 1 : seed;
        for (std::size_t i = begin; i < end; ++i) {
            state ^= state << 13; // xorshift32
            state ^= state >> 17;
            state ^= state << 5;
            const double white = static_cast<double>(state) / 4294967295.0 * 2 - 1;
            smooth += lowPass * (white - smooth);
            rumble += highPass * (smooth - rumble);
            const double t = static_cast<double>(i - begin) / m_rate;
            m_samples[i] += level * envelope.at(t * 1000) * release(i, end) * (smooth - rumble);
        }
    }

    // Ends in silence and scales the loudest sample to `peak` of full scale.
    std::vector<std::int16_t> finish(double peak) {
        const std::size_t fade = std::min(m_samples.size(), sampleAt(kFadeOutMs));
        for (std::size_t i = 0; i < fade; ++i) {
            m_samples[m_samples.size() - 1 - i] *= static_cast<double>(i) / static_cast<double>(fade);
        }
        double loudest = 0;
        for (double value : m_samples) loudest = std::max(loudest, std::abs(value));
        const double scale = loudest > 0 ? std::min(peak, kMaxPeak) * 32767.0 / loudest : 0;
        std::vector<std::int16_t> pcm;
        pcm.reserve(m_samples.size());
        for (double value : m_samples) {
            pcm.push_back(static_cast<std::int16_t>(std::clamp(std::lround(value * scale), -32767L, 32767L)));
        }
        return pcm;
    }

private:
    // 1, falling to 0 over the last kReleaseMs before `end`.
    double release(std::size_t i, std::size_t end) const {
        const double left = static_cast<double>(end - i) / static_cast<double>(std::max<std::size_t>(1, sampleAt(kReleaseMs)));
        return std::min(1.0, left);
    }

    std::size_t sampleAt(double ms) const { return static_cast<std::size_t>(std::lround(ms * m_rate / 1000)); }

    unsigned m_rate;
    std::vector<double> m_samples;
};

constexpr std::array kSine{Partial{1, 1}};
// The ring of a small bell: the fundamental and two inharmonic partials.
constexpr std::array kBell{Partial{1, 1}, Partial{2.76, 0.25}, Partial{5.40, 0.08}};
// A soft, rounded voice for the arpeggios: a few harmonics falling off quickly.
constexpr std::array kSoft{Partial{1, 1}, Partial{2, 0.3}, Partial{3, 0.12}};
// The buzz: odd harmonics, as a square wave has, but only the first few (no harsh edge).
constexpr std::array kBuzz{Partial{1, 1}, Partial{3, 0.33}, Partial{5, 0.2}, Partial{7, 0.14}};

std::vector<std::int16_t> pickUp(unsigned rate) {
    Signal signal(rate, 110);
    signal.noise(0, 110, 1500, 6000, {25, 30}, 1, 0x51CE);
    return signal.finish(0.35);
}

std::vector<std::int16_t> place(unsigned rate) {
    Signal signal(rate, 90);
    signal.noise(0, 60, 800, 8000, {1, 12}, 1, 0x5AA9);
    signal.tone(0, 90, 170, {1, 25}, 0.6, kSine);
    return signal.finish(0.6);
}

std::vector<std::int16_t> opponentPlay(unsigned rate) {
    Signal signal(rate, 80);
    signal.noise(0, 55, 400, 3000, {1, 10}, 1, 0x0990);
    signal.tone(0, 80, 130, {1, 20}, 0.5, kSine);
    return signal.finish(0.5);
}

std::vector<std::int16_t> refill(unsigned rate) {
    Signal signal(rate, 120);
    signal.noise(0, 120, 1000, 5000, {10, 35}, 0.3, 0x2EF1);
    signal.noise(0, 35, 1200, 9000, {1, 8}, 1, 0x2EF2);
    signal.noise(45, 35, 1200, 9000, {1, 8}, 0.8, 0x2EF3);
    return signal.finish(0.5);
}

std::vector<std::int16_t> refused(unsigned rate) {
    Signal signal(rate, 220);
    signal.tone(0, 90, 98, {8, 400}, 1, kBuzz); // "bzz-bzz": two short pulses
    signal.tone(120, 100, 98, {8, 400}, 1, kBuzz);
    return signal.finish(0.45);
}

std::vector<std::int16_t> speedChime(unsigned rate) {
    Signal signal(rate, 480);
    signal.tone(0, 380, 1318.5, {2, 140}, 1, kBell);   // E6
    signal.tone(90, 390, 1975.5, {2, 140}, 0.8, kBell); // B6
    return signal.finish(0.55);
}

std::vector<std::int16_t> arpeggio(unsigned rate, std::initializer_list<double> notes, double stepMs, double lengthMs,
                                   double peak) {
    Signal signal(rate, lengthMs);
    double start = 0;
    std::size_t left = notes.size();
    for (double frequency : notes) {
        const bool last = --left == 0;
        signal.tone(start, lengthMs - start, frequency, {4, last ? 260.0 : 120.0}, 1, kSoft);
        start += stepMs;
    }
    return signal.finish(peak);
}

} // namespace

std::string_view toString(Effect effect) {
    switch (effect) {
    case Effect::PickUp: return "pick-up";
    case Effect::Place: return "place";
    case Effect::OpponentPlay: return "opponent-play";
    case Effect::Refill: return "refill";
    case Effect::Refused: return "refused";
    case Effect::Speed: return "speed";
    case Effect::Win: return "win";
    case Effect::Lose: return "lose";
    }
    return "?";
}

std::vector<std::int16_t> synthesize(Effect effect, unsigned sampleRate) {
    if (sampleRate == 0) return {};
    switch (effect) {
    case Effect::PickUp: return pickUp(sampleRate);
    case Effect::Place: return place(sampleRate);
    case Effect::OpponentPlay: return opponentPlay(sampleRate);
    case Effect::Refill: return refill(sampleRate);
    case Effect::Refused: return refused(sampleRate);
    case Effect::Speed: return speedChime(sampleRate);
    case Effect::Win: return arpeggio(sampleRate, {523.25, 659.25, 783.99, 1046.5}, 100, 850, 0.6); // C5 E5 G5 C6
    case Effect::Lose: return arpeggio(sampleRate, {392.0, 329.63, 261.63, 196.0}, 140, 950, 0.55); // G4 E4 C4 G3
    }
    return {};
}

} // namespace speed::client::sound
