#include "audio/SoundPlayer.hpp"

#include <SFML/Audio/Sound.hpp>
#include <SFML/Audio/SoundBuffer.hpp>
#include <SFML/System/Err.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <sstream>

namespace speed::client::audio {
namespace {

// SFML reports OpenAL's troubles only as text on sf::err() (stderr): while the device is opened
// and the buffers filled, that text is caught here, so the program can tell "no device" from a
// working one and say it in its own log instead.
class CaughtSfmlErrors {
public:
    CaughtSfmlErrors() : m_before(sf::err().rdbuf(m_text.rdbuf())) {}
    ~CaughtSfmlErrors() { sf::err().rdbuf(m_before); }
    CaughtSfmlErrors(const CaughtSfmlErrors&) = delete;
    CaughtSfmlErrors& operator=(const CaughtSfmlErrors&) = delete;

    std::string text() const { return m_text.str(); }

private:
    std::ostringstream m_text;
    std::streambuf* m_before;
};

std::string firstLine(const std::string& text) {
    const auto end = text.find('\n');
    return text.substr(0, end);
}

} // namespace

// Buffers before voices: a voice is destroyed before the buffer it plays.
struct SoundPlayer::Device {
    std::array<sf::SoundBuffer, sound::kEffectCount> buffers;
    std::array<sf::Sound, kVoices> voices;
};

SoundPlayer::SoundPlayer(const SoundSetup& setup) : m_muted(!setup.on), m_volume(std::clamp(setup.volume, 0, 100)) {
    if (!setup.openDevice) {
        spdlog::info("sound: no audio device opened (--no-sound): the game plays silently");
        return;
    }
    std::string problem;
    {
        const CaughtSfmlErrors caught;
        // SFML opens the device with its first audio object; without one, each buffer filled
        // would try again (and OpenAL say so again), so one empty buffer asks first.
        auto probe = std::make_unique<sf::SoundBuffer>();
        problem = caught.text();
        std::unique_ptr<Device> device;
        if (problem.empty()) {
            device = std::make_unique<Device>();
            bool loaded = true;
            for (sound::Effect effect : sound::kEffects) {
                const std::vector<std::int16_t> pcm = sound::synthesize(effect);
                const std::size_t index = sound::indexOf(effect);
                loaded = device->buffers[index].loadFromSamples(pcm.data(), pcm.size(), 1, sound::kSampleRate) && loaded;
            }
            problem = caught.text();
            if (problem.empty() && !loaded) problem = "the sound buffers could not be filled";
        }
        if (problem.empty()) m_device = std::move(device);
        device.reset(); // a failed device's buffers go while SFML's complaints are still caught
        probe.reset();
    }
    if (!m_device) {
        spdlog::warn("sound: no audio device ({}): the game plays silently", firstLine(problem));
        spdlog::debug("sound: OpenAL said: {}", problem);
        return;
    }
    spdlog::info("sound: {} effects ready, {}, volume {}", sound::kEffectCount, m_muted ? "muted" : "on", m_volume);
}

SoundPlayer::~SoundPlayer() = default;

void SoundPlayer::setMuted(bool muted) {
    m_muted = muted;
    if (!m_device || !muted) return;
    for (sf::Sound& voice : m_device->voices) voice.stop(); // a long fanfare stops at once too
}

void SoundPlayer::setVolume(int volume) { m_volume = std::clamp(volume, 0, 100); }

void SoundPlayer::play(const std::vector<sound::Cue>& cues) {
    for (const sound::Cue& cue : cues) {
        const float volume = sound::voiceVolume(cue, m_volume, m_muted);
        // Logged even when nothing is heard, so a test without a sound card can follow the cues.
        spdlog::debug("sound: {} at volume {:.0f}{}", sound::toString(cue.effect), volume, m_device ? "" : " (no audio device)");
        if (!m_device || volume <= 0) continue;
        // A free voice if there is one, else the one started longest ago.
        std::size_t chosen = m_nextVoice;
        for (std::size_t i = 0; i < kVoices; ++i) {
            const std::size_t candidate = (m_nextVoice + i) % kVoices;
            if (m_device->voices[candidate].getStatus() != sf::Sound::Playing) {
                chosen = candidate;
                break;
            }
        }
        m_nextVoice = (chosen + 1) % kVoices;
        sf::Sound& voice = m_device->voices[chosen];
        voice.stop();
        voice.setBuffer(m_device->buffers[sound::indexOf(cue.effect)]);
        voice.setVolume(volume);
        voice.play();
    }
}

} // namespace speed::client::audio
