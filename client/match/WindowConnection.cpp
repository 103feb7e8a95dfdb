#include "match/WindowConnection.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <utility>

namespace speed::client {
namespace {

constexpr auto kGoodbyeLimit = std::chrono::milliseconds(2500); // SHUTDOWN lingers 1 s; never hang

} // namespace

WindowConnection::WindowConnection(NetworkSetup setup) : m_setup(std::move(setup)), m_policy(m_setup.connect) {
    if (m_setup.stateDir.empty()) return;
    // Called on the network thread (or before it starts): the news travels in the mirror.
    m_keeper = std::make_unique<store::FileMatchKeeper>(
        m_setup.stateDir,
        [this](const store::StoreProblem& problem) {
            spdlog::warn("{}", store::describe(problem));
            m_keeperNews = problem;
        },
        [this](const std::string& news) {
            spdlog::info("{}", news);
            m_keeperNews.reset();
        });
}

void WindowConnection::begin() {
    m_policy.begin(m_clock.nowMs());
    connect(m_policy.attempt());
    if (!m_connector->start() && m_policy.joinLocalHostAfter(m_connector->failureKind())) {
        spdlog::info("{}: another player on this machine hosts there; joining it", describe(m_connector->failure()));
        end();
        connect(m_policy.attempt());
        m_connector->start();
    }
    publish(m_connector->session());
    if (m_connector->finished()) return; // nothing to run: the failure is shown
    m_thread.start();
}

// The one place a seat and its connector are made, for every attempt: with what the window
// adds to any options (the message log's datagrams, the read delays, the keeper).
void WindowConnection::connect(const ConnectOptions& options) {
    ConnectOptions withWindow = options;
    withWindow.session.reportDatagrams = true;
    withWindow.readDelays = &m_readDelays;
    withWindow.keeper = m_keeper.get();
    m_seat = std::make_unique<WindowSeat>(m_setup.localBot, m_setup.seed, m_setup.games, choosesRematchItself(),
                                          [this](const protocol::Session& live) { publish(&live); });
    m_connector = std::make_unique<Connector>(m_thread.io(), m_clock, std::move(withWindow), *m_seat);
    m_connector->onFinished = [this] { publish(m_connector->session()); };
}

// The connector closes its socket on the network thread; the link's aborted handlers then run
// on this one (NetworkThread::stop) before the connector goes.
void WindowConnection::end() {
    if (!m_connector) return;
    m_thread.stop([this] {
        if (m_connector->session() != nullptr) m_stats = m_connector->session()->stats();
        m_connector->close();
    });
    m_connector.reset();
    m_seat.reset();
}

void WindowConnection::sayGoodbye() {
    if (!m_connector) return;
    if (m_thread.started()) {
        m_thread.onNetwork([this] {
            if (m_connector->finished()) return 0;
            m_seat->endingHere();
            m_connector->shutdown(protocol::ShutdownReason::WindowClosed);
            return 0;
        });
        m_thread.waitForFinished(kGoodbyeLimit);
    }
    end();
}

// Network thread: the session's news for the window, and a wake-up.
void WindowConnection::publish(const protocol::Session* live) {
    SessionMirror mirror = mirrorOf(m_connector.get(), live, m_clock.nowMs());
    mirror.keeperProblem = m_keeperNews;
    m_thread.send(std::move(mirror), m_seat ? m_seat->takeEvents() : std::vector<protocol::SessionEvent>{});
}

} // namespace speed::client
