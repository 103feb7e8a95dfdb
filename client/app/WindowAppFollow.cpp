// WindowApp following the match: what it applied and refused, shown as motion and heard; the
// status texts and banners as they change; the games as they end, logged and kept.
#include "app/WindowApp.hpp"

#include "app/HotseatKeys.hpp"
#include "app/SceneOf.hpp"
#include "match/LocalMatch.hpp"
#include "table/LevelWords.hpp"
#include "table/MoveWords.hpp"
#include "table/RefusalWords.hpp"
#include "table/TableText.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <string>
#include <utility>

namespace speed::client {

void WindowApp::showApplied(const std::vector<AppliedMove>& applied, TimeMs now) {
    for (const AppliedMove& record : applied) {
        m_motion.showMove(record.before, record.after, record.move, m_layout, now);
        const char* who = record.move.kind == MoveKind::Flip        ? "table"
                          : record.move.seat == match().localSeat() ? "you"
                          : m_options.vsCpu                         ? "cpu"
                                                                    : "opponent";
        spdlog::info("applied ({}): {} | table: {}", who, describe(record.move), tableSummary(record.after));
        if (record.move.kind == MoveKind::Flip) {
            hear(sound::TableSound::SpeedFlip, now);
        } else if (record.move.seat != match().localSeat()) {
            hear(record.move.kind == MoveKind::Refill ? sound::TableSound::OpponentRefilled
                                                      : sound::TableSound::OpponentPlayed,
                 now);
        } else if (m_options
                       .localBot) { // the player's own moves are heard as they are made, but the bot's come from here
            hear(record.move.kind == MoveKind::Refill ? sound::TableSound::Refilled : sound::TableSound::Placed, now);
        }
        const ui::GameEventKind kind = record.move.kind == MoveKind::Flip        ? ui::GameEventKind::Table
                                       : record.move.seat == match().localSeat() ? ui::GameEventKind::Play
                                                                                 : ui::GameEventKind::OpponentPlay;
        m_overlay->addGameEvent(
            now, kind, moveWords(record.move, record.before, record.after, match().localSeat(), opponentName()));
        const NetworkView* network = match().network();
        if (network != nullptr && record.move.kind != MoveKind::Flip && record.move.seat != match().localSeat() &&
            m_remoteMoveNewsNs == 0) {
            m_remoteMoveNewsNs = network->lastNewsNs();
        }
        m_input.dropStale(match());
        m_dirty = true;
    }
    if (!applied.empty()) logTable(match(), m_options.dumpLayout);
}

// The host refused a move that was already shown: it slides back from the pile.
void WindowApp::showRefusedByHost(TimeMs now) {
    NetworkView* network = match().network();
    if (network == nullptr) return;
    for (const RefusedMove& refused : network->takeRefusedMoves()) {
        const Move& move = refused.move;
        spdlog::info("taken back: {} | table: {}", describe(move), tableSummary(match().state()));
        m_motion.refusedByHost(move, m_layout, now);
        m_motion.say(
            Place::handSlot(move.seat, move.slot),
            refused.raceLeadUs ? raceWords(*refused.raceLeadUs, opponentName()) : hostRefusalWords(refused.why), now);
        hear(sound::TableSound::Refused, now);
        m_dirty = true;
    }
    // Taken back by a rewind (either seat's): home from the pile, told on the table and in the log.
    for (const TakenBackMove& back : network->takeTakenBack()) {
        const std::string words =
            takenBackWords(back.move, back.beater, back.raceLeadUs, match().localSeat(), opponentName());
        spdlog::info("went back: {}: {} | table: {}", describe(back.move), words, tableSummary(match().state()));
        m_motion.takenBack(match().state(), back.move, m_layout, now, words);
        m_overlay->addGameEvent(now, ui::GameEventKind::Refusal, words);
        if (back.move.seat == match().localSeat()) hear(sound::TableSound::Refused, now);
        m_dirty = true;
    }
}

// What changes besides the cards: the table's shape (a network match knows the seat and the
// rules once connected), the notes beside the hands, a lit pile going dark, and what a network
// match says (followNetwork).
void WindowApp::followMatch(TimeMs now) {
    const int seat = match().localSeat();
    const auto handSize = static_cast<std::size_t>(match().state().rules.handSize);
    const bool localAtBottom =
        m_layout.deck[static_cast<std::size_t>(seat)].top >= m_layout.deck[static_cast<std::size_t>(1 - seat)].top;
    if (m_layout.hand[0].size() != handSize || !localAtBottom) relayout();
    for (const TableNote& note : m_motion.takeSaid()) { // the table's and the host's refusals alike
        spdlog::info("note beside slot {}: {}", note.at.index, note.text);
        m_overlay->addGameEvent(now, ui::GameEventKind::Refusal, trf("window.log.not_played", note.text));
    }
    const bool noteGone = m_motion.note() && now >= m_motion.note()->until;
    if ((m_motion.litPile() && now >= m_motion.litUntil()) || noteGone) {
        m_motion.prune(now);
        m_dirty = true;
    }
    if (NetworkView* network = match().network()) {
        // A restored match's player is a join, never "stopped answering / is back".
        for (const int game : network->takeRejoinedGames()) {
            spdlog::info("{} joined the match taken back (game {})", opponentName(), game);
            m_overlay->addGameEvent(now, ui::GameEventKind::Connection, trf("window.log.peer_rejoined", opponentName(), game));
        }
        followNetwork(*network, now);
    }
}

// A network match: where the players' choice of a rematch stands, the status and the banner,
// logged as they change; its end ends a scripted run (--games) or brings the start screen.
void WindowApp::followNetwork(const NetworkView& network, TimeMs now) {
    const std::string rematch =
        rematchOffered(match()) ? rematchHint(network.nextGameAsks(), network.opponentName()) : "";
    if (rematch != m_shownRematch) {
        if (!rematch.empty()) spdlog::info("rematch: {}", rematch);
        m_shownRematch = rematch;
        m_dirty = true;
    }
    const MatchNotice notice = network.notice(now);
    std::string status =
        network.statusDetail(now) + '|' + notice.headline + '|' + notice.detail + '|' + network.opponentName();
    if (status != m_shownStatus) {
        // The opponent the table names, and its score, for the scripts that read the layout.
        if (const std::string& opponent = network.opponentName();
            m_options.dumpLayout && !m_shownStatus.ends_with('|' + opponent)) {
            spdlog::info("opponent shown: {} | score: {}", opponent, matchScore(match().matchGames(), opponent));
        }
        // Logged when the banner changes, not with each second of its countdown.
        if (!notice.headline.empty() && notice.headline != m_shownNotice.headline) {
            spdlog::info("banner: {}: {}", notice.headline, notice.detail);
            m_overlay->addGameEvent(now, ui::GameEventKind::Connection,
                                    notice.reason.empty()
                                        ? notice.headline
                                        : trf("window.log.notice_reason", notice.headline, notice.reason));
        } else if (notice.headline.empty() && m_shownNotice.peerSilent) {
            m_overlay->addGameEvent(now, ui::GameEventKind::Connection, trf("window.log.peer_back", opponentName()));
        }
        m_shownNotice = notice;
        m_shownStatus = std::move(status);
        m_dirty = true;
    }
    if (m_options.games > 0 && network.matchEnded() && !m_quitAt) m_quitAt = now + kLastFrameMs;
    // Until the player chooses (another game, or R) the screen stays: only those hide it.
    if (m_options.games == 0 && network.matchEnded() && !m_overlay->startScreenShown()) {
        follow(m_switch.startScreenOver(notice.detail.empty() ? notice.headline : notice.detail));
    }
}

void WindowApp::followGames(TimeMs now) {
    // The next game, or leaving after the last, counts from when the end is shown: once the
    // cards in the air have landed (TableMotion::showEnding).
    for (const GameRecord& game : m_schedule.follow(match().finishedGames(), m_motion.timeline().settledAt(now))) {
        spdlog::info("game {} over: {} in {} ({} moves, {} SPEED! flips) | table: {}", game.number,
                     gameInfoName(game.info), formatClock(game.durationMs), game.moves, game.flips,
                     tableSummary(match().state()));
        const char* result = game.info == GameInfo::Win      ? "window.log.game_won"
                             : game.info == GameInfo::Defeat ? "window.log.game_lost"
                                                             : "window.log.game_drawn";
        // Two players on one keyboard: somebody here won; the table celebrates whoever it was.
        const bool hotseat = match().bothSeatsLocal();
        const bool decided = game.info == GameInfo::Win || game.info == GameInfo::Defeat;
        hear(game.info == GameInfo::Win || (hotseat && decided) ? sound::TableSound::Won
             : game.info == GameInfo::Defeat                    ? sound::TableSound::Lost
                                                                : sound::TableSound::Drawn,
             now);
        const std::string said = hotseat && decided
                                     ? trf("window.log.hotseat_won", game.number,
                                           hotseatPlayerWords(game.info == GameInfo::Win ? kBottomPlayer : kTopPlayer),
                                           formatClock(game.durationMs))
                                     : trf(result, game.number, formatClock(game.durationMs));
        m_overlay->addGameEvent(now, ui::GameEventKind::Result, said);
        // The table says it too: a win celebrates, a loss dims the table quietly.
        if (decided) {
            m_motion.showEnding(game.info == GameInfo::Win || hotseat ? EndingKind::Won : EndingKind::Lost,
                                static_cast<std::uint64_t>(game.number) * 7919 + match().gameSeed(), now);
        }
        followResult(game, now); // before the game is counted: its best time is news against the ones before
        recordStatistics(game, now);
        m_input.cancel();
        m_dirty = true;
    }
    // The result panel once the cards have landed; gone with the game (the next one, another match).
    if (m_result && !gameFinished(match().info())) m_result.reset(); // the next game came first (N)
    if (m_result && now >= m_resultAt) {
        m_overlay->showResult(std::move(*m_result));
        m_result.reset();
        m_dirty = true;
    }
    if (m_overlay->resultShown() && !gameFinished(match().info())) {
        m_overlay->hideResult();
        m_dirty = true;
    }
    // Offline only: over the network the next game is a rematch, asked by the player (N, the
    // panel) or, in a scripted match, by the session itself (NetworkDriver::choosesRematchItself).
    if (m_schedule.nextGameDue(now) && match().network() == nullptr) command(ui::UiAction::NextGame, now, "next game");
}

// A game against the CPU has a result panel: its words, with the best time against that level
// before this game, are made now (before the game is counted) and shown once the cards land.
void WindowApp::followResult(const GameRecord& game, TimeMs now) {
    const auto* local = dynamic_cast<const LocalMatch*>(&match());
    if (local == nullptr) return;
    ui::ResultFacts facts;
    facts.info = game.info;
    facts.durationMs = game.durationMs;
    facts.level = local->setup().cpuLevel;
    facts.ranked = local->setup().cpuMoves; // an idle CPU is practice: the statistics count it as "idle"
    if (facts.ranked) facts.before = m_stats.cpuLevelRecord(facts.level);
    m_result = ui::resultModel(facts);
    m_resultAt = m_motion.timeline().settledAt(now);
}

// The game goes into the statistics; a file that cannot take it is said once in the game log.
void WindowApp::recordStatistics(const GameRecord& game, TimeMs now) {
    const auto wallMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
    const ShownOpponent shown = opponentOf(match(), m_options);
    GameOpponent opponent{shown.network ? store::OpponentKind::Network : store::OpponentKind::Cpu, shown.name, shown.level};
    if (match().bothSeatsLocal()) opponent = {store::OpponentKind::TwoPlayers, "Player 2", {}}; // Player 1's side
    m_stats.record(finishedGameOf(game, match().state().rules, match().localSeat(), opponent, wallMs.count()));
    if (auto problem = m_stats.takeNewProblem()) m_overlay->addGameEvent(now, ui::GameEventKind::Connection, *problem);
}

std::string WindowApp::opponentName() const {
    if (const NetworkView* network = match().network()) return network->opponentName();
    // Against a ladder level the game log names its bot ("Sora plays H5").
    if (const auto* local = dynamic_cast<const LocalMatch*>(&match());
        local && local->setup().cpuMoves && isLadderLevel(local->setup().cpuLevel)) {
        return botNameWords(local->setup().cpuLevel);
    }
    return tr("bot.max");
}

// What the table did this turn, heard: the player's hands, the deal of a new game, and what
// showApplied and followGames noted; each effect at most once per SoundCues::kMinGapMs.
void WindowApp::followSound(TimeMs now) {
    for (sound::TableSound event : m_input.takeSounds())
        hear(event, now);
    if (match().hasTable() && match().info() == GameInfo::Play && match().gameNumber() != m_dealtGame) {
        m_dealtGame = match().gameNumber();
        hear(sound::TableSound::Dealt, now);
    }
    m_sound.play(m_cues.take());
}

// A new game on the table: the last one's ending goes, and its hands are dealt from the decks.
// A game taken up again (a restored match) is not dealt anew.
void WindowApp::followDeal(TimeMs now) {
    if (!match().hasTable() || match().gameNumber() == m_shownDealGame) return;
    const bool fresh = m_shownDealGame != 0 || match().elapsedMs(now) < kDealShownUntilMs;
    m_shownDealGame = match().gameNumber();
    m_motion.clearEnding();
    // Timed from the game's start: a table shown late (a slow first frame) is dealt faster, and
    // is dealt before the opening flip all the same.
    if (fresh) m_motion.deal(match().state(), m_layout, now, now + kDealLandsByMs - match().elapsedMs(now));
    m_dirty = true;
}

} // namespace speed::client
