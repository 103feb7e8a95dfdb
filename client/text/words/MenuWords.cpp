#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The menu bar, the game log and the network trace.
const Words kMenuWords[] = {
    // The Game menu.
    {"menu.game", "Game", "ゲーム"},
    {"menu.game.next_game", "Next game", "次のゲーム"},
    {"menu.game.start_next_game", "Start next game", "次のゲームを始める"},
    {"menu.game.pause", "Pause", "一時停止"},
    {"menu.game.resume", "Resume", "再開"},
    {"menu.game.play_cpu", "Play vs CPU", "CPUと対戦"},
    {"menu.game.play_cpu_leaves", "Play vs CPU (leaves the network match)", "CPUと対戦（ネットワーク対戦から退出）"},
    {"menu.game.two_players", "Two players (one keyboard)", "二人で対戦（一つのキーボード）"},
    {"menu.game.two_players_leaves", "Two players (leaves the network match)", "二人で対戦（ネットワーク対戦から退出）"},
    {"menu.game.start_screen", "Start screen", "スタート画面"},
    {"menu.game.statistics", "Statistics ...", "成績 ..."},
    {"menu.game.measure", "Network measurement ...", "ネットワーク測定 ..."},
    {"menu.game.quit", "Quit", "終了"},
    // The Settings menu.
    {"menu.settings", "Settings", "設定"},
    {"menu.settings.edit", "All settings ...", "すべての設定 ..."},
    {"menu.settings.game_log", "Game log", "ゲームログ"},
    {"menu.settings.sound", "Sound", "効果音"},
    {"menu.settings.sound_no_device", "Sound (no audio device)", "効果音（オーディオ機器なし）"},
    {"menu.settings.fullscreen", "Fullscreen", "フルスクリーン"},
    {"menu.settings.trace", "Network trace ...", "通信トレース ..."},
    // The Help menu.
    {"menu.help", "Help", "ヘルプ"},
    {"menu.help.how_to_play", "How to play", "遊び方"},
    {"menu.help.lan", "Play with a friend on the LAN", "LANで友だちと遊ぶ"},
    {"menu.help.keys", "Keys", "キー操作"},
    {"menu.help.about", "About", "このプログラムについて"},
    // The game log pane.
    {"menu.log.title", "Game log (L hides)", "ゲームログ（Lで隠す）"},
    {"menu.log.empty", "Plays, refills, SPEED! flips, refusals and connection news show here.",
     "出した手、補充、スピード！のめくり、無効な手、接続の知らせがここに出ます。"},
    // The network trace.
    {"menu.trace.title", "Network trace", "通信トレース"},
    {"menu.trace.empty_online", "No datagrams yet.", "まだデータグラムはありません。"},
    {"menu.trace.empty_offline",
     "No network traffic: no network match runs. In a network match every datagram sent and received shows "
     "here with its time.",
     "通信はありません：ネットワーク対戦をしていません。ネットワーク対戦では、送受信したすべてのデータグラムが"
     "時刻つきでここに出ます。"},
    {"menu.trace.sent", "-> sent", "-> 送信"},
    {"menu.trace.received", "<- received", "<- 受信"},
    {"menu.trace.lines", "{} lines", "{}行"},
    {"menu.trace.lines_dropped", "{} lines, {} older dropped", "{}行（古い{}行は削除済み）"},
};

} // namespace

std::span<const Words> menuWords() { return kMenuWords; }

} // namespace speed::client
