#pragma once

// Every duration and pacing figure of the window, in one place (milliseconds unless named
// otherwise). Animations are visual only: the game state changes at once and input is never
// blocked while a card is in flight.

#include "speed/common/Time.hpp"

namespace speed::client {

inline constexpr TimeMs kCardFlightMs = 180;        // a played or refilled card flies to its place
inline constexpr TimeMs kDropLandMs = 120;          // a card dropped on a legal pile settles on it
inline constexpr TimeMs kSlideHomeMs = 200;         // an illegal drop slides back to its slot
inline constexpr TimeMs kRefusedNudgeMs = 150;      // a click or key with no legal pile: the card twitches
inline constexpr TimeMs kHostRefusedSlideMs = 260;  // a move the host refused slides from the pile back home
inline constexpr TimeMs kHostRefusedFlashMs = 700;  // ... while the pile that changed under it is lit
inline constexpr TimeMs kTakenBackSlideMs = 320;   // a play taken back (a rewind) slides from the pile home, seen
inline constexpr TimeMs kTakenBackNoteMs = 2500;    // ... and which play came first, and by how much, beside its slot
inline constexpr TimeMs kRefusalNoteMs = 1500;     // why a move did not go, shown beside the card
inline constexpr TimeMs kFlipFlightMs = 320;        // the SPEED! flip, deck to field pile, turning over on the way
inline constexpr TimeMs kRefillTurnMs = 260;        // a refill: the deck's top card turns over into its slot
inline constexpr TimeMs kDealFlightMs = 260;        // the deal: each hand card flies from its deck, turning over
inline constexpr TimeMs kDealStaggerMs = 70;        // ... one card after another, the seats in turn
inline constexpr TimeMs kDealShownUntilMs = 2000;   // ... unless the game is older when first shown (one taken up again)
inline constexpr TimeMs kDealLandsByMs = 850;       // ... all landed this far into the game, before the opening SPEED! flip
                                                    //     a second in: a deal shown late goes faster
inline constexpr TimeMs kDealShortestMs = 250;      // ... but never faster than this, the whole deal
inline constexpr TimeMs kFadeInMs = 120;            // reduced motion: a card fades in where it lands instead
inline constexpr float kFadeFromOpacity = 0.35f;    // ... from this opacity: never a frame with the card nowhere
inline constexpr TimeMs kCelebrationMs = 2600;      // a win: confetti over the table
inline constexpr TimeMs kConfettiStaggerMs = 600;   // ... the pieces set off within this much of each other
inline constexpr TimeMs kDefeatDimMs = 600;         // a loss: the table dims, quietly
inline constexpr TimeMs kBotNextGameDelayMs = 1500; // --games N: the next game after this
inline constexpr TimeMs kLastFrameMs = 300;         // --games N: keep the final table this long

inline constexpr TimeMs kAnimationFrameMs = 16;     // ~60 fps while something moves
inline constexpr TimeMs kIdlePollMs = 15;           // input poll interval, only when the display's connection cannot be watched
inline constexpr TimeMs kDeckPollMs = 20;           // while a deck is drawn on its thread, the loop looks for it this often
inline constexpr TimeMs kLongestWaitMs = 1000;      // the loop takes a turn at least this often, even with nothing due
inline constexpr TimeMs kScreenshotLingerMs = 3000; // network play: stay connected this long after a --screenshot
inline constexpr TimeMs kScreenshotDeckWaitMs = 60000; // a --screenshot waits at most this long past --after for a deck being drawn
inline constexpr TimeMs kClockRedrawMs = 1000;      // the elapsed-time display ticks per second

inline constexpr float kDragStartPx = 4.0f;         // a press becomes a drag beyond this distance

} // namespace speed::client
