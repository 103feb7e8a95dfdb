#include "match/LocalMatch.hpp"

#include "match/PhaseInfo.hpp"

#include "speed/common/Random.hpp"

#include <algorithm>

namespace speed::client {
namespace {

constexpr int kMovesPerTickMax = 4; // bounded catch-up after a long frame

std::uint64_t botSeed(std::uint64_t gameSeed, int seat) {
    SplitMix64 mix(gameSeed ^ (std::uint64_t{0xC0FFEE} + static_cast<std::uint64_t>(seat)));
    return mix.next();
}

} // namespace

LocalMatch::LocalMatch(const LocalMatchSetup& setup, TimeMs now) : m_setup(setup), m_match(setup.timing) {
    dealGame(now);
}

void LocalMatch::dealGame(TimeMs now) {
    m_match.deal(m_setup.rules, m_setup.seed + static_cast<std::uint64_t>(m_match.gameNumber()), now);
    for (int seat = 0; seat < kSeats; ++seat) {
        auto& bot = m_bots[static_cast<std::size_t>(seat)];
        bot.reset();
        if (seatIsBot(seat)) {
            const BotLevel level = seat == m_setup.localSeat ? *m_setup.localBot : m_setup.cpuLevel;
            bot.emplace(seat, level, botSeed(gameSeed(), seat));
        }
    }
    m_botWakeAt.fill(0);
    m_info = GameInfo::Play; // a deal starts play from any state: offline nothing waits for a connection
}

bool LocalMatch::seatIsBot(int seat) const {
    if (m_setup.mode == LocalMode::TwoPlayers) return false;
    if (seat == m_setup.localSeat) return m_setup.localBot.has_value();
    return m_setup.cpuMoves;
}

std::vector<AppliedMove> LocalMatch::tick(TimeMs now) {
    std::vector<AppliedMove> applied;
    refreshInfo(now);
    for (int round = 0; round < kMovesPerTickMax && m_info == GameInfo::Play; ++round) {
        const GameState before = m_match.state();
        if (const auto flip = m_match.advance(now)) {
            applied.push_back({*flip, before, m_match.state()});
            afterMove(now);
            continue;
        }
        if (m_match.speedCalled() || !tickBots(now, applied)) break;
    }
    return applied;
}

bool LocalMatch::tickBots(TimeMs now, std::vector<AppliedMove>& applied) {
    const TimeMs gameNow = m_match.elapsedMs(now);
    const int first = m_tieBreak++ % kSeats;
    for (int k = 0; k < kSeats; ++k) {
        const int seat = (first + k) % kSeats;
        auto& bot = m_bots[static_cast<std::size_t>(seat)];
        auto& wakeAt = m_botWakeAt[static_cast<std::size_t>(seat)];
        if (!bot || gameNow < wakeAt) continue;
        const BotDecision decision = bot->decide(m_match.state(), gameNow);
        wakeAt = decision.wakeAt;
        if (!decision.move) continue;
        const GameState before = m_match.state();
        if (!m_match.play(*decision.move, now).accepted()) continue;
        applied.push_back({*decision.move, before, m_match.state()});
        afterMove(now);
        return true;
    }
    return false;
}

MoveAnswer LocalMatch::propose(const Move& move, TimeMs now) {
    if (move.kind != MoveKind::Flip && move.seat != m_setup.localSeat && !bothSeatsLocal()) return {{MatchRefusal::None, MoveError::BadSeat}};
    const PlayOutcome outcome = m_match.play(move, now);
    if (outcome.accepted()) afterMove(now);
    return {outcome};
}

// Every move changes what the bots see: they think again at once, and the game may be over.
void LocalMatch::afterMove(TimeMs now) {
    m_botWakeAt.fill(0);
    refreshInfo(now);
    if (!m_match.over()) return;
    const GameState& state = m_match.state();
    m_finished.push_back(GameRecord{gameNumber(), gameSeed(), state.result, m_info, m_match.elapsedMs(now),
                                    state.movesApplied, m_match.flips(),
                                    {state.player(0).cardsLeft(), state.player(1).cardsLeft()}, std::nullopt});
}

bool LocalMatch::startNextGame(TimeMs now) {
    refreshInfo(now);
    if (!gameFinished(m_info)) return false;
    dealGame(now);
    return true;
}

bool LocalMatch::togglePause(TimeMs now) {
    refreshInfo(now);
    if (!togglePlayPause(m_match, m_info, now)) return false;
    refreshInfo(now);
    return true;
}

// The GameInfo the match's phase means, entered through the transition table of docs/STATES.md.
void LocalMatch::refreshInfo(TimeMs now) {
    const GameInfo next = phaseInfo(m_match, now, m_setup.localSeat);
    if (next == m_info) return;
    if (!protocol::isDefinedTransition(m_info, next)) {
        ++m_refusedTransitions;
        return;
    }
    m_info = next;
}

TimeMs LocalMatch::nextWakeAt(TimeMs now) const {
    TimeMs wake = m_match.nextWakeAt(now);
    if (m_info != GameInfo::Play || m_match.speedCalled()) return wake;
    for (int seat = 0; seat < kSeats; ++seat) {
        if (m_bots[static_cast<std::size_t>(seat)]) {
            wake = std::min(wake, m_match.wallTimeOf(m_botWakeAt[static_cast<std::size_t>(seat)]));
        }
    }
    return wake;
}

} // namespace speed::client
