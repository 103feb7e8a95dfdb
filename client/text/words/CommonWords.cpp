#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// Words many parts of the window share: the title, the languages, units.
const Words kCommonWords[] = {
    {"window.title", "スピード — Speed", "スピード — Speed"},
    {"language.auto", "as the system (LANG)", "システムに合わせる（LANG）"},
    {"language.en", "English", "English（英語）"},
    {"language.ja", "日本語 (Japanese)", "日本語"},
    {"common.close", "Close", "閉じる"},
    {"common.cancel", "Cancel", "キャンセル"},
    // The CPU levels (setup.ini's words stay English) and the bots the player meets at each.
    {"level.novice", "novice", "入門"},
    {"level.easy", "easy", "かんたん"},
    {"level.casual", "casual", "やや易しい"},
    {"level.normal", "normal", "ふつう"},
    {"level.hard", "hard", "むずかしい"},
    {"level.expert", "expert", "達人"},
    {"level.max", "max (test bot)", "最速（試験用ボット）"},
    {"bot.novice", "Hana", "ハナ"},
    {"bot.easy", "Sora", "ソラ"},
    {"bot.casual", "Kaito", "カイト"},
    {"bot.normal", "Yui", "ユイ"},
    {"bot.hard", "Ren", "レン"},
    {"bot.expert", "Takumi", "タクミ"},
    {"bot.max", "CPU", "CPU"},
    {"bot.title", "{} ({})", "{}（{}）"},
    // The window's own lines in the game log.
    {"window.you", "You", "あなた"},
    {"window.log.not_played", "Not played: {}", "出せませんでした：{}"},
    {"window.log.notice_reason", "{}: {}", "{}：{}"},
    {"window.log.peer_back", "{} is back", "{}が戻りました"},
    {"window.log.peer_rejoined", "{0} joined: game {1} goes on", "{0}が参加しました：第{1}ゲームを続けます"},
    {"window.log.game_won", "Game {}: you won in {}", "第{}ゲーム：あなたの勝ち（{}）"},
    {"window.log.game_lost", "Game {}: you lost in {}", "第{}ゲーム：あなたの負け（{}）"},
    {"window.log.hotseat_won", "Game {}: {} won in {}", "第{}ゲーム：{}の勝ち（{}）"},
    {"window.log.game_drawn", "Game {}: a draw in {}", "第{}ゲーム：引き分け（{}）"},
    {"window.stats.not_kept", "statistics are not kept for now: {}", "今は成績を記録できません：{}"},
    {"window.stats.not_counted", "this game was not counted: {}", "このゲームは成績に記録されませんでした：{}"},
    {"window.stats.unreadable", "cannot read the statistics: {}", "成績を読み込めません：{}"},
    // Why, for each kind of problem: the file or folder, then the system's words (because).
    {"window.stats.cannot_create_folder", "cannot create the data folder {}", "データフォルダー{}を作れません"},
    {"window.stats.cannot_use_folder", "the data folder {} cannot be read or written",
     "データフォルダー{}を読み書きできません"},
    {"window.stats.locked", "the statistics file {} is locked by another program",
     "成績ファイル{}はほかのプログラムが使用中です"},
    {"window.stats.not_a_database", "the statistics file {} is not a database",
     "成績ファイル{}はデータベースではありません"},
    {"window.stats.damaged", "the statistics file {} is damaged", "成績ファイル{}は壊れています"},
    {"window.stats.newer", "the statistics file {} was written by a newer version of the program",
     "成績ファイル{}は新しいバージョンのプログラムで書かれています"},
    {"window.stats.not_statistics", "{} holds something that is not this program's statistics",
     "{}にはこのプログラムの成績ではないものが入っています"},
    {"window.stats.cannot_open", "cannot open the statistics file {}", "成績ファイル{}を開けません"},
    {"window.stats.cannot_write", "cannot write the statistics file {}", "成績ファイル{}に書き込めません"},
    {"window.stats.cannot_read", "cannot read the statistics file {}", "成績ファイル{}を読めません"},
    {"window.stats.because", "{0}: {1}", "{0}（{1}）"},
    {"window.language_fallback", "Japanese needs the fonts-noto-cjk package: the window speaks English",
     "日本語の表示には fonts-noto-cjk パッケージが必要です"},
    {"window.font_missing", "the font {0} is missing (package {1}): the words are drawn in {2}",
     "フォント {0} がありません（{1} パッケージ）。文字は {2} で表示します"},
};

} // namespace

std::span<const Words> commonWords() { return kCommonWords; }

} // namespace speed::client
