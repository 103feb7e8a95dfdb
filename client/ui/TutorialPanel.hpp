#pragma once

#include "ui/UiCommand.hpp"

#include "table/Geometry.hpp"
#include "table/TutorialCourse.hpp"

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

// The lesson's panel: "Step 3 of 7", the step's title and what to do, Skip step and Skip
// tutorial (Esc); once done, "You know the game" with the first game of the ladder, the start
// screen and the lesson again. The choices come back as commands.
void drawTutorialPanel(const TutorialFacts& facts, UiCommands& commands);

} // namespace speed::client::ui
