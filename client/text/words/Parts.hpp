#pragma once

#include "text/Words.hpp"

#include <span>

// The catalogue's parts, one per part of the window; Words.cpp joins them.
namespace speed::client {

std::span<const Words> commonWords();   // the title, languages, units shared by many parts
std::span<const Words> playWords();     // status bar, banners, refusals, moves, connection words, levels
std::span<const Words> screenWords();   // the start screen, the table's labels, the overlay's panels
std::span<const Words> menuWords();     // the menu bar, the game log and the network trace
std::span<const Words> helpWords();     // the Help dialog
std::span<const Words> settingsWords(); // the Settings dialog and the setup.ini problem dialog
std::span<const Words> statsWords();    // the Statistics dialog
std::span<const Words> measureWords();  // the network measurement dialog
std::span<const Words> tutorialWords(); // "Learn to play" and the hint key
std::span<const Words> cardWords();     // the card decks: Settings > Cards, and what the log says of a deck

} // namespace speed::client
