#include "speed/protocol/HostSession.hpp"

#include "speed/protocol/TableView.hpp"

#include <memory>
#include <string>

// How the host's games start, pause and resume: its own player's asks, and the client's START,
// PAUSE and RESUME. A game is paused while either player asked for it or the peer is silent;
// it resumes when both asked.
namespace speed::protocol {

void HostSession::startNextGame(TimeMs now) {
    const GameInfo info = gameInfo();
    if (info != GameInfo::Connect && info != GameInfo::ExtGame && !isGameOver(info)) {
        return refuseTransition(now, "start: no new game from " + std::string(toString(info)));
    }
    if (gameNumber() == 0) return startGame(now);
    // A rematch: asked once, told to the other player (resent until its OK START), dealt when
    // both have asked.
    if (!m_game.nextAsked[kHostSeat]) {
        m_game.nextAsked[kHostSeat] = true;
        if (!m_game.nextAsked[kClientSeat]) m_link.request(now, RequestKind::Start, Start{gameNumber() + 1});
    }
    if (m_game.nextAsked[kClientSeat]) startGame(now);
}

void HostSession::startGame(TimeMs now) {
    if (measuring()) return refuseTransition(now, "start: a measurement is running");
    m_match.deal(m_config.rules, m_config.dealSeed + static_cast<std::uint64_t>(m_match.gameNumber()), now);
    m_revision = 0;
    m_game = CurrentGame{};
    setupArbitration();
    m_link.settle(RequestKind::Start); // our ask for this game needs no answer any more
    clearGameOver();
    SessionEvent started;
    started.kind = SessionEventKind::GameStarted;
    started.at = now;
    started.game = gameNumber();
    started.text = "game " + std::to_string(gameNumber()) + " dealt";
    started.table = std::make_shared<const GameState>(m_match.state());
    emit(std::move(started));
    afterMove(now, std::nullopt, RevisionCause{JournalChange::Deal});
}

void HostSession::onControl(TimeMs now, const Message& message) {
    const MessageBody& body = message.body;
    const bool control = std::holds_alternative<Pause>(body) || std::holds_alternative<Resume>(body);
    if (control && message.seq <= m_game.newestControlSeq) {
        return m_link.ignore(now, IgnoreRule::StaleControl, "an older PAUSE or RESUME than the last one taken");
    }
    if (control) m_game.newestControlSeq = message.seq;
    if (const auto* start = std::get_if<Start>(&body)) {
        const bool between = gameNumber() == 0 || m_match.over();
        if (start->game == gameNumber() + 1 && between && !measuring()) {
            if (gameNumber() == 0) {
                startGame(now);
            } else if (!m_game.nextAsked[kClientSeat]) { // a rematch: the client's ask
                m_game.nextAsked[kClientSeat] = true;
                emitPeerAskedNextGame(now, start->game);
                if (m_game.nextAsked[kHostSeat]) startGame(now);
            }
            return m_link.send(now, Ok{Subject::Start, start->game, 0, 0});
        }
        if (start->game > gameNumber())
            return m_link.ignore(now, IgnoreRule::OtherGame, "START for a game that cannot start now");
        return m_link.send(now, Ok{Subject::Start, start->game, 0, 0});
    }
    if (const auto* pause = std::get_if<Pause>(&body)) {
        if (pause->game != gameNumber()) return m_link.ignore(now, IgnoreRule::OtherGame, "PAUSE for another game");
        if (!m_match.over()) pauseGame(now, PauseReason::User);
        return m_link.send(now, Ok{Subject::Pause, pause->game, 0, 0});
    }
    if (const auto* resume = std::get_if<Resume>(&body)) {
        if (resume->game != gameNumber()) return m_link.ignore(now, IgnoreRule::OtherGame, "RESUME for another game");
        resumeGame(now, kClientSeat);
        return m_link.send(now, Ok{Subject::Resume, resume->game, 0, 0});
    }
}

void HostSession::pause(TimeMs now) {
    if (gameInfo() != GameInfo::Play) return refuseTransition(now, "pause: not playing");
    pauseGame(now, PauseReason::User);
}

void HostSession::resume(TimeMs now) {
    if (!isPaused(gameInfo())) return refuseTransition(now, "resume: not paused");
    resumeGame(now, kHostSeat);
}

void HostSession::onPeerBack(TimeMs now) {
    if (!m_game.silencePause) return;
    m_game.silencePause = false;
    followPause(now);
    publish(now, std::nullopt);
}

void HostSession::pauseGame(TimeMs now, PauseReason reason) {
    if (gameNumber() == 0 || m_match.over()) return;
    m_arbitration->beforePause(now); // what waits is decided before the clock stops
    if (m_match.over()) return;
    if (reason == PauseReason::Silent) {
        if (m_game.silencePause) return;
        m_game.silencePause = true;
    } else {
        if (m_game.userPause) return;
        m_game.userPause = true;
        m_game.resumeAsked = {};
    }
    followPause(now);
    publish(now, std::nullopt);
}

void HostSession::resumeGame(TimeMs now, int seat) {
    auto& asked = m_game.resumeAsked[static_cast<std::size_t>(seat)];
    if (!m_game.userPause || asked) return;
    asked = true;
    if (m_game.resumeAsked[0] && m_game.resumeAsked[1]) {
        m_game.userPause = false;
        m_game.resumeAsked = {};
        followPause(now);
    }
    publish(now, std::nullopt);
}

// The match is paused while either side asked for it or the peer is silent.
void HostSession::followPause(TimeMs now) {
    const bool paused = m_game.userPause || m_game.silencePause;
    if (paused && !m_match.paused()) m_match.pause(now);
    if (!paused && m_match.paused()) m_match.resume(now);
}

Phase HostSession::currentPhase() const {
    if (m_match.over()) return resultPhase(m_match.state().result, kHostSeat);
    if (m_game.userPause || m_game.silencePause) {
        return m_game.resumeAsked[0] || m_game.resumeAsked[1] ? Phase::Pause1 : Phase::Pause0;
    }
    return m_match.speedCalled() ? Phase::SpeedCall : Phase::Play;
}

} // namespace speed::protocol
