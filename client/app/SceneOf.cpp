#include "app/SceneOf.hpp"

#include "table/LegalTargets.hpp"

#include <fmt/format.h>

namespace speed::client {

TableScene sceneOf(const MatchDriver& match, const TableInput& input, const TableMotion& motion,
                   const ClientOptions& options, TimeMs now) {
    TableScene scene;
    scene.state = &match.state();
    scene.localSeat = match.localSeat();
    scene.info = match.info();
    scene.elapsedMs = match.elapsedMs(now);
    scene.now = now;
    scene.speedCalled = match.speedCalled();
    scene.localName = options.localBot ? "You (bot " + std::string(toString(*options.localBot)) + ")" : "You";
    scene.opponentName = "CPU \xC2\xB7 " + std::string(options.cpuIdle ? "idle" : toString(options.cpuLevel));
    scene.statusDetail = fmt::format("vs CPU   \xC2\xB7   game {}   \xC2\xB7   seed {}", match.gameNumber(), match.gameSeed());
    if (const NetworkView* network = match.network()) {
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
    if (motion.litPile() && now < motion.litUntil()) scene.highlights.push_back(Place::pile(*motion.litPile()));
    return scene;
}

} // namespace speed::client
