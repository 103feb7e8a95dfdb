#pragma once

#include <avahi-client/client.h>
#include <avahi-common/thread-watch.h>

#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace speed::net {

// One Avahi client on a thread of its own (AvahiThreadedPoll), for DnsSdAnnouncer and
// DnsSdBrowser. The client waits for a daemon that is not there yet (AVAHI_CLIENT_NO_FAIL), and is
// made again whenever the daemon or the D-Bus system bus goes away, so a late or restarted daemon
// is found without the caller doing anything; meanwhile problem() says why nothing is published
// or found.
class AvahiLoop {
public:
    // Called on the loop's thread with the loop's lock held, at each state of the client. On
    // AVAHI_CLIENT_FAILURE the client, and every group, browser and resolver made on it, is about
    // to be freed by the loop: the handler forgets them without freeing them.
    using StateHandler = std::function<void(AvahiClient*, AvahiClientState)>;

    explicit AvahiLoop(StateHandler onState);
    ~AvahiLoop(); // stops the thread, then frees the client and what was made on it
    AvahiLoop(const AvahiLoop&) = delete;
    AvahiLoop& operator=(const AvahiLoop&) = delete;

    // Starts the thread, which connects at once. Apart from the constructor, so that the owner is
    // complete before its handler first runs.
    void start();

    // The loop's lock, taken from another thread before calling Avahi or touching what the
    // handlers touch (never on the loop's own thread: it holds the lock there already).
    class Lock {
    public:
        explicit Lock(AvahiLoop& loop);
        ~Lock();
        Lock(const Lock&) = delete;
        Lock& operator=(const Lock&) = delete;

    private:
        AvahiThreadedPoll* m_poll;
    };

    // The loop's poll, for timers of the owner's own (nullptr when Avahi's thread could not be
    // made). Used on the loop's thread, or with its lock held.
    const AvahiPoll* poll() const;

    // Why there is no daemon to talk to; nothing while connected.
    std::optional<std::string> problem() const;

private:
    static void onClientState(AvahiClient* client, AvahiClientState state, void* self);
    static void onConnectDue(AvahiTimeout* timeout, void* self);
    void connect();
    void connectAfter(unsigned milliseconds);
    void setProblem(std::optional<std::string> problem);

    StateHandler m_onState;
    AvahiThreadedPoll* m_poll = nullptr;
    AvahiClient* m_client = nullptr;
    AvahiTimeout* m_connectTimer = nullptr;
    mutable std::mutex m_problemMutex; // guards m_problem, read from any thread
    std::optional<std::string> m_problem;
};

} // namespace speed::net
