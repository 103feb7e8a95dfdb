#include "app/NetworkPlay.hpp"
#include "QuietNetworkView.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

namespace {

// A network match that only records the connection it is told to make next.
class RecordingView : public QuietNetworkView {
public:
    std::optional<ConnectOptions> next;

    void connectNextWith(const ConnectOptions& connect) override { next = connect; }
};

Settings savedSettings() {
    Settings saved;
    saved.network.peer = "10.0.0.7:50123";
    saved.network.port = 50100;
    saved.network.waitSeconds = 45;
    saved.network.graceSeconds = 300;
    saved.network.password = "kiwi fruit";
    saved.player.name = "hanako";
    saved.rules.handSize = 6;
    saved.cpuLevel = BotLevel::Hard;
    return saved;
}

} // namespace

TEST_CASE("saved settings: the next connection uses the network keys as saved", "[client][settings]") {
    ClientOptions options;
    RecordingView view;
    adoptSavedSettings(savedSettings(), options, &view);
    CHECK(options.rules.handSize == 6);
    CHECK(options.cpuLevel == BotLevel::Hard);
    REQUIRE(view.next);
    CHECK(view.next->hostPort == 50100);
    CHECK(view.next->waitMs == 45000);
    CHECK(view.next->session.timing.graceMs == 300000);
    CHECK(view.next->password == "kiwi fruit");
    CHECK(view.next->session.playerName == "hanako");
    CHECK(view.next->session.rules.handSize == 6);
    REQUIRE(view.next->peer);
    CHECK(formatHostPort(*view.next->peer) == "10.0.0.7:50123");
}

TEST_CASE("saved settings: --join's target stays when the saved file names no peer", "[client][settings]") {
    ClientOptions options;
    options.connectFlags.join = "192.168.1.20";
    Settings saved = savedSettings();
    saved.network.peer.clear();
    RecordingView view;
    adoptSavedSettings(saved, options, &view);
    REQUIRE(view.next);
    CHECK(view.next->joinOnly);
    REQUIRE(view.next->peer);
    CHECK(view.next->peer->host == "192.168.1.20");
    CHECK(view.next->peer->port == 50100);
    adoptSavedSettings(saved, options, nullptr); // offline: only the options change
    CHECK(options.settings.network.password == "kiwi fruit");
}

TEST_CASE("network setup: the grace in force becomes the session's graceMs", "[client][settings]") {
    ClientOptions options;
    NetworkSetup setup;
    REQUIRE_FALSE(networkSetupFor(options, 1, setup));
    CHECK(setup.connect.session.timing.graceMs == 60000); // the default, as SessionTiming's own
    options.connectFlags.graceSeconds = 5;
    REQUIRE_FALSE(networkSetupFor(options, 1, setup));
    CHECK(setup.connect.session.timing.graceMs == 5000);
}

TEST_CASE("network setup: a peer that does not parse comes back typed, with where it was written", "[client][settings]") {
    ClientOptions options;
    options.configPath = "/etc/s.ini";
    options.settings.network.peer = "10.0.0.2:99999";
    NetworkSetup setup;
    const auto fromFile = networkSetupFor(options, 1, setup);
    REQUIRE(fromFile);
    CHECK(fromFile->source == PeerSource::SetupPeer);
    CHECK(fromFile->error.kind == HostPortProblem::BadPort);
    // The terminal's line, as `speed` has always printed it.
    CHECK(describe(*fromFile, options.configPath) == "/etc/s.ini peer: bad port \"99999\": expected 1..65535");
    options.connectFlags.join = "10.0.0.2:";
    const auto fromFlag = networkSetupFor(options, 1, setup);
    REQUIRE(fromFlag);
    CHECK(fromFlag->source == PeerSource::JoinFlag);
    CHECK(fromFlag->error.kind == HostPortProblem::EmptyPort);
    CHECK(describe(*fromFlag, options.configPath) == "--join: empty port in \"10.0.0.2:\"");
}
