#pragma once

#include "speed/common/Time.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace speed::client {

// What is over the table and asks for the player's eyes, the strongest first.
enum class HoldReason : std::uint8_t {
    None,
    StartScreen, // the start screen (a game left behind it)
    Help,        // the Help dialog
    Dialog,      // another dialog: Settings, Statistics, the measurement, a problem with setup.ini
    Menu,        // a menu of the menu bar is open
    Background,  // the window does not have the keyboard (another window was chosen)
};

// What the window does to the offline game this turn.
enum class PauseStep { Nothing, Pause, Resume };

// An offline game waits while the player reads or looks away, and starts again with a short,
// visible count-in, so no card is played against a player who cannot see the table. The
// player's own pause (P) is kept apart: a dialog that closes does not end it, and its resume
// counts in too. A network game never waits for one side (the other player's clock runs on):
// the window only says so. Pure: the window feeds it what is open and the game's state.
class ReadingPause {
public:
    static constexpr TimeMs kCountInStepMs = 500; // "3", "2", "1", then play
    static constexpr int kCountInSteps = 3;

    // Each turn: what is over the table now, and whether the game is in play (its clock could
    // run) or stands paused.
    PauseStep follow(HoldReason over, bool playing, bool paused, TimeMs now);
    // P: the player pauses, or (after the count-in) resumes.
    PauseStep playerToggle(bool playing, bool paused, TimeMs now);
    // A new game or match: nothing of the last one's pause is kept.
    void reset() { *this = ReadingPause{}; }

    HoldReason holding() const { return m_state == State::Held ? m_reason : HoldReason::None; }
    bool playerPaused() const { return m_state == State::Player; }
    // 3, 2, 1 while counting in; nothing otherwise.
    std::optional<int> countIn(TimeMs now) const;
    // When the count-in shows its next number or ends; nothing when it does not run.
    std::optional<TimeMs> nextChangeAt(TimeMs now) const;

private:
    enum class State { Running, Held, Player, Counting };
    State m_state = State::Running;
    HoldReason m_reason = HoldReason::None; // what was over the table at the last turn
    TimeMs m_countFrom = 0;
};

// Why the game waits, in a player's words: "Help is open" / "ヘルプを表示中".
std::string holdReasonWords(HoldReason reason);

} // namespace speed::client
