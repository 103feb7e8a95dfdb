#pragma once

#include "match/SessionMirror.hpp"

#include "speed/net/WakeSignal.hpp"
#include "speed/protocol/SessionEvent.hpp"

#include <asio/executor_work_guard.hpp>
#include <asio/io_context.hpp>
#include <asio/post.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace speed::client {

// What the network thread left for the window since the window last looked.
struct NetworkMail {
    SessionMirror mirror;                       // the newest
    std::vector<protocol::SessionEvent> events; // all of them, oldest first
    std::uint64_t sentNs = 0;                   // when it was last filled (monotonicNowNs)
    std::string threadError;                    // a handler threw and the thread stopped: what it said
};

// The window's network thread: an io_context run on a thread of its own, so that datagrams are
// read, answered and resent the moment they arrive whatever the window is drawing, and a
// mailbox through which that thread hands the window its news and wakes it (an eventfd the
// window's loop polls beside the display). It knows nothing of what runs on it.
class NetworkThread {
public:
    NetworkThread() = default;
    ~NetworkThread() { stop(); }
    NetworkThread(const NetworkThread&) = delete;
    NetworkThread& operator=(const NetworkThread&) = delete;

    asio::io_context& io() { return m_io; }
    // Runs the io_context on the thread until stop().
    void start();
    // Runs `last` on the thread (here when it does not run), stops and joins it, then runs the
    // handlers it left (aborted ones) here, so that what they release is released from a handler.
    void stop(const std::function<void()>& last = {});
    bool started() const { return m_thread.joinable(); }

    // Runs `work` on the thread, between two of its handlers, and returns its answer; runs it
    // here when the thread does not run (then nothing else runs the loop).
    template <class Work> auto onNetwork(Work&& work) -> decltype(work());

    // The thread's side of the mailbox: the newest mirror, more events, and a wake-up.
    void send(SessionMirror mirror, std::vector<protocol::SessionEvent> events);
    // The window's side: the newest mirror and the events since the last take.
    NetworkMail take();
    void dropEvents(); // the mail not taken yet is for nobody (a new connection begins)
    // Waits (at most `limit`) for mail that says the connector finished, or the thread failed.
    void waitForFinished(std::chrono::milliseconds limit);
    // Readable while mail waits for the window.
    int wakeFd() const { return m_wake.fd(); }

private:
    void run();

    asio::io_context m_io;
    std::thread m_thread;
    std::atomic<bool> m_runs{false};
    std::optional<asio::executor_work_guard<asio::io_context::executor_type>> m_keepRunning;

    std::mutex m_mailLock;
    std::condition_variable m_mailArrived;
    NetworkMail m_mail;
    WakeSignal m_wake; // raised with every mail
};

template <class Work> auto NetworkThread::onNetwork(Work&& work) -> decltype(work()) {
    if (!m_thread.joinable() || !m_runs) return work();
    std::packaged_task<decltype(work())()> task(std::forward<Work>(work));
    auto result = task.get_future();
    asio::post(m_io, [&task] { task(); });
    return result.get();
}

} // namespace speed::client
