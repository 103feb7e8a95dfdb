#include "sound/SoundCues.hpp"

#include <algorithm>

namespace speed::client::sound {

std::optional<Cue> cueFor(TableSound sound) {
    switch (sound) {
    case TableSound::PickedUp: return Cue{Effect::PickUp, 0.8f};
    case TableSound::Placed: return Cue{Effect::Place, 1.0f};
    case TableSound::Refilled: return Cue{Effect::Refill, 0.9f};
    case TableSound::Returned: return Cue{Effect::PickUp, 0.5f}; // the swish again, softer: no fault, no buzz
    case TableSound::Refused: return Cue{Effect::Refused, 0.8f};
    case TableSound::OpponentPlayed: return Cue{Effect::OpponentPlay, 0.45f};
    case TableSound::OpponentRefilled: return Cue{Effect::Refill, 0.35f};
    case TableSound::SpeedFlip: return Cue{Effect::Speed, 0.9f};
    case TableSound::Dealt: return Cue{Effect::Refill, 0.7f};
    case TableSound::Won: return Cue{Effect::Win, 1.0f};
    case TableSound::Lost: return Cue{Effect::Lose, 1.0f};
    case TableSound::Drawn: return std::nullopt; // neither fanfare fits; the banner says it
    }
    return std::nullopt;
}

void SoundCues::note(TableSound sound, TimeMs now) {
    const std::optional<Cue> cue = cueFor(sound);
    if (!cue) return;
    auto pending = std::find_if(m_pending.begin(), m_pending.end(), [&](const Cue& c) { return c.effect == cue->effect; });
    if (pending != m_pending.end()) { // not started yet: one voice, as loud as the loudest ask
        pending->gain = std::max(pending->gain, cue->gain);
        return;
    }
    std::optional<TimeMs>& startedAt = m_startedAt[indexOf(cue->effect)];
    if (startedAt && now >= *startedAt && now - *startedAt < kMinGapMs) return;
    startedAt = now;
    m_pending.push_back(*cue);
}

std::vector<Cue> SoundCues::take() {
    std::vector<Cue> cues;
    cues.swap(m_pending);
    return cues;
}

float voiceVolume(const Cue& cue, int volume, bool muted) {
    if (muted) return 0.0f;
    const float level = static_cast<float>(std::clamp(volume, 0, 100));
    return std::clamp(level * cue.gain, 0.0f, 100.0f);
}

} // namespace speed::client::sound
