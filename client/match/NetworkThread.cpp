#include "match/NetworkThread.hpp"

#include "speed/net/MonotonicClock.hpp"
#include "speed/net/WakeLatency.hpp"

#include <spdlog/spdlog.h>

#include <iterator>
#include <utility>

namespace speed::client {
namespace {

constexpr std::size_t kMaxMailEvents = 20000; // events waiting for the window: keep the newest

} // namespace

void NetworkThread::start() {
    {
        std::lock_guard lock(m_mailLock);
        m_mail.threadError.clear(); // the last run's failure is not this one's
    }
    m_io.restart();
    m_keepRunning.emplace(m_io.get_executor());
    m_runs = true;
    m_thread = std::thread([this] { run(); });
}

void NetworkThread::run() {
    askForPromptWakeups(); // a datagram is read at once even while the window draws
    try {
        m_io.run();
    } catch (const std::exception& error) { // a handler threw: what ran on it cannot go on
        spdlog::error("the network thread stopped: {}", error.what());
        {
            std::lock_guard lock(m_mailLock);
            m_mail.threadError = error.what();
        }
        m_mailArrived.notify_all();
    }
    m_runs = false;
}

void NetworkThread::stop(const std::function<void()>& last) {
    if (m_thread.joinable()) {
        if (last) asio::post(m_io, last);
        asio::post(m_io, [this] { m_io.stop(); });
        m_keepRunning.reset();
        m_thread.join();
    } else if (last) {
        last();
    }
    m_io.restart();
    m_io.poll();
}

void NetworkThread::send(SessionMirror mirror, std::vector<protocol::SessionEvent> events) {
    {
        std::lock_guard lock(m_mailLock);
        m_mail.mirror = std::move(mirror);
        std::vector<protocol::SessionEvent>& waiting = m_mail.events;
        waiting.insert(waiting.end(), std::make_move_iterator(events.begin()), std::make_move_iterator(events.end()));
        if (waiting.size() > kMaxMailEvents) { // an unread mailbox (no window turn for long): keep the newest
            waiting.erase(waiting.begin(), waiting.end() - kMaxMailEvents);
        }
        m_mail.sentNs = monotonicNowNs();
    }
    m_mailArrived.notify_all();
    m_wake.raise();
}

NetworkMail NetworkThread::take() {
    m_wake.clear();
    std::lock_guard lock(m_mailLock);
    NetworkMail taken;
    taken.mirror = m_mail.mirror;
    taken.events = std::exchange(m_mail.events, {});
    taken.sentNs = m_mail.sentNs;
    taken.threadError = m_mail.threadError;
    return taken;
}

void NetworkThread::dropEvents() {
    std::lock_guard lock(m_mailLock);
    m_mail.events.clear();
}

void NetworkThread::waitForFinished(std::chrono::milliseconds limit) {
    std::unique_lock lock(m_mailLock);
    m_mailArrived.wait_for(lock, limit, [this] { return m_mail.mirror.finished || !m_mail.threadError.empty(); });
}

} // namespace speed::client
