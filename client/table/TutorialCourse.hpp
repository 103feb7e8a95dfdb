#pragma once

#include "table/Place.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace speed::client {

// The lessons of "Learn to play", in order. Each is done by doing it on the table.
enum class TutorialStep : std::uint8_t {
    Opening, // the field is empty: SPEED!, both players turn a card (done by that flip)
    Play,    // a card one rank up or down (done by such a play)
    Wrap,    // a king on an ace or an ace on a king (done by such a play)
    Joker,   // a joker goes on anything (done by playing one)
    Refill,  // the hand refills from the deck (done when the hand is full again, or the deck empty)
    Speed,   // nobody can play: SPEED! (done by the flip)
    Win,     // the first out of cards wins (done when the game is over)
    Done,    // the course is over: "you know the game"
};

inline constexpr int kTutorialSteps = 7; // Opening .. Win

// The step's name in the words' keys and the log: "opening", "play", ..., "done".
std::string_view stepName(TutorialStep step);

// The step's title ("One up or one down") and what it asks the player to do, in the window's
// language.
const char* stepTitle(TutorialStep step);
const char* stepText(TutorialStep step);

// True for a play of a king on an ace or of an ace on a king.
bool isWrap(const GameState& state, const Move& move);

// Where the course stands, and what each step asks for, lights and is done by. Pure: the match
// tells it each move applied, the window asks what to light and to word.
class TutorialCourse {
public:
    explicit TutorialCourse(int localSeat = 0) : m_seat(localSeat) {}

    TutorialStep step() const { return m_step; }
    int stepNumber() const { return static_cast<int>(m_step) + 1; } // 1 .. kTutorialSteps (+1 when done)
    bool done() const { return m_step == TutorialStep::Done; }
    bool skippedAny() const { return m_skipped; }

    // A move (either seat's, or a flip) went from `before` to `after`; true when it finished the
    // step. A game that ends finishes the course, whatever step it was at.
    bool noteMove(const Move& move, const GameState& before, const GameState& after);
    void skipStep();  // on to the next step, as if it were done
    void skipAll();   // straight to Done
    void restart();   // back to the first step, nothing skipped

    // Whether the local player's `move` is the one this step asks for (it need not be legal).
    bool asksFor(const Move& move, const GameState& state) const;
    // The cards and places this step is about, lit on the table now.
    std::vector<Place> lit(const GameState& state) const;

private:
    int m_seat;
    TutorialStep m_step = TutorialStep::Opening;
    bool m_skipped = false;
};

} // namespace speed::client
