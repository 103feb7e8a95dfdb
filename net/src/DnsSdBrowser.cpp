// DnsSdBrowser: an Avahi service browser for `_speed._udp`, and one resolver per instance that
// lives as long as the instance, so a changed TXT record (waiting -> busy) is seen too; a resolver
// that gave up (no answer in time: a lost datagram, a host without its address yet) is made again.
#include "speed/net/DnsSd.hpp"

#include "AvahiLoop.hpp"

#include <avahi-client/lookup.h>
#include <avahi-common/address.h>
#include <avahi-common/error.h>
#include <avahi-common/strlst.h>
#include <avahi-common/timeval.h>

#include <algorithm>
#include <list>
#include <tuple>

#include <net/if.h>

namespace speed::net {

namespace {

// How long after a failed resolution the instance is resolved again.
constexpr unsigned kResolveRetryMs = 2000;

std::vector<std::string> stringsOf(const AvahiStringList* txt) {
    std::vector<std::string> strings;
    for (auto* entry = const_cast<AvahiStringList*>(txt); entry != nullptr; entry = avahi_string_list_get_next(entry))
        strings.emplace_back(reinterpret_cast<const char*>(avahi_string_list_get_text(entry)),
                             avahi_string_list_get_size(entry));
    return strings;
}

std::string interfaceNameOf(AvahiIfIndex interface) {
    char name[IF_NAMESIZE] = {};
    if (interface < 0 || ::if_indextoname(static_cast<unsigned>(interface), name) == nullptr)
        return std::to_string(interface);
    return name;
}

// The address as text; an IPv6 link-local one carries its interface ("fe80::1%eth0"), without
// which it cannot be reached.
std::string addressText(const AvahiAddress& address, const std::string& interfaceName) {
    char text[AVAHI_ADDRESS_STR_MAX] = {};
    avahi_address_snprint(text, sizeof text, &address);
    const bool linkLocal = address.proto == AVAHI_PROTO_INET6 && address.data.ipv6.address[0] == 0xfe &&
                           (address.data.ipv6.address[1] & 0xc0) == 0x80;
    return linkLocal ? std::string(text) + "%" + interfaceName : std::string(text);
}

} // namespace

// `client`, `browser` and `instances` are touched on the loop's thread only; what the getters
// read is guarded by `mutex`.
struct DnsSdBrowser::State {
    struct Instance {
        State* owner;
        AvahiIfIndex interface;
        AvahiProtocol protocol;
        std::string name, type, domain;
        AvahiServiceResolver* resolver = nullptr;
        AvahiTimeout* retry = nullptr;     // when to resolve again after a failure (on the loop's poll)
        std::optional<FoundService> found; // resolved, with a TXT record of ours
    };
    AvahiClient* client = nullptr;
    AvahiServiceBrowser* browser = nullptr;
    std::list<Instance> instances; // a list: each instance's address is its timer's user data
    mutable std::mutex mutex;
    std::vector<FoundService> shown;           // guarded by `mutex`
    std::optional<std::string> browserProblem; // guarded by `mutex`
    std::size_t ignored = 0;                   // guarded by `mutex`
    std::unique_ptr<AvahiLoop> loop;           // last: destroyed (its thread stopped) first

    void onClientState(AvahiClient* client, AvahiClientState state);
    static void onBrowse(AvahiServiceBrowser* browser, AvahiIfIndex interface, AvahiProtocol protocol,
                         AvahiBrowserEvent event, const char* name, const char* type, const char* domain,
                         AvahiLookupResultFlags flags, void* self);
    static void onResolve(AvahiServiceResolver* resolver, AvahiIfIndex interface, AvahiProtocol protocol,
                          AvahiResolverEvent event, const char* name, const char* type, const char* domain,
                          const char* hostName, const AvahiAddress* address, std::uint16_t port, AvahiStringList* txt,
                          AvahiLookupResultFlags flags, void* self);
    static void onRetryDue(AvahiTimeout* timeout, void* instance);
    void resolve(Instance& instance);
    void resolveLater(Instance& instance);
    void refresh();
};

// Resolved on the protocol it was found on: one address per interface and protocol.
void DnsSdBrowser::State::resolve(Instance& instance) {
    instance.resolver = avahi_service_resolver_new(client, instance.interface, instance.protocol, instance.name.c_str(),
                                                   instance.type.c_str(), instance.domain.c_str(), instance.protocol,
                                                   AvahiLookupFlags{}, &State::onResolve, this);
    if (instance.resolver == nullptr) resolveLater(instance);
}

void DnsSdBrowser::State::resolveLater(Instance& instance) {
    const AvahiPoll* api = loop->poll();
    timeval due{};
    avahi_elapse_time(&due, kResolveRetryMs, 0);
    if (instance.retry == nullptr)
        instance.retry = api->timeout_new(api, &due, &State::onRetryDue, &instance);
    else
        api->timeout_update(instance.retry, &due);
}

void DnsSdBrowser::State::onRetryDue(AvahiTimeout* timeout, void* data) {
    auto& instance = *static_cast<Instance*>(data);
    instance.owner->loop->poll()->timeout_update(timeout, nullptr);
    instance.owner->resolve(instance);
}

// Copies the resolved instances for the getters, in a stable order.
void DnsSdBrowser::State::refresh() {
    std::vector<FoundService> found;
    for (const Instance& instance : instances)
        if (instance.found) found.push_back(*instance.found);
    std::sort(found.begin(), found.end(), [](const FoundService& a, const FoundService& b) {
        return std::tie(a.name, a.interfaceName, a.ipv6, a.address) <
               std::tie(b.name, b.interfaceName, b.ipv6, b.address);
    });
    std::lock_guard lock(mutex);
    shown = std::move(found);
}

void DnsSdBrowser::State::onClientState(AvahiClient* newClient, AvahiClientState state) {
    switch (state) {
    case AVAHI_CLIENT_S_RUNNING:
    case AVAHI_CLIENT_S_REGISTERING:
    case AVAHI_CLIENT_S_COLLISION:
        if (browser != nullptr) break;
        client = newClient;
        browser = avahi_service_browser_new(client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, kDnsSdServiceType, nullptr,
                                            AvahiLookupFlags{}, &State::onBrowse, this);
        if (browser == nullptr) {
            std::lock_guard lock(mutex);
            browserProblem = std::string("Avahi made no browser (") + avahi_strerror(avahi_client_errno(client)) + ")";
        }
        break;
    case AVAHI_CLIENT_FAILURE: // the loop frees the client, its browser and its resolvers
        client = nullptr;
        browser = nullptr;
        for (const Instance& instance : instances) // the timers are the poll's: freed here
            if (instance.retry != nullptr) loop->poll()->timeout_free(instance.retry);
        instances.clear();
        refresh();
        {
            std::lock_guard lock(mutex);
            browserProblem.reset();
        }
        break;
    case AVAHI_CLIENT_CONNECTING:
        break;
    }
}

void DnsSdBrowser::State::onBrowse(AvahiServiceBrowser* browser, AvahiIfIndex interface, AvahiProtocol protocol,
                                   AvahiBrowserEvent event, const char* name, const char* type, const char* domain,
                                   AvahiLookupResultFlags, void* self) {
    auto& state = *static_cast<State*>(self);
    const auto same = [&](const Instance& instance) {
        return instance.interface == interface && instance.protocol == protocol && instance.name == name &&
               instance.type == type && instance.domain == domain;
    };
    switch (event) {
    case AVAHI_BROWSER_NEW:
        if (std::any_of(state.instances.begin(), state.instances.end(), same)) break;
        state.resolve(state.instances.emplace_back(
            Instance{&state, interface, protocol, name, type, domain, nullptr, nullptr, {}}));
        break;
    case AVAHI_BROWSER_REMOVE: {
        const auto gone = std::find_if(state.instances.begin(), state.instances.end(), same);
        if (gone == state.instances.end()) break;
        if (gone->resolver != nullptr) avahi_service_resolver_free(gone->resolver);
        if (gone->retry != nullptr) state.loop->poll()->timeout_free(gone->retry);
        state.instances.erase(gone);
        state.refresh();
        break;
    }
    case AVAHI_BROWSER_FAILURE: {
        std::lock_guard lock(state.mutex);
        state.browserProblem = std::string("Avahi's browser failed (") +
                               avahi_strerror(avahi_client_errno(avahi_service_browser_get_client(browser))) + ")";
        break;
    }
    case AVAHI_BROWSER_ALL_FOR_NOW:
    case AVAHI_BROWSER_CACHE_EXHAUSTED:
        break;
    }
}

void DnsSdBrowser::State::onResolve(AvahiServiceResolver* resolver, AvahiIfIndex interface, AvahiProtocol protocol,
                                    AvahiResolverEvent event, const char* name, const char*, const char*, const char*,
                                    const AvahiAddress* address, std::uint16_t port, AvahiStringList* txt,
                                    AvahiLookupResultFlags flags, void* self) {
    auto& state = *static_cast<State*>(self);
    const auto instance = std::find_if(state.instances.begin(), state.instances.end(),
                                       [&](const Instance& candidate) { return candidate.resolver == resolver; });
    if (instance == state.instances.end()) return;
    instance->found.reset();
    if (event == AVAHI_RESOLVER_FAILURE) { // not resolved in time: unlisted, and resolved again soon
        avahi_service_resolver_free(resolver);
        instance->resolver = nullptr;
        state.resolveLater(*instance);
    } else if (const std::optional<ServiceFacts> facts = parseTxtRecord(stringsOf(txt)); !facts) {
        std::lock_guard lock(state.mutex);
        ++state.ignored; // a garbled or foreign TXT record: skipped
    } else {
        FoundService found;
        found.name = name;
        found.interfaceName = interfaceNameOf(interface);
        found.address = addressText(*address, found.interfaceName);
        found.port = port;
        found.version = facts->version;
        found.passwordNeeded = facts->passwordNeeded;
        found.busy = facts->busy;
        found.rules = facts->rules;
        found.hostId = facts->hostId;
        found.ipv6 = protocol == AVAHI_PROTO_INET6;
        found.thisMachine = (flags & AVAHI_LOOKUP_RESULT_LOCAL) != 0;
        instance->found = std::move(found);
    }
    state.refresh();
}

DnsSdBrowser::DnsSdBrowser() : m_state(std::make_unique<State>()) {
    m_state->loop =
        std::make_unique<AvahiLoop>([state = m_state.get()](AvahiClient* client, AvahiClientState clientState) {
            state->onClientState(client, clientState);
        });
    m_state->loop->start();
}

DnsSdBrowser::~DnsSdBrowser() {
    m_state->loop.reset(); // stops the thread, frees the client with its browser and resolvers
}

std::vector<FoundService> DnsSdBrowser::snapshot() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->shown;
}

std::optional<std::string> DnsSdBrowser::problem() const {
    if (auto problem = m_state->loop->problem()) return problem;
    std::lock_guard lock(m_state->mutex);
    return m_state->browserProblem;
}

std::size_t DnsSdBrowser::ignoredCount() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->ignored;
}

} // namespace speed::net
