#pragma once

#include "ui/UiCommand.hpp"

#include "table/Geometry.hpp"
#include "table/Layout.hpp"
#include "table/TutorialCourse.hpp"

#include <cstddef>
#include <string>

namespace speed::client::ui {

// What the lesson's panel shows: the step and where the panel may go.
struct TutorialFacts {
    TutorialStep step = TutorialStep::Opening;
    int stepNumber = 1;
    std::string firstOpponent; // the CPU ladder's first rung, as the button names it ("Hana (novice)")
    Rect area;                 // window pixels it stays inside, clear of the hands and the piles
};

// Where the panel goes on a table: the felt left of the field piles, between the two rows of
// hands (over the clock, which a lesson does not need), less a margin. `handsTop`: the bottom of
// the opponent's hand; `handsBottom`: the top of the player's; `pilesLeft`: the left edge of the
// leftmost pile.
Rect tutorialPanelArea(const Rect& felt, float handsTop, float handsBottom, float pilesLeft, float marginPx);
// The same on a laid-out table with the player in `localSeat` (at the bottom): once the lesson is
// done the player's hand is empty and the end panel may reach over it.
Rect tutorialPanelArea(const TableLayout& layout, std::size_t localSeat, bool lessonDone);

// The lesson's panel: "Step 3 of 7", the step's title and what to do, Skip step and Skip
// tutorial (Esc); once done, "You know the game" with the first game of the ladder, the start
// screen and the lesson again. The choices come back as commands.
// Returns the size of the words it drew, in pixels: smaller on a small table so that the panel
// keeps to its area, never under the smallest size any word of the window is drawn at (there,
// the panel scrolls instead).
float drawTutorialPanel(const TutorialFacts& facts, UiCommands& commands);

} // namespace speed::client::ui
