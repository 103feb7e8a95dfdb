#include "app/SceneOf.hpp"

#include "match/LocalMatch.hpp"
#include "table/LegalTargets.hpp"

#include <fmt/format.h>

namespace speed::client {

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
    // The level of the game being played, which Settings may have changed for the next one.
    BotLevel level = options.cpuLevel;
    bool idle = options.cpuIdle;
    if (const auto* local = dynamic_cast<const LocalMatch*>(&match)) {
        level = local->setup().cpuLevel;
        idle = !local->setup().cpuMoves;
    }
    const std::string levelName(idle ? "idle" : toString(level));
    scene.opponentName = "CPU \xC2\xB7 " + levelName;
    scene.statusWord = std::string(stateWord(scene.info));
    const std::string cpu = "CPU (" + levelName + ")";
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
