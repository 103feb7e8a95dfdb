#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// "Learn to play" (the lesson's panel, its steps, its end) and the hint key.
const Words kTutorialWords[] = {
    {"tutorial.title", "Learn to play", "遊び方を学ぶ"},
    {"tutorial.opponent", "Teacher", "先生"},
    {"tutorial.step_of", "{}/{}", "{}/{}"},
    // One title and one line of what to do per step (TutorialStep, by stepName()).
    {"tutorial.step.opening.title", "SPEED!", "スピード！"},
    {"tutorial.step.opening.text",
     "The field is empty, so nobody can play. Both players turn their deck's top card onto the field at once: "
     "SPEED! Watch the two lit piles.",
     "台札が空なので、誰もカードを出せません。二人が同時に山札の一番上を台札にめくります：スピード！"
     "光っている二つの台札を見てください。"},
    {"tutorial.step.play.title", "One up or one down", "一つ上か一つ下"},
    {"tutorial.step.play.text",
     "Play a card one rank above or below a pile's top card; the suit does not matter. Drag the lit 8 onto the lit 7.",
     "台札の一番上より一つ大きいか小さいカードを出せます（マークは関係ありません）。"
     "光っている8を光っている7の上にドラッグしてください。"},
    {"tutorial.step.wrap.title", "King and ace meet", "キングとエースはつながる"},
    {"tutorial.step.wrap.text", "The ranks wrap around: a king goes on an ace, an ace on a king. Play the lit king on the ace.",
     "数字は一周します：エースの上にキング、キングの上にエースを出せます。光っているキングをエースの上に出してください。"},
    {"tutorial.step.joker.title", "Jokers", "ジョーカー"},
    {"tutorial.step.joker.text", "A joker goes on any card, and any card goes on a joker. Play your joker on either pile.",
     "ジョーカーはどのカードの上にも出せて、ジョーカーの上にはどのカードも出せます。ジョーカーをどちらかの台札に出してください。"},
    {"tutorial.step.refill.title", "Refill your hand", "手札を補充する"},
    {"tutorial.step.refill.text",
     "Your empty slots refill from your deck: click your lit deck (or press D) until your hand is full.",
     "空いた枠は山札から補充します：手札がいっぱいになるまで、光っている山札をクリック（またはDキー）してください。"},
    {"tutorial.step.speed.title", "Nobody can play: SPEED!", "誰も出せない：スピード！"},
    {"tutorial.step.speed.text",
     "Watch your opponent cover the joker. When neither player can play or refill, SPEED! is called and both turn a "
     "new card onto the field.",
     "相手がジョーカーの上に出すのを見てください。二人とも出すことも補充もできなくなると、スピード！の合図で"
     "二人が新しいカードを台札にめくります。"},
    {"tutorial.step.win.title", "Who wins", "勝ち負け"},
    {"tutorial.step.win.text", "The first player with no cards left, hand and deck, wins. Play your last cards!",
     "手札も山札もなくなった人が勝ちです。最後のカードを出しましょう！"},
    {"tutorial.step.done.title", "You know the game", "これでルールは分かりました"},
    {"tutorial.step.done.text", "Play one up or down, K-A wraps, jokers go anywhere, refill, SPEED! when stuck. Ready?",
     "一つ上か下、KとAはつながる、ジョーカーはどこでも、補充、行き詰まったらスピード！準備はいいですか？"},
    // The start screen at a first start, and after.
    {"screen.learn.heading", "New to Speed?", "スピードは初めてですか？"},
    {"screen.learn.why", "A guided first game: every rule, one at a time (T)", "ルールを一つずつ覚える、ガイド付きの最初のゲーム (T)"},
    // The panel's buttons.
    {"tutorial.skip_step", "Skip step", "このステップを飛ばす"},
    {"tutorial.skip_all", "Skip tutorial (Esc)", "チュートリアルを終える (Esc)"},
    {"tutorial.replay", "Replay the lesson", "もう一度"},
    {"tutorial.play_first", "Play {}", "{}と対戦"},
    {"tutorial.start_screen", "Start screen", "スタート画面"},
    // A legal move the step does not ask for, beside the card.
    {"tutorial.refused", "Not now: try a lit card", "今は光っているカードを"},
    // The status bar while the lesson runs.
    {"tutorial.status", "lesson: {}", "レッスン：{}"},
    // The hint key.
    {"hint.key", "I: hint", "I：ヒント"},
    {"help.keys.hint", "hint: light a card you can play (or your deck); games against the CPU only",
     "ヒント：出せるカード（または山札）を光らせる。CPU対戦のみ"},
    {"hint.network", "No hints in a network game", "ネットワーク対戦ではヒントはありません"},
    {"hint.play", "This card fits the lit pile", "このカードを光っている台札に"},
    {"hint.refill", "Refill from your deck", "山札から補充できます"},
    {"hint.wait", "You cannot move: wait for {}", "出せるカードがありません：{}を待ちましょう"},
    {"hint.nobody", "Nobody can play: SPEED! is coming", "誰も出せません：もうすぐスピード！"},
    {"hint.no_game", "No game on the table", "ゲームがありません"},
};

} // namespace

std::span<const Words> tutorialWords() { return kTutorialWords; }

} // namespace speed::client
