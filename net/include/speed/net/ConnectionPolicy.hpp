#pragma once

#include "speed/net/Connector.hpp"
#include "speed/protocol/SessionEvent.hpp"
#include "speed/protocol/SessionTypes.hpp"

namespace speed {

// What a program that connects on a person's behalf does around its Connector, attempt after
// attempt: when the wait it shows ends, what to try when this machine's own port is taken, what
// a failure then means, and which options the next attempt uses. Pure: it owns no socket and
// reads no clock; times are the Connector's clock.
class ConnectionPolicy {
public:
    // A Speed host on this machine answers within milliseconds: past this much silence the
    // port belongs to some other program.
    static constexpr TimeMs kLocalHostAnswerMs = 4000;

    explicit ConnectionPolicy(ConnectOptions configured);

    // The options as configured (settings and flags, or as saved since).
    const ConnectOptions& configured() const { return m_configured; }
    // The options the current attempt uses: the configured ones, or those joining this machine's port.
    const ConnectOptions& attempt() const { return m_attempt; }

    // A new attempt starts at `now` with the configured options.
    void begin(TimeMs now);
    // Where the wait shown to the player ends: the configured wait after the attempt began.
    TimeMs giveUpAt() const { return m_giveUpAt; }

    // The attempt could not even start. True when it should rather join whoever hosts on this
    // machine's port (no peer, and hosting found the port taken: another copy of the program
    // hosts there); attempt() then says how.
    bool joinLocalHostAfter(ConnectorFailure failure);
    bool joinedLocalHost() const { return m_joinedLocalHost; }
    // The failure means the port is held by a program that does not answer as a Speed host.
    bool portHeldByAnotherProgram(ConnectorFailure failure) const;

    // The next attempt connects with `next` (settings saved since), the deal seed kept.
    void connectNextWith(const ConnectOptions& next);

private:
    ConnectOptions m_configured;
    ConnectOptions m_attempt;
    TimeMs m_giveUpAt = kNever;
    bool m_joinedLocalHost = false;
};

// A host whose match was given up (its peer lost for good when the grace ran out, its record
// found damaged by the returning client, the two tables stalled) waits on its port for a new
// player: that end is the match's, not the session's.
bool hostsAnewAfter(protocol::SessionRole role, const protocol::SessionEvent& ended);

} // namespace speed
