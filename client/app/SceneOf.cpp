#include "app/SceneOf.hpp"

#include "match/LocalMatch.hpp"
#include "table/LegalTargets.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace speed::client {

ShownOpponent opponentOf(const MatchDriver& match, const ClientOptions& options) {
    ShownOpponent opponent;
    if (const NetworkView* network = match.network()) {
        opponent.network = true;
        opponent.name = network->opponentName();
        return opponent;
    }
    BotLevel level = options.cpuLevel;
    opponent.idle = options.cpuIdle;
    if (const auto* local = dynamic_cast<const LocalMatch*>(&match)) {
        level = local->setup().cpuLevel;
        opponent.idle = !local->setup().cpuMoves;
    }
    // A ladder level is a person with a name (Ren at hard); the test bot and an idle CPU are "CPU".
    opponent.level = opponent.idle ? "idle" : std::string(toString(level));
    opponent.name = opponent.idle || !isLadderLevel(level) ? "CPU" : std::string(botProfile(level).name);
    return opponent;
}

std::string matchScore(const std::vector<GameRecord>& finished, const std::string& opponentName) {
    if (finished.empty()) return {};
    const auto won = std::count_if(finished.begin(), finished.end(), [](const GameRecord& game) { return game.info == GameInfo::Win; });
    const auto lost = std::count_if(finished.begin(), finished.end(), [](const GameRecord& game) { return game.info == GameInfo::Defeat; });
    return fmt::format("You {} \xE2\x80\x93 {} {}", won, lost, opponentName); // an en dash between the scores
}

std::string rematchHint(const NextGameAsks& asks, const std::string& opponentName) {
    if (asks.mine && asks.theirs) return "both chose Rematch: dealing";
    if (asks.mine) return "waiting for " + opponentName + " to choose Rematch";
    if (asks.theirs) return opponentName + " wants a rematch \xC2\xB7 N: rematch";
    return "N: rematch";
}

TableScene sceneOf(const MatchDriver& match, const TableInput& input, const TableMotion& motion,
                   const ClientOptions& options, TimeMs now) {
    TableScene scene;
    scene.state = &match.state();
    scene.hasTable = match.hasTable();
    scene.localSeat = match.localSeat();
    scene.info = match.info();
    scene.elapsedMs = match.elapsedMs(now);
    scene.now = now;
    scene.speedCalled = match.speedCalled();
    scene.localName = options.localBot ? "You (bot " + std::string(toString(*options.localBot)) + ")" : "You";
    const ShownOpponent opponent = opponentOf(match, options);
    const std::string& levelName = opponent.level;
    const std::string& who = opponent.name;
    scene.opponentName = who + " \xC2\xB7 " + levelName;
    scene.matchScore = matchScore(match.finishedGames(), who);
    scene.statusWord = std::string(stateWord(scene.info));
    const std::string cpu = who + " (" + levelName + ")";
    scene.statusDetail = fmt::format("{}   \xC2\xB7   game {}", scene.info == GameInfo::Play ? cpu : "vs " + cpu, match.gameNumber());
    if (protocol::isPaused(scene.info)) scene.statusDetail += "   \xC2\xB7   P: resume";
    if (!match.hasTable()) {
        scene.statusWord = "Start";
        scene.statusDetail = "choose a game";
    }
    if (const NetworkView* network = match.network()) {
        scene.statusWord = network->statusWord(now);
        scene.opponentName = network->opponentName();
        scene.statusDetail = network->statusDetail(now);
        scene.notice = network->notice(now);
        scene.clockLabel = network->clockLabel();
        scene.nextGameHint = rematchHint(network->nextGameAsks(), network->opponentName());
    }
    scene.drag = &input.drag();
    scene.timeline = &motion.timeline();
    const int seat = match.localSeat();
    if (input.drag().phase() == DragPhase::Dragging) {
        scene.highlights = legalTargets(match.state(), seat, input.drag().source());
    } else if (input.selectedSlot()) {
        scene.selected = Place::handSlot(seat, *input.selectedSlot());
        scene.highlights = legalTargets(match.state(), seat, *scene.selected);
    }
    if (motion.note() && now < motion.note()->until) scene.note = motion.note();
    if (motion.litPile() && now < motion.litUntil()) scene.highlights.push_back(Place::pile(*motion.litPile()));
    return scene;
}

} // namespace speed::client
