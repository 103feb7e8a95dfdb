#pragma once

#include "ui/UiCommand.hpp"

#include "match/GameInfo.hpp"
#include "table/Geometry.hpp"
#include "table/Layout.hpp"

#include "speed/common/Bot.hpp"
#include "speed/common/Time.hpp"
#include "speed/store/GameStats.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client::ui {

// What the result panel is told of a game against the CPU that just ended.
struct ResultFacts {
    GameInfo info = GameInfo::Win; // Win, Defeat; any other finished state is a draw
    TimeMs durationMs = 0;
    BotLevel level = BotLevel::Novice; // the opponent
    // The player's wins against that level before this game; nothing: the statistics could not
    // be read (the panel then says nothing of a best time).
    std::optional<store::CpuLevelRecord> before;
    bool ranked = true; // false: the CPU never moved (--cpu-idle, practice): no best time, no next rung
};

enum class ResultTone { Won, Lost, Drawn };
enum class ResultButton { NextGame, NextRung, ChangeOpponent, Menu };

// The panel's words and buttons, in the window's language. Pure: the unit tests read it.
struct ResultModel {
    ResultTone tone = ResultTone::Drawn;
    BotLevel level = BotLevel::Novice;
    std::string headline;  // "You won!"
    std::string time;      // "Time 1:23"
    std::string best;      // "First win against Hana!", "New best against Hana! (was 1:40)",
                           // "Best against Hana: 1:02", "No win against Hana yet"; empty: unknown
    bool bestIsNews = false; // a first win or a new best: said in gold
    std::optional<BotLevel> nextRung; // after a win, the rung above (nothing at the top, or for max)
    std::vector<ResultButton> buttons; // in order; the first has the keyboard when it opens
};
ResultModel resultModel(const ResultFacts& facts);

// A button's words ("Next game (N)", "Next rung: Mio") and its name for --dump-layout
// ("result.next_game").
std::string resultButtonLabel(ResultButton button, const ResultModel& model);
std::string_view resultButtonName(ResultButton button);

// Where the panel would best go on a finished table: the player's row, between the field piles
// and the player's name (the hand is idle now), window pixels.
Rect resultPanelRoom(const TableLayout& layout);

// Where the panel goes: in `room` when it fits there (as low as it allows, over the player's hand),
// else on the felt `field`, below the banner `banner` (its words stay readable), as low as its
// `height` allows; the top-left corner in window pixels.
Point resultPanelCorner(const Rect& field, const Rect& banner, const Rect& room, float width, float height);

// The end of a game against the CPU, once its cards have landed: the result in big coloured
// words, the time and the best time against that opponent, and what next: Next game (N, the
// keyboard's first), Next rung after a win, Change opponent (a list of the ladder), Menu (the
// start screen). Keyboard and mouse alike: Tab and the arrows move, Enter or Space presses.
class ResultPanel {
public:
    void open(ResultModel model);
    void close() { m_open = false; }
    bool isOpen() const { return m_open; }
    const ResultModel& model() const { return m_model; }

    // Draws it while open; the player's choice comes back as a command (NextGame, PlayVsCpu,
    // LeaveToStart). `onTop`: no dialog is over it, so N and the keyboard are its.
    void draw(const Rect& field, const Rect& banner, const Rect& room, UiCommands& commands, bool onTop);

private:
    void drawLevels(UiCommands& commands, bool onTop);

    ResultModel m_model;
    bool m_open = false;
    bool m_focusFirst = false;
    float m_width = 0; // the size it had when last drawn (ImGui sizes it to its words): where it goes
    float m_height = 0;
    bool m_sized = false; // the last frame had the size this one is placed by: its buttons are where they show
};

} // namespace speed::client::ui
