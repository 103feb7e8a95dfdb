#pragma once

#include "sound/SoundCues.hpp"

#include <memory>
#include <string>
#include <vector>

namespace speed::client::audio {

// How the window's sound starts: setup.ini's [player] sound and volume, and whether to open an
// audio device at all (--no-sound: never).
struct SoundSetup {
    bool openDevice = true;
    bool on = true;  // false: muted until M (or the menu) turns it on
    int volume = 80; // 0..100
};

// Plays the cues through OpenAL (SFML's audio module): the effects are synthesized once at start
// into sound buffers, and a small pool of voices plays them, the oldest voice taken over when
// all are busy. Without an audio device (a machine with no sound card, CI, --no-sound) it says
// so once in the log and every call does nothing: the game goes on in silence.
class SoundPlayer {
public:
    static constexpr std::size_t kVoices = 8;

    explicit SoundPlayer(const SoundSetup& setup);
    ~SoundPlayer();
    SoundPlayer(const SoundPlayer&) = delete;
    SoundPlayer& operator=(const SoundPlayer&) = delete;

    // An audio device is open: what plays is heard.
    bool heard() const { return m_device != nullptr; }
    bool muted() const { return m_muted; }
    int volume() const { return m_volume; }
    void setMuted(bool muted);
    void setVolume(int volume);

    void play(const std::vector<sound::Cue>& cues);

private:
    struct Device; // the buffers and voices, only when a device opened
    std::unique_ptr<Device> m_device;
    bool m_muted = false;
    int m_volume = 80;
    std::size_t m_nextVoice = 0;
};

} // namespace speed::client::audio
