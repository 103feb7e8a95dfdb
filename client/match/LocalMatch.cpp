#include "match/LocalMatch.hpp"

#include "speed/common/Deal.hpp"
#include "speed/common/Random.hpp"

#include <algorithm>

namespace speed::client {
namespace {

std::uint64_t botSeed(std::uint64_t gameSeed, int seat) {
    SplitMix64 mix(gameSeed ^ (std::uint64_t{0xC0FFEE} + static_cast<std::uint64_t>(seat)));
    return mix.next();
}

GameInfo infoFor(GameResult result, int localSeat) {
    switch (result) {
    case GameResult::Draw: return GameInfo::Draw;
    case GameResult::Seat0Wins: return localSeat == 0 ? GameInfo::Win : GameInfo::Defeat;
    case GameResult::Seat1Wins: return localSeat == 1 ? GameInfo::Win : GameInfo::Defeat;
    case GameResult::Playing: break;
    }
    return GameInfo::Play;
}

} // namespace

LocalMatch::LocalMatch(const LocalMatchSetup& setup, TimeMs now) : m_setup(setup) { dealGame(now); }

void LocalMatch::dealGame(TimeMs now) {
    ++m_gameNumber;
    m_state = deal(m_setup.rules, gameSeed());
    for (int seat = 0; seat < kSeats; ++seat) {
        auto& bot = m_bots[static_cast<std::size_t>(seat)];
        bot.reset();
        if (seatIsBot(seat)) {
            const BotLevel level = seat == m_setup.localSeat ? *m_setup.localBot : m_setup.cpuLevel;
            bot.emplace(seat, level, botSeed(gameSeed(), seat));
        }
    }
    m_botWakeAt.fill(0);
    m_info = GameInfo::Play; // a new deal: from NOTHING, a result or EXTGAME
    m_flips = 0;
    m_startedAt = now;
    m_pausedTotalMs = 0;
    m_pausedAt.reset();
    m_speedCallAt.reset();
    m_endedAt.reset();
}

bool LocalMatch::seatIsBot(int seat) const {
    if (seat == m_setup.localSeat) return m_setup.localBot.has_value();
    return m_setup.cpuMoves;
}

TimeMs LocalMatch::gameTime(TimeMs now) const {
    return (m_pausedAt ? *m_pausedAt : now) - m_startedAt - m_pausedTotalMs;
}

TimeMs LocalMatch::toWall(TimeMs gameTimeMs) const {
    if (gameTimeMs == kNever) return kNever;
    return gameTimeMs + m_startedAt + m_pausedTotalMs;
}

TimeMs LocalMatch::elapsedMs(TimeMs now) const { return m_endedAt ? *m_endedAt : std::max<TimeMs>(0, gameTime(now)); }

std::vector<AppliedMove> LocalMatch::tick(TimeMs now) {
    std::vector<AppliedMove> applied;
    if (m_info == GameInfo::Win || m_info == GameInfo::Draw || m_info == GameInfo::Defeat) {
        if (now >= toWall(*m_endedAt) + kResultHoldMs) enter(GameInfo::ExtGame);
        return applied;
    }
    if (m_info != GameInfo::Play) return applied;
    const TimeMs gameNow = gameTime(now);
    for (int round = 0; round < kBotMovesPerTickMax && m_info == GameInfo::Play; ++round) {
        const bool moved = needsFlip(m_state) ? tickFlip(gameNow, applied) : tickBots(gameNow, applied);
        if (!moved) break;
        afterMove(gameNow, now);
    }
    return applied;
}

bool LocalMatch::tickFlip(TimeMs gameNow, std::vector<AppliedMove>& applied) {
    if (!m_speedCallAt) m_speedCallAt = gameNow;
    if (gameNow < *m_speedCallAt + m_setup.speedCallMs) return false;
    AppliedMove record{Move::flip(), m_state, {}};
    if (applyMove(m_state, record.move) != MoveError::None) return false;
    record.after = m_state;
    ++m_flips;
    m_speedCallAt.reset();
    applied.push_back(record);
    return true;
}

bool LocalMatch::tickBots(TimeMs gameNow, std::vector<AppliedMove>& applied) {
    m_speedCallAt.reset();
    const int first = m_tieBreak++ % kSeats;
    for (int k = 0; k < kSeats; ++k) {
        const int seat = (first + k) % kSeats;
        auto& bot = m_bots[static_cast<std::size_t>(seat)];
        auto& wakeAt = m_botWakeAt[static_cast<std::size_t>(seat)];
        if (!bot || gameNow < wakeAt) continue;
        const BotDecision decision = bot->decide(m_state, gameNow);
        wakeAt = decision.wakeAt;
        if (!decision.move) continue;
        AppliedMove record{*decision.move, m_state, {}};
        if (applyMove(m_state, record.move) != MoveError::None) continue;
        record.after = m_state;
        applied.push_back(record);
        return true;
    }
    return false;
}

MoveError LocalMatch::propose(const Move& move, TimeMs now) {
    if (m_info != GameInfo::Play) return MoveError::GameOver;
    if (move.kind == MoveKind::Flip || move.seat != m_setup.localSeat) return MoveError::BadSeat;
    const MoveError error = applyMove(m_state, move);
    if (error == MoveError::None) afterMove(gameTime(now), now);
    return error;
}

// Every move changes what the bots see: they think again at once, and the game may be over.
void LocalMatch::afterMove(TimeMs gameNow, TimeMs /*now*/) {
    m_botWakeAt.fill(0);
    if (m_state.result == GameResult::Playing) return;
    m_endedAt = gameNow;
    enter(infoFor(m_state.result, m_setup.localSeat));
    m_speedCallAt.reset();
    m_finished.push_back(GameRecord{m_gameNumber, gameSeed(), m_state.result, m_info, gameNow,
                                    m_state.movesApplied, m_flips});
}

bool LocalMatch::startNextGame(TimeMs now) {
    if (!gameFinished(m_info)) return false;
    dealGame(now);
    return true;
}

bool LocalMatch::togglePause(TimeMs now) {
    if (m_info == GameInfo::Play) {
        if (!enter(GameInfo::Pause0)) return false;
        m_pausedAt = now;
        return true;
    }
    if (m_info == GameInfo::Pause0 && m_pausedAt && enter(GameInfo::Play)) {
        m_pausedTotalMs += now - *m_pausedAt;
        m_pausedAt.reset();
        return true;
    }
    return false;
}

// Every state change goes through the transition table of docs/STATES.md.
bool LocalMatch::enter(GameInfo next) {
    if (!protocol::isDefinedTransition(m_info, next)) {
        ++m_refusedTransitions;
        return false;
    }
    m_info = next;
    return true;
}

TimeMs LocalMatch::nextWakeAt() const {
    if (m_info == GameInfo::Win || m_info == GameInfo::Draw || m_info == GameInfo::Defeat) {
        return toWall(*m_endedAt) + kResultHoldMs;
    }
    if (m_info != GameInfo::Play) return kNever;
    if (m_speedCallAt || needsFlip(m_state)) {
        return toWall(m_speedCallAt ? *m_speedCallAt + m_setup.speedCallMs : 0);
    }
    TimeMs wake = kNever;
    for (int seat = 0; seat < kSeats; ++seat) {
        if (m_bots[static_cast<std::size_t>(seat)]) wake = std::min(wake, m_botWakeAt[static_cast<std::size_t>(seat)]);
    }
    return toWall(wake);
}

} // namespace speed::client
