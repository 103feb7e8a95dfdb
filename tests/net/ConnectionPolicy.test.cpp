#include "speed/net/ConnectionPolicy.hpp"

#include <catch2/catch.hpp>

using namespace speed;

namespace {

ConnectOptions hosting() {
    ConnectOptions options;
    options.hostPort = 50001;
    options.waitMs = 30'000;
    options.session.dealSeed = 7;
    return options;
}

} // namespace

TEST_CASE("connection policy: the wait shown ends the configured wait after the attempt began", "[connection]") {
    ConnectionPolicy policy(hosting());
    policy.begin(1'000);
    CHECK(policy.giveUpAt() == 31'000);
    CHECK(policy.attempt().hostPort == 50001);
    CHECK_FALSE(policy.joinedLocalHost());
}

TEST_CASE("connection policy: a host whose port is taken joins whoever hosts there, briefly", "[connection]") {
    ConnectionPolicy policy(hosting());
    policy.begin(0);
    CHECK_FALSE(policy.joinLocalHostAfter(ConnectorFailure::CannotBindPort));
    REQUIRE(policy.joinLocalHostAfter(ConnectorFailure::PortInUse));
    CHECK(policy.joinedLocalHost());
    REQUIRE(policy.attempt().peer);
    CHECK(*policy.attempt().peer == HostPort{"127.0.0.1", 50001});
    CHECK(policy.attempt().joinOnly);
    CHECK(policy.attempt().waitMs == ConnectionPolicy::kLocalHostAnswerMs);
    CHECK(policy.giveUpAt() == 30'000); // the wait shown stays the configured one
    // Nobody answered there as a Speed host: the port belongs to another program.
    CHECK(policy.portHeldByAnotherProgram(ConnectorFailure::NoHostAnswered));
    CHECK_FALSE(policy.portHeldByAnotherProgram(ConnectorFailure::Refused));
    // Only once per attempt; the next attempt starts from the configured options again.
    CHECK_FALSE(policy.joinLocalHostAfter(ConnectorFailure::PortInUse));
    policy.begin(40'000);
    CHECK_FALSE(policy.attempt().peer);
    CHECK_FALSE(policy.portHeldByAnotherProgram(ConnectorFailure::NoHostAnswered));
}

TEST_CASE("connection policy: a short wait is not lengthened, and a peer is never replaced", "[connection]") {
    ConnectOptions shortWait = hosting();
    shortWait.waitMs = 2'000;
    ConnectionPolicy policy(shortWait);
    policy.begin(0);
    REQUIRE(policy.joinLocalHostAfter(ConnectorFailure::PortInUse));
    CHECK(policy.attempt().waitMs == 2'000);

    ConnectOptions joining = hosting();
    joining.peer = HostPort{"10.0.0.2", 50001};
    ConnectionPolicy withPeer(joining);
    withPeer.begin(0);
    CHECK_FALSE(withPeer.joinLocalHostAfter(ConnectorFailure::PortInUse));
}

TEST_CASE("connection policy: the next attempt takes the saved settings, the deal seed kept", "[connection]") {
    ConnectionPolicy policy(hosting());
    policy.begin(0);
    ConnectOptions saved = hosting();
    saved.hostPort = 50002;
    saved.session.dealSeed = 0;
    policy.connectNextWith(saved);
    CHECK(policy.attempt().hostPort == 50001); // the running attempt is not changed
    policy.begin(1'000);
    CHECK(policy.attempt().hostPort == 50002);
    CHECK(policy.attempt().session.dealSeed == 7);
}

TEST_CASE("connection policy: only a host whose match was given up waits anew", "[connection]") {
    protocol::SessionEvent ended;
    ended.kind = protocol::SessionEventKind::Ended;
    ended.cause = protocol::EndCause::PeerLost;
    CHECK(hostsAnewAfter(protocol::SessionRole::Host, ended));
    CHECK_FALSE(hostsAnewAfter(protocol::SessionRole::Client, ended));
    ended.cause = protocol::EndCause::ShutdownThere;
    CHECK_FALSE(hostsAnewAfter(protocol::SessionRole::Host, ended));
    // A record found behind its client, and a stalled match, are given up the same way.
    ended.cause = protocol::EndCause::RecordDamaged;
    CHECK(hostsAnewAfter(protocol::SessionRole::Host, ended));
    ended.cause = protocol::EndCause::Stalled;
    CHECK(hostsAnewAfter(protocol::SessionRole::Host, ended));
    CHECK_FALSE(hostsAnewAfter(protocol::SessionRole::Client, ended));
}

TEST_CASE("connection policy: a host that waits until cancelled has no end to its wait", "[connection]") {
    ConnectOptions untilCancelled = hosting();
    untilCancelled.waitMs = kNever;
    ConnectionPolicy policy(untilCancelled);
    policy.begin(1'000);
    CHECK(policy.giveUpAt() == kNever); // not the wrapped sum of the two
    REQUIRE(policy.joinLocalHostAfter(ConnectorFailure::PortInUse));
    CHECK(policy.attempt().waitMs == ConnectionPolicy::kLocalHostAnswerMs); // joining stays brief
}
