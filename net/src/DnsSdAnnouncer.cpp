// DnsSdAnnouncer: one `_speed._udp` service in an Avahi entry group, published again whenever the
// daemon comes back, renamed on a clash, its TXT record replaced when the host's facts change.
#include "speed/net/DnsSd.hpp"

#include "AvahiLoop.hpp"

#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-common/strlst.h>

namespace speed::net {

namespace {

// The TXT record as Avahi takes it; the caller frees it (avahi_string_list_free).
AvahiStringList* avahiTxtOf(const ServiceFacts& facts) {
    AvahiStringList* list = nullptr;
    const std::vector<std::string> strings = txtRecordOf(facts);
    for (auto entry = strings.rbegin(); entry != strings.rend(); ++entry) // each is prepended
        list = avahi_string_list_add(list, entry->c_str());
    return list;
}

} // namespace

// Everything below m_loop is touched on the loop's thread, or from another with the loop's lock
// held; what the getters read is also guarded by `mutex`.
struct DnsSdAnnouncer::State {
    ServiceFacts facts;
    AvahiEntryGroup* group = nullptr;
    mutable std::mutex mutex;
    std::string name;                        // the instance name in use (guarded by `mutex`)
    std::optional<std::string> groupProblem; // guarded by `mutex`
    bool established = false;                // guarded by `mutex`
    std::unique_ptr<AvahiLoop> loop;         // last: destroyed (its thread stopped) first

    void onClientState(AvahiClient* client, AvahiClientState state);
    static void onGroupState(AvahiEntryGroup* group, AvahiEntryGroupState state, void* self);
    void publish(AvahiClient* client);
    void withdraw();
    void rename();
    void setGroupProblem(std::optional<std::string> problem, bool nowEstablished = false);
    std::string currentName() const;
};

std::string DnsSdAnnouncer::State::currentName() const {
    std::lock_guard lock(mutex);
    return name;
}

void DnsSdAnnouncer::State::setGroupProblem(std::optional<std::string> problem, bool nowEstablished) {
    std::lock_guard lock(mutex);
    groupProblem = std::move(problem);
    established = nowEstablished;
}

// The next name Avahi offers after a clash: "Taro" -> "Taro #2" -> "Taro #3".
void DnsSdAnnouncer::State::rename() {
    char* next = avahi_alternative_service_name(currentName().c_str());
    std::lock_guard lock(mutex);
    name = next;
    avahi_free(next);
}

// Adds the service to the (new or emptied) group and commits it; the group's callback says when
// it is established, or that the name clashed.
void DnsSdAnnouncer::State::publish(AvahiClient* client) {
    if (group == nullptr) group = avahi_entry_group_new(client, &State::onGroupState, this);
    if (group == nullptr) {
        setGroupProblem(std::string("Avahi made no entry group (") + avahi_strerror(avahi_client_errno(client)) + ")");
        return;
    }
    if (!avahi_entry_group_is_empty(group)) return;
    if (!parseTxtRecord(txtRecordOf(facts))) { // every browser would skip it: say so rather than publish
        setGroupProblem("not published: no browser would list a service of protocol version " +
                        std::to_string(facts.version) + " with the rules \"" + facts.rules + "\"");
        return;
    }
    AvahiStringList* txt = avahiTxtOf(facts);
    int error = AVAHI_ERR_COLLISION;
    for (int attempt = 0; attempt < 20 && error == AVAHI_ERR_COLLISION; ++attempt) {
        error = avahi_entry_group_add_service_strlst(group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, AvahiPublishFlags{},
                                                     currentName().c_str(), kDnsSdServiceType, nullptr, nullptr,
                                                     facts.port, txt);
        if (error == AVAHI_ERR_COLLISION) rename(); // a service of this machine holds the name already
    }
    avahi_string_list_free(txt);
    if (error >= 0) error = avahi_entry_group_commit(group);
    if (error >= 0) {
        setGroupProblem(std::nullopt); // being published: an earlier refusal is over
        return;
    }
    setGroupProblem(std::string("Avahi refused the service (") + avahi_strerror(error) + ")");
    avahi_entry_group_reset(group);
}

void DnsSdAnnouncer::State::withdraw() {
    if (group != nullptr) avahi_entry_group_reset(group);
    setGroupProblem(std::nullopt);
}

void DnsSdAnnouncer::State::onClientState(AvahiClient* client, AvahiClientState state) {
    switch (state) {
    case AVAHI_CLIENT_S_RUNNING:
        publish(client);
        break;
    // The daemon's host name clashed or is being registered: the service waits for it.
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
        withdraw();
        break;
    case AVAHI_CLIENT_FAILURE: // the loop frees the client and its group
        group = nullptr;
        setGroupProblem(std::nullopt);
        break;
    case AVAHI_CLIENT_CONNECTING:
        break;
    }
}

void DnsSdAnnouncer::State::onGroupState(AvahiEntryGroup* group, AvahiEntryGroupState state, void* self) {
    auto& announcer = *static_cast<State*>(self);
    switch (state) {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
        announcer.setGroupProblem(std::nullopt, true);
        break;
    // Another machine on the LAN has the name: not published until the next one is.
    case AVAHI_ENTRY_GROUP_COLLISION:
        announcer.setGroupProblem(std::nullopt);
        announcer.rename();
        avahi_entry_group_reset(group);
        announcer.publish(avahi_entry_group_get_client(group));
        break;
    case AVAHI_ENTRY_GROUP_FAILURE:
        announcer.setGroupProblem(std::string("Avahi could not publish the service (") +
                                  avahi_strerror(avahi_client_errno(avahi_entry_group_get_client(group))) + ")");
        break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
        break;
    }
}

DnsSdAnnouncer::DnsSdAnnouncer(ServiceFacts facts) : m_state(std::make_unique<State>()) {
    m_state->name = serviceNameOf(facts.name);
    m_state->facts = std::move(facts);
    m_state->loop =
        std::make_unique<AvahiLoop>([state = m_state.get()](AvahiClient* client, AvahiClientState clientState) {
            state->onClientState(client, clientState);
        });
    m_state->loop->start();
}

DnsSdAnnouncer::~DnsSdAnnouncer() {
    m_state->loop.reset(); // stops the thread, frees the client: the daemon withdraws the service
}

void DnsSdAnnouncer::update(const ServiceFacts& facts) {
    AvahiLoop::Lock lock(*m_state->loop);
    State& state = *m_state;
    const bool sameService =
        serviceNameOf(facts.name) == serviceNameOf(state.facts.name) && facts.port == state.facts.port;
    state.facts = facts;
    if (state.group == nullptr || avahi_entry_group_is_empty(state.group)) {
        if (!sameService) {
            std::lock_guard guard(state.mutex);
            state.name = serviceNameOf(facts.name);
        }
        return; // published with these facts once the daemon is there
    }
    if (sameService && parseTxtRecord(txtRecordOf(facts))) {
        AvahiStringList* txt = avahiTxtOf(facts);
        const int error = avahi_entry_group_update_service_txt_strlst(state.group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                                                      AvahiPublishFlags{}, state.currentName().c_str(),
                                                                      kDnsSdServiceType, nullptr, txt);
        avahi_string_list_free(txt);
        if (error >= 0) return;
    }
    // Another name or port (or a TXT record the daemon would not replace, or no browser would
    // read): published anew, or withdrawn with the reason in problem().
    AvahiClient* client = avahi_entry_group_get_client(state.group);
    avahi_entry_group_reset(state.group);
    {
        std::lock_guard guard(state.mutex);
        state.name = serviceNameOf(facts.name);
        state.established = false;
    }
    state.publish(client);
}

std::optional<std::string> DnsSdAnnouncer::problem() const {
    if (auto problem = m_state->loop->problem()) return problem;
    std::lock_guard lock(m_state->mutex);
    return m_state->groupProblem;
}

std::string DnsSdAnnouncer::publishedName() const {
    return m_state->currentName();
}

bool DnsSdAnnouncer::published() const {
    std::lock_guard lock(m_state->mutex);
    return m_state->established;
}

} // namespace speed::net
