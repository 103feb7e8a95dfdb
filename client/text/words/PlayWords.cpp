#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The status bar, banners, refusals, moves, connection words and game states (the CPU levels and
// the bots are in CommonWords.cpp).
const Words kPlayWords[] = {
    // The status bar's pill: the state of the game in a word or two.
    {"play.state.ready", "Ready", "準備完了"},
    {"play.state.waiting", "Waiting", "待機中"},
    {"play.state.connected", "Connected", "接続済み"},
    {"play.state.measuring", "Measuring", "測定中"},
    {"play.state.playing", "Playing", "対戦中"},
    {"play.state.paused", "Paused", "一時停止"},
    {"play.state.won", "You won", "あなたの勝ち"},
    {"play.state.draw", "Draw", "引き分け"},
    {"play.state.lost", "You lost", "あなたの負け"},
    {"play.state.game_over", "Game over", "ゲーム終了"},
    {"play.state.no_game", "No game", "ゲームなし"},
    {"play.state.joining", "Joining", "参加中"},
    {"play.state.start", "Start", "スタート"},
    // The status bar's sentence after the pill.
    {"play.status.versus", "vs {}", "{}と対戦"},
    {"play.status.game", "game {}", "第{}ゲーム"},
    {"play.status.resume", "P: resume", "P：再開"},
    {"play.status.choose_game", "choose a game", "ゲームを選んでください"},
    // Over the clock.
    {"play.clock.time", "TIME", "時間"},
    {"play.clock.wait", "WAIT", "待機"},
    // The players' names on the table, the score under the clock, the next game.
    {"play.you", "You", "あなた"},
    {"play.scene.you_bot", "You (bot {})", "あなた（ボット：{}）"},
    {"play.scene.level_max", "max", "最速"},
    {"play.scene.level_idle", "idle", "動かない"},
    {"play.scene.score", "You {} – {} {}", "あなた {} – {} {}"},
    {"play.hint.next_game", "N or click: next game", "N かクリック：次のゲーム"},
    {"play.rematch.both", "both chose Rematch: dealing", "二人とも再戦を選びました：配っています"},
    {"play.rematch.waiting", "waiting for {} to choose Rematch", "{}が再戦を選ぶのを待っています"},
    {"play.rematch.theirs", "{} wants a rematch · N: rematch", "{}が再戦を希望しています · N：再戦"},
    {"play.rematch.hint", "N: rematch", "N：再戦"},
    // Why a move did not go, beside the card.
    {"play.refusal.held", "wait: your last move is still on its way", "待って：前の手がまだ届いていません"},
    {"play.refusal.not_dealt", "no game is being played", "ゲームが始まっていません"},
    {"play.refusal.paused", "the game is paused", "一時停止中です"},
    {"play.refusal.flip_for_both", "the flip is made for both of you", "めくりは二人同時に行われます"},
    {"play.refusal.not_adjacent", "only one rank up or down", "一つ上か下の数だけ出せます"},
    {"play.refusal.pile_empty", "wait for the SPEED! flip", "スピード！のめくりを待ってください"},
    {"play.refusal.slot_full", "that slot is full", "その手札の枠は埋まっています"},
    {"play.refusal.deck_empty", "your deck is empty", "山札がありません"},
    {"play.refusal.game_over", "the game is over", "ゲームは終わりました"},
    {"play.refusal.card_moved", "that card has moved", "そのカードはもう動いています"},
    {"play.refusal.not_stalemate", "a move is still possible", "まだ出せる手があります"},
    {"play.refusal.bad_seat", "no such seat", "その席はありません"},
    {"play.refusal.bad_slot", "no such hand slot", "その手札の枠はありません"},
    {"play.refusal.bad_pile", "no such field pile", "その台札はありません"},
    {"play.refusal.too_late", "too late: the other player was first", "遅すぎました：相手が先に出しました"},
    {"play.refusal.no_pile", "no pile takes this card now", "今このカードを出せる台札はありません"},
    // A lost race: who took the pile, and by how much (ms).
    {"play.race.earlier", "{} was {} ms earlier", "{}の方が {} ms 早かった"},
    {"play.race.came_first", "{}'s card came first, though you were {} ms earlier", "{}のカードが先に届きました（あなたの方が {} ms 早かった）"},
    // The moves, for the game log.
    {"play.move.played", "{0} played {1} on {2}", "{0}が{2}に{1}を出しました"},
    {"play.move.refilled", "{} refilled a slot", "{}が手札を補充しました"},
    {"play.move.flip", "SPEED! Both decks flip: {} and {}", "スピード！両方の山札からめくり：{}と{}"},
    {"play.move.moved", "{} moved", "{}が動きました"},
    {"play.move.empty_pile", "an empty pile", "空の台札"},
    {"play.card.joker", "Joker", "ジョーカー"},
    // The network match: waiting, joining, a silent window, the banners.
    {"play.conn.the_other_player", "the other player", "相手"},
    {"play.conn.window_silent", "{}'s window stopped answering", "{}のウィンドウが応答しません"},
    {"play.conn.their_window_silent", "the other player's window stopped answering", "相手のウィンドウが応答しません"},
    {"play.conn.time_left", "{} left", "残り{}"},
    {"play.conn.on_port", "on UDP port {}", "UDPポート{}"},
    {"play.conn.local_host", "the host on this computer, port {}", "このコンピューターのホスト（ポート{}）"},
    {"play.conn.host_at", "the host at {}", "{}のホスト"},
    {"play.conn.on_port_no_host", "on UDP port {0} (no host answered at {1})", "UDPポート{0}（{1}のホストは応答なし）"},
    {"play.conn.looking_local", "looking for the host on this computer, port {}",
     "このコンピューターのホストを探しています（ポート{}）"},
    {"play.conn.looking_host", "looking for the host at {}", "{}のホストを探しています"},
    {"play.conn.for_a_player", "for a player", "相手を待っています"},
    {"play.conn.waiting_left", "waiting {}", "あと{}待ちます"},
    {"play.conn.game_waits", "the game waits {} for it", "ゲームはあと{}待ちます"},
    {"play.conn.coming_back", "asking to come back", "復帰を申し込んでいます"},
    {"play.conn.play_again", "R: play again", "R：もう一度対戦"},
    {"play.conn.try_again", "R: try again", "R：もう一度接続"},
    {"play.conn.match_over", "Match over", "対戦終了"},
    {"play.conn.waiting_for_player", "Waiting for a player", "相手を待っています"},
    {"play.conn.friend_joins", "your friend joins {}", "友だちの参加先：{}"},
    {"play.conn.last_match", "last match: {}", "前回の対戦：{}"},
    {"play.conn.playing", "Playing {}", "{}と対戦中"},
    {"play.conn.dealing_first", "dealing the first game", "最初のゲームを配っています"},
    {"play.conn.deals_first", "{} deals the first game", "{}が最初のゲームを配っています"},
    {"play.conn.waiting_other", "waiting for the other player", "相手を待っています"},
    {"play.conn.no_opponent", "no opponent", "相手なし"},
    // How a network match ended.
    {"play.end.left", "the other player left", "相手が退出しました"},
    {"play.end.their_games_played", "the other player played their games and ended the match",
     "相手が予定のゲームを終えて対戦を終了しました"},
    {"play.end.their_program_stopped", "the other player's program was stopped", "相手のプログラムが停止しました"},
    {"play.end.other_version", "the other player's Speed is another version", "相手のスピードは別のバージョンです"},
    {"play.end.they_ended", "the other player ended the match", "相手が対戦を終了しました"},
    {"play.end.games_played", "the games are played", "予定のゲームがすべて終わりました"},
    {"play.end.you_ended", "you ended the match", "あなたが対戦を終了しました"},
    {"play.end.peer_lost", "the other window stopped answering", "相手のウィンドウが応答しなくなりました"},
    {"play.end.ended", "the match ended", "対戦が終わりました"},
    // Why there is no network game.
    {"play.fail.network_error", "network error: {}", "ネットワークエラー：{}"},
    {"play.fail.port_taken",
     "UDP port {} is used by another program (no Speed host answers there): close it, or choose another port in "
     "Settings",
     "UDPポート{}は別のプログラムが使っています（スピードのホストは応答しません）：そのプログラムを閉じるか、"
     "設定で別のポートを選んでください"},
};

} // namespace

std::span<const Words> playWords() { return kPlayWords; }

} // namespace speed::client
