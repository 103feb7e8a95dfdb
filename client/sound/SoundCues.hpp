#pragma once

#include "sound/SoundSynth.hpp"

#include "speed/common/Time.hpp"

#include <array>
#include <optional>
#include <vector>

namespace speed::client::sound {

// What happened at the table that may be heard, as the window learns it.
enum class TableSound : std::uint8_t {
    PickedUp,         // the player took hold of a card
    Placed,           // the player's card went onto a pile
    Refilled,         // the player's deck filled a slot
    Returned,         // a dropped card went back to its slot (dropped off every pile)
    Refused,          // the rules or the host refused the player's move
    OpponentPlayed,   // the other player's card went onto a pile
    OpponentRefilled, // the other player's deck filled a slot
    SpeedFlip,        // SPEED!: nobody could move, a fresh card turned onto each pile
    Dealt,            // a new game was dealt
    Won,
    Lost,
    Drawn,
};

// An effect to play, and how loud, as a fraction (0..1] of the player's volume.
struct Cue {
    Effect effect = Effect::Place;
    float gain = 1.0f;
    friend bool operator==(const Cue&, const Cue&) = default;
};

// The effect a table event makes, if any. The other player's moves are quieter than one's own:
// they are heard, but one's own hands stay in front.
std::optional<Cue> cueFor(TableSound sound);

// Turns the table's events into what to play, with no storms: an effect already started less
// than kMinGapMs ago is not started again (five remote plays taken in one frame are heard once,
// at the loudest gain asked for while it was pending). Pure: the window plays what take() gives.
class SoundCues {
public:
    static constexpr TimeMs kMinGapMs = 70;

    void note(TableSound sound, TimeMs now);
    // What to start now, in the order first noted; afterwards nothing is pending.
    std::vector<Cue> take();

private:
    std::array<std::optional<TimeMs>, kEffectCount> m_startedAt{}; // when each effect last began
    std::vector<Cue> m_pending;
};

// The volume 0..100 of a voice playing `cue`: setup.ini's `volume` (0..100) times the cue's gain,
// 0 when muted.
float voiceVolume(const Cue& cue, int volume, bool muted);

} // namespace speed::client::sound
