#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace speed::client::sound {

// The window's sound effects. Each is made by code (SoundSynth.cpp), never read from a file.
enum class Effect : std::uint8_t {
    PickUp,       // a card lifted from the hand: a short swish
    Place,        // a card snapped onto a pile
    OpponentPlay, // the other player's card on a pile: a duller snap (played quieter)
    Refill,       // a card dealt from the deck into a slot: a quick double flick
    Refused,      // a move that did not go: a low buzz
    Speed,        // SPEED!: fresh cards turned onto both piles: a two-note chime
    Win,          // a rising arpeggio
    Lose,         // a falling one
};

inline constexpr std::array kEffects{Effect::PickUp, Effect::Place,  Effect::OpponentPlay, Effect::Refill,
                                     Effect::Refused, Effect::Speed, Effect::Win,          Effect::Lose};
inline constexpr std::size_t kEffectCount = kEffects.size();

std::string_view toString(Effect effect);
constexpr std::size_t indexOf(Effect effect) { return static_cast<std::size_t>(effect); }

inline constexpr unsigned kSampleRate = 44100;
// The loudest sample any effect reaches, as a fraction of full scale: headroom for a few voices
// at once before the mixer clips.
inline constexpr double kMaxPeak = 0.7;
inline constexpr std::size_t kMaxDurationMs = 1000;

// The effect as 16-bit mono PCM at `sampleRate`: deterministic (the noise is seeded), peaking at
// or below kMaxPeak of full scale, starting and ending at silence (no click), and at most
// kMaxDurationMs long. Pure: no audio device involved.
std::vector<std::int16_t> synthesize(Effect effect, unsigned sampleRate = kSampleRate);

} // namespace speed::client::sound
