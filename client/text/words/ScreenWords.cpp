#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The start screen, the table's labels and the overlay's panels.
const Words kScreenWords[] = {
    // Words the start screen and the menu bar share.
    {"screen.play_cpu", "Play vs CPU", "CPUと対戦"},
    {"screen.measure_dots", "Network measurement ...", "ネットワーク測定 ..."},
    {"screen.statistics_dots", "Statistics ...", "成績 ..."},
    {"screen.help", "Help", "ヘルプ"},
    {"screen.quit", "Quit", "終了"},

    // The start screen: title, retry and the row of buttons at the bottom.
    {"screen.start.title", "Speed", "スピード"},
    {"screen.start.tagline", "the real-time card game for two", "二人で遊ぶリアルタイムのカードゲーム"},
    {"screen.start.retry", "Connect again (R)", "もう一度接続（R）"},
    {"screen.start.settings", "Settings ...", "設定 ..."},
    {"screen.start.keys",
     "Keys: arrows move, Space presses; T learns to play, C plays the CPU, 2 two players, H hosts a game, J types the address to join",
     "キー：矢印で移動、Space で押す\nT：遊び方を覚える、C：CPUと対戦、2：二人で対戦、H：ゲームを開く、J：参加するアドレスを入力"},
    // The start screen: Play vs CPU and its ladder of opponents.
    {"screen.cpu.heading", "Play against the computer", "コンピューターと対戦"},
    {"screen.cpu.ladder", "the ladder, slowest first:", "相手（遅い順）："},
    // The start screen: Host a game.
    {"screen.host.heading", "Play with a friend on the LAN", "LAN で友だちと対戦"},
    {"screen.host.button", "Host a game", "ゲームを開く"},
    {"screen.host.port", "and your friend joins this computer at UDP port {}:",
     "友だちの参加先：このコンピューターの UDP ポート {}"},
    {"screen.host.no_address", "no LAN address found: is this computer on a network? (127.0.0.1 works on this machine)",
     "LAN のアドレスが見つかりません。このコンピューターはネットワークにつながっていますか？（このマシンの中なら 127.0.0.1 で遊べます）"},
    {"screen.host.copy", "Copy", "コピー"},
    {"screen.host.copied", "copied", "コピーしました"},
    // The start screen: Join.
    // The Join list: the hosts found on this LAN.
    {"screen.lan.title", "Hosts on this LAN (click one to join):", "このLANのホスト（クリックで参加）："},
    {"screen.lan.looking", "looking for hosts on port {} ... none yet: ask your friend to choose Host a game",
     "ポート{}でホストを探しています…まだ見つかりません。相手に「ゲームをホスト」を選んでもらってください"},
    {"screen.lan.cannot_look", "cannot look for hosts: {}", "ホストを探せません：{}"},
    {"screen.lan.waiting", "waiting", "待機中"},
    {"screen.lan.busy", "busy: in a match", "対戦中"},
    {"screen.lan.other_version", "another version: cannot join", "別のバージョン：参加できません"},
    {"screen.lan.needs_password", "this host needs a password", "このホストにはパスワードが必要です"},
    {"screen.lan.password_for", "{}'s password:", "{}のパスワード："},
    {"screen.join.label", "Join the host at", "参加先のアドレス"},
    {"screen.join.button", "Join", "参加"},
    {"screen.join.empty", "type the host's address, e.g. 192.168.1.20", "ホストのアドレスを入力してください（例：192.168.1.20）"},
    {"screen.join.bad", "{}", "このアドレスには参加できません（{}）"},
    // An address (HOST[:PORT]) that does not parse, wherever it was typed; the address as given
    // is quoted as it is. The English is the terminal's.
    {"address.empty", "empty address: expected HOST or HOST:PORT", "アドレスが空です：「ホスト」か「ホスト:ポート」と書いてください"},
    {"address.unclosed_bracket", "'[' without ']' in \"{}\"", "「{}」の '[' を閉じる ']' がありません"},
    {"address.after_bracket", "expected ':PORT' after ']' in \"{}\"", "「{}」の ']' の後ろには ':ポート' だけを書いてください"},
    {"address.empty_port", "empty port in \"{}\"", "「{}」のポート番号が空です"},
    {"address.empty_host", "empty host in \"{}\"", "「{}」のホスト名が空です"},
    {"address.bad_port", "bad port \"{}\": expected 1..65535", "ポート番号「{}」は使えません：1..65535 にしてください"},
    // ... and where it was written: --join (or the Join field), or setup.ini's peer.
    {"address.from_join", "--join: {}", "参加先のアドレス：{}"},
    {"address.from_setup_peer", "{0} peer: {1}", "{0} の相手のアドレス：{1}"},

    // The panel on the felt while a network match waits for the other player.
    {"screen.wait.play_cpu", "Play vs CPU instead (C)", "代わりにCPUと対戦（C）"},
    {"screen.wait.cancel", "Cancel (Esc)", "キャンセル（Esc）"},
    // The panel on the felt after a network game.
    {"screen.rematch.button", "Rematch (N)", "再戦（N）"},
    {"screen.rematch.asked", "Rematch asked", "再戦を希望しました"},
    {"screen.rematch.leave", "Leave", "退出"},

    // The table: labels under each player's cards, the clock and the SPEED! call.
    {"screen.table.cards_left_one", "{}   ·   {} card left", "{}   ·   残り{}枚"},
    {"screen.table.cards_left", "{}   ·   {} cards left", "{}   ·   残り{}枚"},
    {"screen.table.ready", "Ready", "準備完了"},
    // Above the status bar's speaker, for a moment after M or a click on it.
    {"screen.sound.on", "Sound on", "効果音オン"},
    {"screen.sound.off", "Sound off", "効果音オフ"},
    {"screen.sound.no_device", "No audio device: the game plays silently", "オーディオ機器がありません：音なしで遊びます"},
    {"screen.table.time", "TIME", "タイム"},
    {"screen.table.next_game", "N or click: next game", "N かクリック：次のゲーム"},
    {"screen.table.speed", "SPEED!", "スピード！"},
    // The table: the banner at the end of a game and while paused.
    {"screen.banner.win", "YOU WIN!", "あなたの勝ち！"},
    {"screen.banner.lose", "YOU LOSE", "あなたの負け"},
    {"screen.banner.draw", "DRAW", "引き分け"},
    {"screen.banner.won_in", "You won in {}   ·   {}", "タイム {} で勝ち   ·   {}"},
    {"screen.banner.lost_in", "You lost in {}   ·   {}", "タイム {} で負け   ·   {}"},
    {"screen.banner.draw_in", "A draw in {}   ·   {}", "タイム {} で引き分け   ·   {}"},
    {"screen.banner.paused", "PAUSED", "一時停止"},
    {"screen.banner.resume", "press P to resume", "P で再開"},
    // The table: the status bar's key hints while a game is played.
    {"screen.hint.drag", "drag or click a card", "カードをドラッグかクリック"},
    {"screen.hint.play", "1-{} + ←/→ play", "1-{} + ←/→ で出す"},
    {"screen.hint.refill", "D draw", "D 補充"},
    {"screen.hint.pause", "P pause", "P 一時停止"},
    {"screen.hint.help", "F1 help", "F1 ヘルプ"},
    // Two players on one keyboard: the start screen's button and the result's banner.
    {"screen.hotseat.button", "Two players (one keyboard)", "二人で対戦（一つのキーボード）"},
    {"screen.hotseat.hint", "2: two people play on this keyboard; each player's keys are shown on the table",
     "2：このキーボードで二人が対戦します。それぞれのキーは場に表示されます"},
    {"screen.hint.hotseat", "each player's keys: on the table", "それぞれのキー：場に表示"},
    {"screen.hotseat.wins", "{} WINS!", "{}の勝ち！"},
    {"screen.hotseat.won_in", "{} won in {}   ·   {}", "{}がタイム {} で勝ち   ·   {}"},
    // The result panel after a game against the CPU: the result, the time, the best time against
    // that opponent (its name), and what next.
    {"screen.result.won", "You won!", "勝ちました！"},
    {"screen.result.lost", "You lost", "負けました"},
    {"screen.result.draw", "A draw", "引き分け"},
    {"screen.result.time", "in {}", "タイム {}"},
    {"screen.result.first_win", "Your first win against {}!", "{}に初めて勝ちました！"},
    {"screen.result.new_best", "A new best against {}! (it was {})", "{}相手の最速記録を更新！（これまで {}）"},
    {"screen.result.best", "Your best against {}: {}", "{}相手の最速記録：{}"},
    {"screen.result.no_win_yet", "No win against {} yet", "{}にはまだ勝っていません"},
    {"screen.result.next_game", "Next game (N)", "次のゲーム（N）"},
    {"screen.result.next_rung", "Next rung: {}", "次の相手：{}"},
    {"screen.result.change_opponent", "Change opponent", "相手を変える"},
    {"screen.result.menu", "Menu", "メニュー"},
    // The start screen after a network match: what connecting again does.
    {"screen.start.host_again", "Host again (R)", "もう一度ホストする（R）"},
    {"screen.start.host_again_hint", "waits on UDP port {} for a player", "UDPポート{}で相手を待ちます"},
    {"screen.start.join_again", "Join {} again (R)", "{}にもう一度参加（R）"},
    // The start screen: a match this machine hosted that still waits for its player.
    {"screen.resume.waiting", "Your match with {} is waiting", "{}との対戦が待っています"},
    {"screen.resume.waiting_game", "Your match with {0} is waiting (game {1})", "{0}との対戦（第{1}ゲーム）が待っています"},
    {"screen.resume.button", "Resume", "再開"},
    {"screen.resume.dismiss", "Give it up", "やめる"},
    {"screen.resume.hint", "Resume hosts it again on UDP port {0}, where {1}'s window comes back to it.",
     "再開するとUDPポート{0}で再びホストし、{1}のウィンドウがそこに戻ってきます。"},
    {"screen.resume.given_up",
     "The match with {0} is given up. If {0}'s window comes back, it is told the match is gone and joins as a new player.",
     "{0}との対戦をやめました。{0}のウィンドウが戻ってきたら、対戦がなくなったことが伝えられ、新しい相手として参加します。"},
};

} // namespace

std::span<const Words> screenWords() { return kScreenWords; }

} // namespace speed::client
