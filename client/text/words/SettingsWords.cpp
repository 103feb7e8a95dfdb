#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The Settings dialog and the setup.ini problem dialog.
const Words kSettingsWords[] = {
    // The Settings dialog: title, sections, buttons and what they say.
    {"settings.title", "Settings (setup.ini)", "設定（setup.ini）"},
    {"settings.section.network", "Network (applies at the next connection)", "ネットワーク（次の接続から反映）"},
    {"settings.section.player", "Player", "プレイヤー"},
    {"settings.section.rules", "Rules", "ルール"},
    {"settings.section.cpu", "CPU opponent", "CPUの相手"},
    {"settings.file_missing", "The file does not exist yet: these are the defaults; Save creates it.",
     "ファイルはまだありません。表示しているのは既定値で、保存するとファイルを作成します。"},
    {"settings.load_problem", "The file has a problem, the defaults are shown: {}", "ファイルに問題があるため、既定値を表示しています：{}"},
    {"settings.button.save", "Save", "保存"},
    {"settings.button.revert", "Revert", "元に戻す"},
    {"settings.show_password", "show", "表示"},
    {"settings.cannot_save", "fix the fields in red to save", "保存するには赤い欄を直してください"},
    {"settings.unsaved", "unsaved changes", "未保存の変更があります"},
    {"settings.reloaded", "reloaded {}", "{} を読み直しました"},
    {"settings.field.expected", "expected {}", "{}を指定してください"},
    {"settings.list_separator", ", ", "、"},
    {"settings.choice_separator", " / ", " / "},

    // The values of the keys with a fixed list of them, as the combo boxes show them (setup.ini
    // keeps its own words: on, shuffle, first-arrival ...).
    {"settings.choice.player.sound.on", "on", "オン"},
    {"settings.choice.player.sound.off", "off", "オフ"},
    {"settings.choice.rules.jokers.2", "2", "2枚"},
    {"settings.choice.rules.jokers.0", "0", "なし"},
    {"settings.choice.rules.deal.shuffle", "shuffle", "シャッフル"},
    {"settings.choice.rules.deal.colors", "colors", "赤と黒に分ける"},
    {"settings.choice.rules.refill.manual", "manual", "手動"},
    {"settings.choice.rules.refill.auto", "auto", "自動"},
    {"settings.choice.rules.arbitration.fair", "fair", "公平（出した順）"},
    {"settings.choice.rules.arbitration.first_arrival", "first-arrival", "先着（届いた順）"},

    // What Save says.
    {"settings.save.invalid", "not saved: correct the fields marked in red first", "保存していません：先に赤で示した欄を直してください"},
    {"settings.save.failed", "not saved: {}", "保存できませんでした：{}"},
    {"settings.save.not_read_back", "the result would not read back: {}", "保存した内容を読み戻せません：{}"},
    {"settings.save.no_folder", "cannot make the folder {0}: {1}", "フォルダー {0} を作れません：{1}"},
    {"settings.save.cannot_write", "cannot write {}", "{} に書き込めません"},
    {"settings.save.cannot_replace", "cannot replace {0}: {1}", "{0} を置き換えられません：{1}"},
    {"settings.save.done",
     "saved to {}. Network changes (peer, port, wait, grace, password, name) apply at the next connection; rules and CPU "
     "level at the next game against the CPU started from the Game menu; sound, volume and ui_scale at once, and the "
     "language as well.",
     "{} に保存しました。ネットワークの変更（相手のアドレス、ポート、待ち時間、猶予、パスワード、名前）は次の接続から、ルールと"
     "CPUのレベルはゲームメニューから始める次のCPU戦から、効果音・音量・表示の倍率と言語はすぐに反映されます。"},

    // Each setup.ini key: its label (English shows the key as setup.ini spells it), what it
    // accepts (English is the settings layer's own text) and what it is for (the tooltip).
    {"settings.key.network.peer", "peer", "相手のアドレス"},
    {"settings.expected.network.peer", "an IP address or host name (empty: only host)", "IPアドレスかホスト名（空欄：ホストのみ）"},
    {"settings.meaning.network.peer", "The other player's machine: joined first; if no host answers, this side hosts.",
     "相手のマシン：まずそこへ参加し、ホストが応答しなければこちらがホストになります。"},
    {"settings.key.network.port", "port", "ポート"},
    {"settings.expected.network.port", "a port number 1..65535", "1〜65535のポート番号"},
    {"settings.meaning.network.port", "The UDP port; both players use the same one.", "UDPのポート。両方のプレイヤーが同じものを使います。"},
    {"settings.key.network.wait", "wait", "待ち時間"},
    {"settings.expected.network.wait", "whole seconds 1..86400", "1〜86400の整数（秒）"},
    {"settings.meaning.network.wait", "Wait for the other player (s): how long to look for them before giving up.",
     "相手を待つ時間（秒）：あきらめるまで相手を探す長さです。"},
    {"settings.key.network.grace", "grace", "猶予"},
    {"settings.expected.network.grace", "whole seconds 5..3600", "5〜3600の整数（秒）"},
    {"settings.meaning.network.grace",
     "Grace for a dropped player (s): how long a match is kept while nothing is heard from the other player (a crash, "
     "a network drop) before it is given up.",
     "途切れた相手への猶予（秒）：相手から何も届かない間（異常終了や回線の切断）、対戦を打ち切らずに保つ長さです。"},
    {"settings.key.network.password", "password", "パスワード"},
    {"settings.expected.network.password", "up to 64 characters, no blank at an end or before ';' (empty: none)",
     "64文字まで。両端と ';' の前に空白は使えません（空欄：なし）"},
    {"settings.meaning.network.password", "The same on both sides, or empty for none.",
     "両方で同じものにします。空欄ならパスワードなしです。"},
    {"settings.key.player.name", "name", "名前"},
    {"settings.expected.player.name", "1..16 characters: letters, digits, '-', '_' or '.'",
     "1〜16文字：英字、数字、'-'、'_'、'.'"},
    {"settings.meaning.player.name", "Your name as the other player sees it.", "相手に見えるあなたの名前です。"},
    {"settings.key.player.sound", "sound", "効果音"},
    {"settings.expected.player.sound", "on or off", "on か off"},
    {"settings.meaning.player.sound", "The window's sound effects: on or off (M mutes and unmutes them while it runs).",
     "ウィンドウの効果音：オンかオフ（実行中は M でミュートと解除）。"},
    {"settings.key.player.volume", "volume", "音量"},
    {"settings.expected.player.volume", "a volume 0..100", "0〜100の音量"},
    {"settings.meaning.player.volume", "How loud the sound effects are, 0..100.", "効果音の音量（0〜100）。"},
    {"settings.key.player.ui_scale", "ui_scale", "表示の倍率"},
    {"settings.expected.player.ui_scale", "a factor 0.5..2 (1: as large as the window makes it)",
     "0.5〜2の倍率（1：ウィンドウの大きさのまま）"},
    {"settings.meaning.player.ui_scale",
     "How large menus, dialogs, the status bar and banners are: 1 as the window's size makes them, 1.5 half again as "
     "large.",
     "メニュー、ダイアログ、ステータスバー、バナーの大きさ：1 でウィンドウの大きさのまま、1.5 でその1.5倍。"},
    {"settings.key.player.language", "language", "言語"},
    {"settings.expected.player.language", "auto, ja or en (auto: from LANG)", "auto、ja、en のいずれか（auto：LANG に従う）"},
    {"settings.meaning.player.language", "The window's language: auto follows the system (LANG), ja is Japanese, en English.",
     "ウィンドウの言語：システム（LANG）に合わせるか、日本語か、英語です。"},
    {"settings.key.player.motion", "motion", "動き"},
    {"settings.expected.player.motion", "full or reduced (reduced: cards fade in place instead of flying)",
     "full か reduced（reduced：カードは飛ばずにその場で現れます）"},
    {"settings.meaning.player.motion",
     "How the cards move: full (they fly, turn over, and a win throws confetti) or reduced (they fade in where they land).",
     "カードの動き：あり（飛んで裏返り、勝つと紙吹雪）か控えめ（着く場所でふわっと現れます）。"},
    {"settings.motion.full", "full (cards fly and turn over)", "あり（カードが飛んで裏返る）"},
    {"settings.motion.reduced", "reduced (cards fade in place)", "控えめ（その場で現れる）"},
    {"settings.key.player.cards", "cards", "カード"},
    {"settings.expected.player.cards", "auto, built-in or a deck's name as speed --list-cards prints it",
     "auto、built-in、または speed --list-cards が表示するデッキの名前"},
    {"settings.meaning.player.cards",
     "The card deck of the table: one of the decks installed on this machine (gnome-cards-data, kdegames-card-data-kf5), "
     "automatic (Anglo when it is there), or the cards the game draws itself.",
     "テーブルのカードのデッキ：このコンピューターにあるデッキ（gnome-cards-data、kdegames-card-data-kf5）、"
     "自動（あれば Anglo）、またはゲームが描くカード。"},
    {"settings.key.rules.jokers", "jokers", "ジョーカー"},
    {"settings.expected.rules.jokers", "2 or 0", "2 か 0"},
    {"settings.meaning.rules.jokers", "Jokers in the pack.", "カードに入れるジョーカーの枚数。"},
    {"settings.key.rules.deal", "deal", "配り方"},
    {"settings.expected.rules.deal", "shuffle or colors", "shuffle か colors"},
    {"settings.meaning.rules.deal", "shuffle: a shuffled deck split in two; colors: one side all red, the other black.",
     "シャッフル：よく切ったカードを二つに分けます。赤と黒に分ける：片方が赤だけ、もう片方が黒だけです。"},
    {"settings.key.rules.hand", "hand", "手札の枠"},
    {"settings.expected.rules.hand", "a hand size 1..8", "1〜8の手札の枠の数"},
    {"settings.meaning.rules.hand", "Face-up hand slots per player.", "プレイヤーごとの表向きの手札の枠の数。"},
    {"settings.key.rules.refill", "refill", "補充"},
    {"settings.expected.rules.refill", "manual or auto", "manual か auto"},
    {"settings.meaning.rules.refill", "manual: drag your deck onto an empty slot; auto: an empty slot refills itself.",
     "手動：山札を空いた手札の枠へドラッグして補充します。自動：空いた枠は自動で補充されます。"},
    {"settings.key.rules.arbitration", "arbitration", "早い者の判定"},
    {"settings.expected.rules.arbitration", "fair or first-arrival", "fair か first-arrival"},
    {"settings.meaning.rules.arbitration",
     "Network games, the host decides. fair: when two cards go for one pile, the one played first wins, by "
     "the two computers' shared clock; first-arrival: the one that reaches the host first (the host's side "
     "wins more often).",
     "ネット対戦で、ホストが判定します。公平（出した順）：二枚のカードが同じ場に向かったとき、二台の時計を合わせて先に出した方が"
     "勝ちます。先着（届いた順）：ホストに先に届いた方が勝ちます（ホスト側が勝ちやすくなります）。"},
    {"settings.key.cpu.level", "level", "レベル"},
    {"settings.expected.cpu.level", "novice, easy, casual, normal, hard or expert",
     "novice、easy、casual、normal、hard、expert のいずれか"},
    {"settings.meaning.cpu.level", "The CPU opponent, slowest first: {}.", "CPUの相手（遅い順）：{}。"},

    // The setup.ini problem dialog.
    {"settings.problem.title", "setup.ini has a problem", "setup.ini に問題があります"},
    {"settings.problem.intro", "Speed could not use its settings file, so it started with the default settings.",
     "スピードは設定ファイルを使えなかったため、既定の設定で起動しました。"},
    {"settings.problem.file", "File", "ファイル"},
    {"settings.problem.line", "Line", "行"},
    {"settings.problem.key", "Key", "キー"},
    {"settings.problem.problem", "Problem", "問題"},
    {"settings.problem.expected_got", "expected {}, got \"{}\"", "{}を指定してください（書かれている値：\"{}\"）"},
    {"settings.problem.twice", "key given twice in this file", "このファイルで2回指定されています"},
    {"settings.problem.unreadable", "cannot be read", "読み込めません"},
    {"settings.problem.second_bom", "a second UTF-8 byte-order mark at the start of the file",
     "ファイルの先頭に UTF-8 のバイト順マーク（BOM）が2つあります"},
    {"settings.problem.nul_byte", "a NUL byte: setup.ini must be plain text (UTF-8)",
     "NUL バイトがあります：setup.ini はプレーンテキスト（UTF-8）で保存してください"},
    {"settings.problem.lone_cr", "a CR that ends no line: save the file with LF or CRLF line ends",
     "行末でない CR があります：改行を LF か CRLF にして保存してください"},
    {"settings.problem.line_too_long", "a line longer than {} characters", "{}文字より長い行があります"},
    {"settings.problem.after_section", "text after the section's ']'", "セクションの ']' の後ろに文字があります"},
    {"settings.problem.not_key_value", "not a [section], key = value pair or ; comment",
     "[セクション]、キー = 値、; コメントのどれでもない行です"},
    {"settings.problem.outside_section", "key outside any [section]", "どの [セクション] にも属さないキーです"},
    {"settings.problem.unknown_section", "unknown section; expected [network], [player], [rules] or [cpu]",
     "不明なセクションです。[network]、[player]、[rules]、[cpu] のどれかにしてください"},
    {"settings.problem.unknown_key", "unknown key; [{0}] has: {1}", "不明なキーです。[{0}] のキー：{1}"},
    {"settings.problem.bad_value", "this value is not accepted: \"{}\"", "この値は使えません：\"{}\""},
    {"settings.problem.fix", "Fix the line in the file, or open Settings to choose the values and save them.",
     "ファイルのその行を直すか、設定を開いて値を選んで保存してください"},
    {"settings.problem.use_defaults", "Use defaults for now", "今は既定値を使う"},
    {"settings.problem.open_settings", "Open Settings", "設定を開く"},
};

} // namespace

std::span<const Words> settingsWords() { return kSettingsWords; }

} // namespace speed::client
