#pragma once

#include <string>
#include <utility>
#include <vector>

#include "match/MatchDriver.hpp"
#include "sound/SoundCues.hpp"
#include "table/DragController.hpp"
#include "table/Layout.hpp"
#include "table/TableMotion.hpp"

#include <SFML/Window/Keyboard.hpp>

#include <optional>

namespace speed::client {

// The player's hands on the table: pointer gestures and keys on the cards become moves through
// the match (or nothing), answered by the table's motion. When both seats are played here (two
// players on one keyboard) the pointer plays the card it takes, of either hand, and each player
// has their own keys. Every applied or refused move is logged
// with the table, so the window tests can follow the game from the log.
class TableInput {
public:
    TableInput(const TableLayout& layout, TableMotion& motion) : m_layout(layout), m_motion(motion) {}

    // The bot plays the local seat (--bot): the user's hands are off the cards.
    void setBotPlays(bool botPlays) { m_botPlays = botPlays; }
    void setDumpLayout(bool dumpLayout) { m_dumpLayout = dumpLayout; }

    // Each returns true when something on screen changed.
    bool press(MatchDriver& match, Point pointer, TimeMs now);
    bool release(MatchDriver& match, Point pointer, TimeMs now);
    bool move(const MatchDriver& match, Point pointer);
    // The local card under the pointer that has a legal move (nothing while a card is held or the
    // bot plays): the table lifts it.
    std::optional<Place> hovered(const MatchDriver& match) const;
    bool key(MatchDriver& match, sf::Keyboard::Key key, TimeMs now);
    void cancel();                    // Escape, a game over: nothing held, nothing selected
    void letGo() { m_drag.cancel(); } // a resize, the focus lost: the held card goes home
    // After the table changed under it: a held card that left the hand is let go.
    void dropStale(const MatchDriver& match);

    const DragController& drag() const { return m_drag; }
    const std::optional<int>& selectedSlot() const { return m_selectedSlot; }
    // Two players on one keyboard: the card the top player chose by key.
    const std::optional<int>& otherSelectedSlot() const { return m_otherSelectedSlot; }
    bool dumpLayout() const { return m_dumpLayout; }
    // The local player's moves the match took since the last call, in a player's words.
    std::vector<std::string> takePlayedWords() { return std::exchange(m_playedWords, {}); }
    // What the player's hands did that may be heard, since the last call, in order.
    std::vector<sound::TableSound> takeSounds() { return std::exchange(m_sounds, {}); }

private:
    bool allowed(const MatchDriver& match) const;
    // Two players on one keyboard: each player's own keys (app/HotseatKeys.hpp).
    bool hotseatKey(MatchDriver& match, sf::Keyboard::Key key, TimeMs now);
    std::optional<int>& selectedOf(const MatchDriver& match, int seat);
    void playSelected(MatchDriver& match, int seat, std::optional<int> pile, TimeMs now);
    void refillFirstEmpty(MatchDriver& match, int seat, TimeMs now);
    bool commit(MatchDriver& match, const Move& move, std::optional<FlightStart> start, TimeMs now);

    const TableLayout& m_layout;
    TableMotion& m_motion;
    DragController m_drag;
    std::optional<int> m_selectedSlot;
    std::optional<int> m_otherSelectedSlot; // the other seat's, when it is played here too
    std::optional<Point> m_pointer; // where the pointer was last seen over the window
    bool m_botPlays = false;
    bool m_dumpLayout = false;
    std::vector<std::string> m_playedWords;
    std::vector<sound::TableSound> m_sounds;
};

// The table in the log after it changed (debug), and the playable moves (with --dump-layout).
void logTable(const MatchDriver& match, bool dumpLayout);

} // namespace speed::client
