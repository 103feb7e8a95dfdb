#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The Help dialog.
const Words kHelpWords[] = {
    {"help.title", "Help", "ヘルプ"},
    {"help.tab.how_to_play", "How to play", "遊び方"},
    {"help.tab.lan", "Play on the LAN", "LANで遊ぶ"},
    {"help.tab.keys", "Keys", "キー操作"},
    {"help.tab.about", "About", "このプログラムについて"},
    // How to play: the rules in short.
    {"help.rules.intro",
     "Speed is a race: both players play at the same time, nobody waits for a turn. Be the first to get rid of "
     "all your cards.",
     "スピードは速さを競うゲームです。二人が同時にカードを出し、順番を待つことはありません。先に自分のカードを"
     "すべて出し切った方が勝ちです。"},
    {"help.rules.drag",
     "Drag one of your face-up hand cards onto a field pile whose top is one rank above or below it (K and A are "
     "neighbours; a joker goes on anything and anything goes on a joker).",
     "表向きの手札のカードを台札へドラッグして出します。出せるのは、台札のいちばん上のカードより一つ上か下の数の"
     "カードです（KとAはつながっています。ジョーカーはどのカードの上にも出せ、ジョーカーの上にはどのカードでも"
     "出せます）。"},
    {"help.rules.click", "A click plays the card on the first pile that takes it.",
     "カードをクリックすると、出せる最初の台札に出します。"},
    {"help.rules.refill",
     "Refill an empty hand slot from your deck: drag the deck onto it, or click the slot or the deck.",
     "空いた手札の枠には山札から補充します：山札を枠へドラッグするか、枠か山札をクリックします。"},
    {"help.rules.speed", "When neither side can play, \"SPEED!\" shows and both decks turn a card onto the field.",
     "どちらも出せなくなると「スピード！」と表示され、両方の山札から1枚ずつ台札へめくります。"},
    {"help.rules.win", "The first to empty hand and deck wins. Only the piles where a card may go light up.",
     "手札と山札を先に空にした方が勝ちです。カードを出せる台札だけが光ります。"},
    // How to play: the labels of the picture of the table.
    {"help.diagram.their_side", "their hand and deck", "相手の手札と山札"},
    {"help.diagram.field", "field piles", "台札"},
    {"help.diagram.your_hand", "your hand", "あなたの手札"},
    {"help.diagram.your_deck", "(deck on the left)", "（山札は左）"},
    // Playing on the LAN.
    {"help.lan.intro", "Two computers on the same network (the same Wi-Fi or wired LAN), each running Speed.",
     "同じネットワーク（同じWi-Fiか有線LAN）につながった2台のコンピューターで、それぞれスピードを起動します。"},
    {"help.lan.host",
     "On the first computer choose \"Host a game\" on the start screen. It shows this computer's addresses (for "
     "example 192.168.1.20) and the UDP port (50001 unless setup.ini says otherwise). Read one out to your friend, "
     "or Copy it into a message.",
     "1台目では、スタート画面で「ゲームを開く」を選びます。このコンピューターのアドレス（例：192.168.1.20）と"
     "UDPポート（setup.ini で変えていなければ 50001）が表示されます。そのひとつを友だちに読み上げるか、コピーして"
     "メッセージで送ります。"},
    {"help.lan.join",
     "On the second computer type that address into \"Join the host at\" and press Join (or Enter). The address "
     "is remembered as setup.ini's peer, so next time Join is already filled in.",
     "2台目では、そのアドレスを参加先の欄に入力して「参加」（または Enter）を押します。アドレスは setup.ini の "
     "peer として覚えられるので、次からは入力済みです。"},
    {"help.lan.port",
     "Both computers must use the same port ([network] port in Settings). A different port is typed as "
     "address:port, e.g. 192.168.1.20:50002.",
     "2台とも同じポートを使ってください（設定の [network] port）。別のポートは「アドレス:ポート」の形で入力します"
     "（例：192.168.1.20:50002）。"},
    {"help.lan.firewall",
     "If Join waits and nobody answers: the host's firewall may drop UDP. Allow UDP on that port (for example: "
     "sudo ufw allow 50001/udp), or try the other address the host shows.",
     "参加しても待機中のまま応答がないときは、ホスト側のファイアウォールがUDPを捨てているのかもしれません。そのポートの"
     "UDPを許可する（例：sudo ufw allow 50001/udp）か、ホストに表示された別のアドレスを試してください。"},
    {"help.lan.port_taken",
     "If the host says another program uses the port, close that program or pick another port in Settings on both "
     "computers.",
     "ポートを別のプログラムが使っているとホストに表示されたら、そのプログラムを閉じるか、2台とも設定で別のポートを"
     "選んでください。"},
    {"help.lan.password",
     "A password in Settings ([network] password) keeps others on the network out: both must type the same one.",
     "設定でパスワード（[network] password）を決めると、同じネットワークの他の人は入れません。2台とも同じパスワードを"
     "入力してください。"},
    {"help.lan.reconnect",
     "If a window closes or the network drops, the match waits for the other player to come back (the countdown "
     "shows how long); start Speed again to return to your seat.",
     "ウィンドウが閉じたりネットワークが切れたりすると、対戦は相手が戻るのを待ちます（待てる残り時間はカウントダウンで"
     "表示されます）。スピードをもう一度起動すれば、自分の席に戻れます。"},
    {"help.lan.fair",
     "When both players go for the same pile at once, the card played first wins, by the two computers' shared "
     "clock: hosting gives no advantage. A lost race says by how much the other card was earlier. (With "
     "arbitration = first-arrival in Settings, the card that reaches the host first wins instead.)",
     "2人が同時に同じ台札へ出したときは、2台の時計を合わせて先に出したカードが勝ちます。ホストになっても有利には"
     "なりません。競り負けたときは、相手のカードがどれだけ早かったかが表示されます。（設定の「早い者の判定」を"
     "first-arrival にすると、ホストに先に届いたカードが勝ちます。）"},
    // Keys: the names of keys that are words, then what each key does.
    {"help.keys.left_right", "Left / Right", "← / →"},
    {"help.keys.up_enter", "Up, Enter", "↑、Enter"},
    {"help.keys.refill_keys", "D, Down, Space", "D、↓、Space"},
    {"help.keys.navigate_keys", "Tab, arrows, Space", "Tab、矢印キー、Space"},
    {"help.keys.mouse", "Mouse", "マウス"},
    {"help.keys.select", "select a hand slot (its legal piles light up)", "手札の枠を選ぶ（出せる台札が光ります）"},
    {"help.keys.play_side", "play the selected card on the left / right pile", "選んだカードを左 / 右の台札に出す"},
    {"help.keys.play_first", "play it on the first pile that takes it", "出せる最初の台札に出す"},
    {"help.keys.refill", "refill the first empty slot from your deck", "最初の空いた枠を山札から補充する"},
    {"help.keys.next_game", "next game, once this one is over (a click on the table too)",
     "ゲームが終わったら次のゲームへ（テーブルをクリックしても同じ）"},
    {"help.keys.pause", "pause / resume", "一時停止 / 再開"},
    {"help.keys.escape", "close the dialog on top; else drop the selection or the card being dragged",
     "いちばん手前のダイアログを閉じる。ダイアログがなければ、選択やドラッグ中のカードを取り消す"},
    {"help.keys.reconnect", "after a network match ended: connect again", "ネットワーク対戦が終わった後：もう一度接続する"},
    {"help.keys.waiting", "while waiting for the other player: play the CPU instead / back to the start screen",
     "相手を待っている間：代わりにCPUと対戦 / スタート画面に戻る"},
    {"help.keys.log", "show / hide the game log", "ゲームログの表示 / 非表示"},
    {"help.keys.sound", "sound on / off (setup.ini's [player] sound and volume say how it starts)",
     "効果音のオン / オフ（起動時は setup.ini の [player] sound と volume のとおり）"},
    {"help.keys.fullscreen", "fullscreen on / off (also Settings > Fullscreen)",
     "フルスクリーンのオン / オフ（設定 > フルスクリーン でも切り替えられます）"},
    {"help.keys.help", "this help", "このヘルプ"},
    {"help.keys.quit", "quit", "終了"},
    {"help.keys.start_screen", "start screen: play the CPU / host a game / type the address to join",
     "スタート画面：CPUと対戦 / ゲームを開く / 参加先のアドレスを入力"},
    {"help.keys.navigate", "start screen and dialogs: move between the buttons and fields, press one",
     "スタート画面とダイアログ：ボタンや入力欄の間を移動し、押す"},
    {"help.keys.drag", "drag a card past 4 px to carry it; release on a lit pile to play it",
     "カードを4ピクセル以上ドラッグすると持ち上がり、光っている台札の上で放すと出せます"},
    {"help.keys.hotseat_bottom",
     "two players on one keyboard (2 on the start screen), Player 1 (bottom): choose a card (the keys are on the table), "
     "put it on the left / right pile, refill",
     "二人で一つのキーボード（スタート画面で 2）、プレイヤー1（下）：カードを選ぶ（キーは場に表示）、左 / 右の台札に出す、補充する"},
    {"help.keys.hotseat_top", "Player 2 (top): the same, on the right of the keyboard; the mouse plays either hand",
     "プレイヤー2（上）：同じ操作をキーボードの右側で。マウスはどちらの手札も動かせます"},
    {"help.keys.typing", "While you type in a dialog the keys go to the dialog, not to the table.",
     "ダイアログで入力している間、キーはテーブルではなくダイアログに届きます。"},
    // About.
    {"help.about.program",
     "Speed, the real-time two-player card game, over UDP. The table is drawn with SFML 2.5; menus and dialogs "
     "with Dear ImGui {0}; text in {1}, Japanese text in {2}.",
     "スピード：UDPで遊ぶ、二人対戦のリアルタイムのカードゲームです。テーブルの描画はSFML 2.5、メニューと"
     "ダイアログはDear ImGui {0}、文字は{1}、日本語の文字は{2}です。"},
    {"help.about.no_japanese", "no font (none was found)", "なし（フォントが見つかりません）"},
    {"help.about.where",
     "Settings live in setup.ini (Settings menu); the network trace (Settings menu) shows every datagram of a "
     "network match; Game > Network measurement times probes to the host.",
     "設定は setup.ini に保存されます（設定メニュー）。通信トレース（設定メニュー）にはネットワーク対戦のすべての"
     "データグラムが表示されます。ゲーム > ネットワーク測定 では、ホストへのプローブの往復時間を測ります。"},
};

} // namespace

std::span<const Words> helpWords() { return kHelpWords; }

} // namespace speed::client
