#pragma once

#include <cstdint>

// Every colour the window shows, in one place: the table drawn with SFML and the menus and
// dialogs drawn with ImGui take theirs from here (render/ and ui/ convert them).
namespace speed::client {

struct Rgba {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    std::uint8_t a = 255;
    constexpr Rgba withAlpha(std::uint8_t alpha) const { return {r, g, b, alpha}; }
};

namespace palette {

// The felt and what lies on it.
inline constexpr Rgba kFeltCentre{46, 125, 72};
inline constexpr Rgba kFeltEdge{16, 66, 38};      // also the window's background
inline constexpr Rgba kHighlight{255, 213, 79};   // legal targets, the SPEED! call, a win
inline constexpr Rgba kSelection{128, 222, 234};  // the card chosen by keyboard
inline constexpr Rgba kMarkOnFelt{255, 255, 255, 70}; // empty slots' dotted outline
inline constexpr Rgba kLabel{232, 245, 233};      // names and banner details
inline constexpr Rgba kWhite{255, 255, 255};
inline constexpr Rgba kShadow{0, 0, 0, 80};
inline constexpr Rgba kLiftedShadow{0, 0, 0, 110};
inline constexpr Rgba kPileWell{0, 0, 0, 40};     // the dark patch under a field pile
inline constexpr Rgba kBadge{255, 255, 255, 255}; // the deck's card count: opaque, so the back's emblem never shows through
inline constexpr Rgba kClockLabel{200, 230, 201};
inline constexpr Rgba kLoss{255, 138, 128};       // YOU LOSE
inline constexpr Rgba kBannerShade{0, 0, 0, 185};
inline constexpr Rgba kWinBand{92, 64, 0, 215};     // a win's banner: warm gold under the words
inline constexpr Rgba kDefeatDim{8, 12, 20, 120};   // a loss: the table dims to this, quietly
inline constexpr Rgba kDefeatWords{176, 186, 200};  // ... and the banner's words are grey-blue, not red
// A win's confetti.
inline constexpr Rgba kConfetti[] = {{255, 213, 79}, {239, 83, 80}, {66, 165, 245}, {102, 187, 106}, {255, 255, 255}, {171, 71, 188}};

// The status bar.
inline constexpr Rgba kStatusStrip{10, 30, 18};
inline constexpr Rgba kStatusPlaying{46, 125, 50};
inline constexpr Rgba kStatusOther{191, 54, 12};
inline constexpr Rgba kStatusWon{176, 132, 16};    // the status pill after a win: gold, never the loss's colour
inline constexpr Rgba kStatusLost{132, 48, 44};    // ... after a loss: a muted red, darker than the pauses' orange
inline constexpr Rgba kStatusDrawn{84, 96, 108};   // ... after a draw: neither
inline constexpr Rgba kStatusHint{165, 214, 167};

// The cards, drawn by code.
inline constexpr Rgba kRedInk{200, 16, 46};
inline constexpr Rgba kBlackInk{22, 22, 28};
inline constexpr Rgba kJokerInk{106, 27, 154};
inline constexpr Rgba kPaper{252, 251, 246};
inline constexpr Rgba kCardEdge{150, 150, 150};
inline constexpr Rgba kBackBlue{28, 58, 128};   // the back, and the deck count's digits
inline constexpr Rgba kBackLine{92, 128, 204};

// Menus, dialogs, the message log.
inline constexpr Rgba kHeading{255, 217, 102};  // section titles in dialogs
inline constexpr Rgba kSent{120, 200, 255};     // datagrams we sent
inline constexpr Rgba kReceived{140, 230, 140}; // datagrams we received
inline constexpr Rgba kError{255, 110, 100};
inline constexpr Rgba kGood{140, 230, 140};
inline constexpr Rgba kResultLost{226, 124, 114}; // the result panel's "You lost": a muted red, not an alarm
inline constexpr Rgba kPlotAxis{170, 170, 170};
inline constexpr Rgba kPlotGrid{90, 90, 90, 140};
inline constexpr Rgba kPlotTextOnBar{20, 24, 28, 255}; // a count written inside a bar
inline constexpr Rgba kPlotRange{110, 160, 220, 150};
inline constexpr Rgba kPlotP99{110, 160, 220};
inline constexpr Rgba kPlotMedian{255, 205, 90};
inline constexpr Rgba kPlotMean{255, 120, 120};

// The small table drawn in Help.
inline constexpr Rgba kDiagramFelt{28, 92, 56};
inline constexpr Rgba kDiagramFace{250, 248, 240};
inline constexpr Rgba kDiagramBack{48, 78, 160};
inline constexpr Rgba kDiagramEdge{20, 20, 20};
inline constexpr Rgba kDiagramInk{25, 25, 25};
inline constexpr Rgba kDiagramRed{190, 25, 40};
inline constexpr Rgba kDiagramLabel{235, 235, 210};
inline constexpr Rgba kDiagramArrow{255, 210, 80};

} // namespace palette
} // namespace speed::client
