#include "app/SceneOf.hpp"

#include "app/HotseatKeys.hpp"
#include "match/LocalMatch.hpp"
#include "table/LegalTargets.hpp"
#include "table/LevelWords.hpp"
#include "text/Words.hpp"

#include <algorithm>

namespace speed::client {
namespace {

const char* const kDot = "   \xC2\xB7   ";

// A level as the table shows it, short: the ladder's words, "max" for the test bot.
std::string shownLevelWords(BotLevel level) {
    return isLadderLevel(level) ? levelWords(level) : std::string(tr("play.scene.level_max"));
}

// Two players on one keyboard: the names, the score, the winner and the status bar say who is
// who (Player 1 at the bottom); each player's chosen card is lifted.
void addHotseat(TableScene& scene, const MatchDriver& match, const TableInput& input, std::span<const GameRecord> finished) {
    const std::string first = hotseatPlayerWords(kBottomPlayer);
    const std::string second = hotseatPlayerWords(kTopPlayer);
    scene.twoPlayers = true;
    scene.localName = first;
    scene.opponentName = second;
    scene.matchScore = hotseatScore(finished);
    if (scene.info == GameInfo::Win || scene.info == GameInfo::Defeat) {
        scene.statusWord = trf("play.hotseat.won", scene.info == GameInfo::Win ? first : second);
    }
    scene.statusDetail = trf("play.hotseat.versus", first, second) + kDot + trf("play.status.game", match.gameNumber());
    if (protocol::isPaused(scene.info)) scene.statusDetail += kDot + std::string(tr("play.status.resume"));
    if (input.otherSelectedSlot()) scene.otherSelected = Place::handSlot(1 - match.localSeat(), *input.otherSelectedSlot());
}

} // namespace

std::string hotseatScore(std::span<const GameRecord> finished) {
    if (finished.empty()) return {};
    const auto won = std::count_if(finished.begin(), finished.end(), [](const GameRecord& game) { return game.info == GameInfo::Win; });
    const auto lost = std::count_if(finished.begin(), finished.end(), [](const GameRecord& game) { return game.info == GameInfo::Defeat; });
    return trf("play.hotseat.score", won, lost);
}

ShownOpponent opponentOf(const MatchDriver& match, const ClientOptions& options) {
    ShownOpponent opponent;
    if (const NetworkView* network = match.network()) {
        opponent.network = true;
        opponent.name = network->opponentName();
        opponent.shownName = opponent.name;
        return opponent;
    }
    BotLevel level = options.cpuLevel;
    opponent.idle = options.cpuIdle;
    if (const auto* local = dynamic_cast<const LocalMatch*>(&match)) {
        level = local->setup().cpuLevel;
        opponent.idle = !local->setup().cpuMoves;
    }
    // A ladder level is a person with a name (Ren at hard); the test bot and an idle CPU are "CPU".
    const bool person = !opponent.idle && isLadderLevel(level);
    opponent.level = opponent.idle ? "idle" : std::string(toString(level));
    opponent.name = person ? std::string(botProfile(level).name) : "CPU";
    opponent.shownLevel = opponent.idle ? std::string(tr("play.scene.level_idle")) : shownLevelWords(level);
    opponent.shownName = person ? botNameWords(level) : std::string(tr("bot.max"));
    return opponent;
}

std::string matchScore(std::span<const GameRecord> finished, const std::string& opponentName) {
    if (finished.empty()) return {};
    const auto won = std::count_if(finished.begin(), finished.end(), [](const GameRecord& game) { return game.info == GameInfo::Win; });
    const auto lost = std::count_if(finished.begin(), finished.end(), [](const GameRecord& game) { return game.info == GameInfo::Defeat; });
    return trf("play.scene.score", won, lost, opponentName);
}

std::string rematchHint(const NextGameAsks& asks, const std::string& opponentName) {
    if (asks.mine && asks.theirs) return tr("play.rematch.both");
    if (asks.mine) return trf("play.rematch.waiting", opponentName);
    if (asks.theirs) return trf("play.rematch.theirs", opponentName);
    return tr("play.rematch.hint");
}

TableScene sceneOf(const MatchDriver& match, const TableInput& input, const TableMotion& motion,
                   const ClientOptions& options, TimeMs now, const PauseShown& pause) {
    TableScene scene;
    scene.state = &match.state();
    scene.hasTable = match.hasTable();
    scene.localSeat = match.localSeat();
    scene.info = match.info();
    // A game just won or lost is told once its last cards have landed (TableMotion::showEnding):
    // until then the table plays on, and the score waits too.
    const bool landing = motion.ending() && now < motion.ending()->startMs && gameFinished(scene.info);
    if (landing) scene.info = GameInfo::Play;
    scene.elapsedMs = match.elapsedMs(now);
    scene.now = now;
    scene.speedCalled = match.speedCalled();
    scene.localName = options.localBot ? trf("play.scene.you_bot", shownLevelWords(*options.localBot)) : tr("play.you");
    const ShownOpponent opponent = opponentOf(match, options);
    const std::string& levelName = opponent.shownLevel;
    const std::string& who = opponent.shownName;
    scene.opponentName = who + " \xC2\xB7 " + levelName;
    const std::span<const GameRecord> finished = match.matchGames(); // this opponent's games only
    scene.matchScore = matchScore(landing && !finished.empty() ? finished.first(finished.size() - 1) : finished, who);
    scene.statusWord = std::string(stateWord(scene.info));
    const std::string cpu = trf("bot.title", who, levelName);
    scene.statusDetail = (scene.info == GameInfo::Play ? cpu : trf("play.status.versus", cpu)) + kDot +
                         trf("play.status.game", match.gameNumber());
    if (pause.countIn) {
        scene.notice = {std::to_string(*pause.countIn), {}, {}, false}; // the number alone, as large as the banner takes
        scene.statusDetail += kDot + trf("play.hold.count_in_status", *pause.countIn);
    } else if (pause.holding != HoldReason::None) {
        const std::string why = holdReasonWords(pause.holding);
        scene.notice = {tr("play.hold.banner"), trf("play.hold.banner_detail", why), {}, false};
        scene.statusDetail += kDot + trf("play.hold.status", why);
    } else if (protocol::isPaused(scene.info)) {
        scene.statusDetail += kDot + std::string(tr("play.status.resume"));
    }
    scene.clockLabel = tr("play.clock.time");
    scene.nextGameHint = tr("play.hint.next_game");
    if (!match.hasTable()) {
        scene.statusWord = tr("play.state.start");
        scene.statusDetail = tr("play.status.choose_game");
    }
    if (const NetworkView* network = match.network()) {
        scene.statusWord = network->statusWord(now);
        scene.opponentName = network->opponentName();
        scene.statusDetail = network->statusDetail(now);
        scene.notice = network->notice(now);
        scene.clockLabel = network->clockLabel();
        scene.nextGameHint = rematchHint(network->nextGameAsks(), network->opponentName());
        // The other player's game goes on: the window says so rather than pausing.
        if (pause.over != HoldReason::None && match.hasTable() && scene.info == GameInfo::Play) {
            scene.statusDetail += kDot + trf("play.hold.network", holdReasonWords(pause.over));
        }
    }
    scene.drag = &input.drag();
    scene.timeline = &motion.timeline();
    const int seat = match.localSeat();
    if (match.bothSeatsLocal()) {
        addHotseat(scene, match, input, landing && !finished.empty() ? finished.first(finished.size() - 1) : finished);
    }
    if (input.drag().phase() == DragPhase::Dragging) {
        const Place source = input.drag().source();
        scene.highlights = legalTargets(match.state(), match.bothSeatsLocal() ? source.seat : seat, source);
    } else if (input.selectedSlot()) {
        scene.selected = Place::handSlot(seat, *input.selectedSlot());
        scene.highlights = legalTargets(match.state(), seat, *scene.selected);
    }
    if (scene.otherSelected && input.drag().phase() != DragPhase::Dragging) {
        const std::vector<Place> theirs = legalTargets(match.state(), scene.otherSelected->seat, *scene.otherSelected);
        scene.highlights.insert(scene.highlights.end(), theirs.begin(), theirs.end());
    }
    scene.hovered = input.hovered(match);
    scene.ending = motion.ending();
    scene.reducedMotion = motion.reducedMotion();
    if (motion.note() && now < motion.note()->until) scene.note = motion.note();
    if (motion.litPile() && now < motion.litUntil()) scene.highlights.push_back(Place::pile(*motion.litPile()));
    return scene;
}

} // namespace speed::client
