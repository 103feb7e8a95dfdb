#include "AvahiLoop.hpp"

#include <avahi-common/error.h>
#include <avahi-common/timeval.h>

namespace speed::net {

namespace {

// How long the loop waits before making a client again: after the daemon went away (it is
// usually back within a second when restarted), and after no client could be made at all (no
// system bus: checked every few seconds, a cheap connect on a local socket).
constexpr unsigned kReconnectMs = 1000;
constexpr unsigned kNoBusRetryMs = 3000;

const char* const kNoDaemon = "no Avahi daemon (avahi-daemon is not running)";

} // namespace

AvahiLoop::AvahiLoop(StateHandler onState) : m_onState(std::move(onState)) {
    m_poll = avahi_threaded_poll_new();
    if (m_poll == nullptr) {
        setProblem("Avahi's thread could not be made");
        return;
    }
    const AvahiPoll* api = avahi_threaded_poll_get(m_poll);
    timeval now{};
    m_connectTimer = api->timeout_new(api, avahi_elapse_time(&now, 0, 0), &AvahiLoop::onConnectDue, this);
}

AvahiLoop::~AvahiLoop() {
    if (m_poll == nullptr) return;
    avahi_threaded_poll_stop(m_poll); // joins the thread: no handler runs after this
    const AvahiPoll* api = avahi_threaded_poll_get(m_poll);
    if (m_connectTimer != nullptr) api->timeout_free(m_connectTimer);
    if (m_client != nullptr) avahi_client_free(m_client); // withdraws its groups, ends its browsers
    avahi_threaded_poll_free(m_poll);
}

void AvahiLoop::start() {
    if (m_poll == nullptr) return;
    if (avahi_threaded_poll_start(m_poll) < 0) setProblem("Avahi's thread could not start");
}

AvahiLoop::Lock::Lock(AvahiLoop& loop) : m_poll(loop.m_poll) {
    if (m_poll != nullptr) avahi_threaded_poll_lock(m_poll);
}

AvahiLoop::Lock::~Lock() {
    if (m_poll != nullptr) avahi_threaded_poll_unlock(m_poll);
}

const AvahiPoll* AvahiLoop::poll() const {
    return m_poll != nullptr ? avahi_threaded_poll_get(m_poll) : nullptr;
}

std::optional<std::string> AvahiLoop::problem() const {
    std::lock_guard lock(m_problemMutex);
    return m_problem;
}

void AvahiLoop::setProblem(std::optional<std::string> problem) {
    std::lock_guard lock(m_problemMutex);
    m_problem = std::move(problem);
}

void AvahiLoop::onConnectDue(AvahiTimeout*, void* self) {
    static_cast<AvahiLoop*>(self)->connect();
}

void AvahiLoop::connectAfter(unsigned milliseconds) {
    timeval due{};
    avahi_threaded_poll_get(m_poll)->timeout_update(m_connectTimer, avahi_elapse_time(&due, milliseconds, 0));
}

// On the loop's thread: the old client (if the daemon went away) is freed with what was made on
// it, and a new one waits for the daemon. avahi_client_new calls onClientState before it returns.
void AvahiLoop::connect() {
    avahi_threaded_poll_get(m_poll)->timeout_update(m_connectTimer, nullptr);
    if (m_client != nullptr) {
        avahi_client_free(m_client);
        m_client = nullptr;
    }
    int error = 0;
    m_client = avahi_client_new(avahi_threaded_poll_get(m_poll), AVAHI_CLIENT_NO_FAIL, &AvahiLoop::onClientState, this,
                                &error);
    if (m_client == nullptr) {
        // With AVAHI_CLIENT_NO_FAIL a missing daemon still gives a client: none means no bus.
        setProblem(std::string("no Avahi daemon: no D-Bus system bus to reach it (") + avahi_strerror(error) + ")");
        connectAfter(kNoBusRetryMs);
    }
}

void AvahiLoop::onClientState(AvahiClient* client, AvahiClientState state, void* self) {
    auto& loop = *static_cast<AvahiLoop*>(self);
    switch (state) {
    case AVAHI_CLIENT_CONNECTING:
        loop.setProblem(kNoDaemon);
        break;
    case AVAHI_CLIENT_FAILURE:
        loop.setProblem(std::string("lost the Avahi daemon (") + avahi_strerror(avahi_client_errno(client)) + ")");
        loop.connectAfter(kReconnectMs); // the client is not freed inside its own callback
        break;
    case AVAHI_CLIENT_S_REGISTERING:
    case AVAHI_CLIENT_S_RUNNING:
    case AVAHI_CLIENT_S_COLLISION:
        loop.setProblem(std::nullopt);
        break;
    }
    loop.m_onState(client, state);
}

} // namespace speed::net
