#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The card decks: their choice in Settings, and what the window says when a deck cannot be used.
const Words kCardWords[] = {
    {"cards.auto", "Automatic ({})", "自動（{}）"},
    {"cards.built_in", "Built-in (drawn by the game)", "内蔵（ゲームが描くカード）"},
    {"cards.four_colour", "four colours", "4色"},
    {"cards.from", "from {}", "{}のデッキ"},
    {"cards.none_installed", "No card deck is installed (gnome-cards-data, kdegames-card-data-kf5): the game draws its own cards",
     "カードデッキがインストールされていません（gnome-cards-data、kdegames-card-data-kf5）。ゲームが描くカードを使います"},
    {"cards.not_installed", "No deck named \"{}\" is installed: showing {}",
     "「{}」という名前のデッキはインストールされていません。{}を表示します"},
    {"cards.cannot_draw", "The deck {} cannot be drawn ({}): the game draws its own cards",
     "デッキ{}を描けません（{}）。ゲームが描くカードを使います"},
    {"cards.no_joker", "The deck {} has no joker: the game draws that card", "デッキ{}にはジョーカーがありません。ジョーカーはゲームが描きます"},
    {"cards.not_kept", "Drawn decks are not kept for the next start: {}", "描いたデッキを次回のために保存できません：{}"},
    {"cards.loading", "Drawing the cards...", "カードを描いています…"},
    {"cards.back_own", "The deck's own back", "デッキ自身の裏面"},
    {"cards.back_built_in", "Built-in back (drawn by the game)", "内蔵の裏面（ゲームが描く）"},
    {"cards.back_of", "The back of {}", "{}の裏面"},
    {"cards.back_not_installed", "No deck named \"{}\" is installed: the cards show their deck's own back",
     "「{}」という名前のデッキはインストールされていません。デッキ自身の裏面を使います"},
};

} // namespace

std::span<const Words> cardWords() { return kCardWords; }

} // namespace speed::client
