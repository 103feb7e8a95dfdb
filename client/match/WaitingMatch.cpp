#include "match/WaitingMatch.hpp"

#include "speed/store/FileMatchKeeper.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {
namespace {

// A keeper for one look: its problems go to the log (the host that resumes says them again
// in the window); its lock on the port goes with it.
store::FileMatchKeeper lookingKeeper(const std::filesystem::path& stateDir) {
    return store::FileMatchKeeper(stateDir, [](const store::StoreProblem& problem) {
        spdlog::info("looking for a waiting match: {}", store::describe(problem));
    });
}

} // namespace

std::optional<WaitingMatch> findWaitingMatch(const std::filesystem::path& stateDir, std::uint16_t port, TimeMs graceMs) {
    if (stateDir.empty()) return std::nullopt;
    store::FileMatchKeeper keeper = lookingKeeper(stateDir);
    const auto kept = keeper.matchOn(port);
    if (!kept || !kept->damage.empty() || kept->untouchedForMs >= graceMs) return std::nullopt;
    WaitingMatch waiting;
    waiting.peerName = kept->record.session.peerName;
    waiting.game = kept->record.entries.empty() ? 0 : static_cast<int>(kept->record.entries.back().game);
    waiting.graceLeftMs = graceMs - kept->untouchedForMs;
    return waiting;
}

void dismissWaitingMatch(const std::filesystem::path& stateDir, std::uint16_t port) {
    if (stateDir.empty()) return;
    store::FileMatchKeeper keeper = lookingKeeper(stateDir);
    if (!keeper.matchOn(port)) return; // nothing kept, or another program's
    keeper.journal(port, {protocol::JournalClosed{"given up on the start screen"}});
    spdlog::info("the waiting match on UDP port {} is given up: its journal is deleted", port);
}

} // namespace speed::client
