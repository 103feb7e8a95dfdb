#include "app/MatchSwitch.hpp"
#include "QuietNetworkView.hpp"

#include "match/AddressWords.hpp"
#include "match/NoMatch.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace speed;
using namespace speed::client;

namespace {

// A network match that is over (or not), answers a retry, and says when it is closed.
class FakeNetworkMatch final : public MatchDriver, public QuietNetworkView {
public:
    bool ended = true;
    int retries = 0;
    RetryOffer offer;
    bool* closed = nullptr;

    std::vector<AppliedMove> tick(TimeMs) override { return {}; }
    MoveAnswer propose(const Move&, TimeMs) override { return {}; }
    bool startNextGame(TimeMs) override { return false; }
    bool togglePause(TimeMs) override { return false; }
    GameInfo info() const override { return GameInfo::Nothing; }
    const GameState& state() const override { return m_state; }
    int localSeat() const override { return 0; }
    int gameNumber() const override { return 0; }
    std::uint64_t gameSeed() const override { return 0; }
    std::uint64_t firstSeed() const override { return 0; }
    bool speedCalled() const override { return false; }
    TimeMs elapsedMs(TimeMs) const override { return 0; }
    TimeMs nextWakeAt(TimeMs) const override { return kNever; }
    const std::vector<GameRecord>& finishedGames() const override { return m_finished; }
    NetworkView* network() override { return this; }
    void close() override {
        if (closed != nullptr) *closed = true;
    }

    bool retry(TimeMs) override {
        ++retries;
        return ended;
    }
    bool matchEnded() const override { return ended; }
    RetryOffer retryOffer() const override { return offer; }

private:
    GameState m_state;
    std::vector<GameRecord> m_finished;
};

// The switch with its matches made here: each network setup asked for is kept, and answered
// with a FakeNetworkMatch; each remembered peer is kept.
struct Bench {
    ClientOptions options;
    std::vector<NetworkSetup> networks;
    std::vector<std::string> remembered;
    std::vector<BotLevel> rememberedLevels;
    std::optional<WaitingMatch> waiting; // what the state folder keeps for the host's port
    std::vector<std::uint16_t> lookedOn;  // the ports a waiting match was looked for on
    std::vector<std::uint16_t> dismissed;
    int replaced = 0;
    MatchSwitch sw;

    Bench() : options(startOptions()), sw(options, std::make_unique<NoMatch>(options.rules), makers()) {
        sw.onReplaced([this] { ++replaced; });
    }

    static ClientOptions startOptions() {
        ClientOptions options;
        options.configPath = "/nonexistent/setup.ini";
        options.seed = 40;
        return options;
    }

    MatchSwitch::Makers makers() {
        MatchSwitch::Makers made = MatchSwitch::windowMakers();
        made.network = [this](NetworkSetup setup, TimeMs) {
            networks.push_back(std::move(setup));
            return std::make_unique<FakeNetworkMatch>();
        };
        made.rememberPeer = [this](const std::string&, const std::string& peer) { remembered.push_back(peer); };
        made.rememberLevel = [this](const std::string&, BotLevel level) { rememberedLevels.push_back(level); };
        made.findWaiting = [this](std::uint16_t port, TimeMs) {
            lookedOn.push_back(port);
            return waiting;
        };
        made.dismissWaiting = [this](std::uint16_t port) {
            dismissed.push_back(port);
            waiting.reset();
        };
        return made;
    }
};

ui::UiCommand join(std::string address) {
    ui::UiCommand command(ui::UiAction::JoinGame);
    command.address = std::move(address);
    return command;
}

} // namespace

TEST_CASE("match switch: Play vs CPU leaves the start screen for an offline game", "[app]") {
    Bench bench;
    ui::UiCommand play(ui::UiAction::PlayVsCpu);
    play.level = BotLevel::Hard;
    CHECK(bench.sw.apply(play, 0) == MatchChange::Replaced);
    CHECK(bench.replaced == 1);
    CHECK(bench.sw.match().hasTable());
    CHECK(bench.sw.match().network() == nullptr);
    CHECK(bench.sw.match().gameSeed() == 40);
    CHECK(bench.options.vsCpu);
    CHECK(bench.options.cpuLevel == BotLevel::Hard);
    CHECK(bench.rememberedLevels == std::vector<BotLevel>{BotLevel::Hard}); // setup.ini's level from now on
    // Another game against the CPU deals on from the last one, at the level in force.
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::PlayVsCpuInstead), 10) == MatchChange::Replaced);
    CHECK(bench.sw.match().gameSeed() == 41);
    CHECK(bench.options.cpuLevel == BotLevel::Hard);
    CHECK(bench.rememberedLevels.size() == 1);
}

TEST_CASE("match switch: Two players leaves the start screen for an offline game with both seats here", "[app]") {
    Bench bench;
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::PlayTwoPlayers), 0) == MatchChange::Replaced);
    CHECK(bench.replaced == 1);
    CHECK(bench.sw.match().hasTable());
    CHECK(bench.sw.match().network() == nullptr);
    CHECK(bench.sw.match().bothSeatsLocal());
    CHECK(bench.sw.match().gameSeed() == 40);
    CHECK(bench.options.twoPlayers);
    CHECK_FALSE(bench.options.vsCpu);
    // The CPU afterwards: one seat here again.
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::PlayVsCpuInstead), 10) == MatchChange::Replaced);
    CHECK_FALSE(bench.sw.match().bothSeatsLocal());
    CHECK_FALSE(bench.options.twoPlayers);
    CHECK(bench.options.vsCpu);
}

TEST_CASE("match switch: Host waits on the port in force, Join joins and remembers the address", "[app]") {
    Bench bench;
    bench.options.vsCpu = true;
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::HostGame), 0) == MatchChange::Replaced);
    REQUIRE(bench.networks.size() == 1);
    CHECK_FALSE(bench.networks[0].connect.peer);
    CHECK_FALSE(bench.networks[0].connect.joinOnly);
    CHECK(bench.networks[0].connect.hostPort == bench.options.settings.network.port);
    CHECK(bench.remembered.empty());
    CHECK_FALSE(bench.options.vsCpu);
    REQUIRE(bench.sw.match().network() != nullptr);

    bool hostClosed = false;
    dynamic_cast<FakeNetworkMatch&>(bench.sw.match()).closed = &hostClosed;
    CHECK(bench.sw.apply(join("10.0.0.2:6000"), 5) == MatchChange::Replaced);
    CHECK(hostClosed); // the match left says goodbye
    REQUIRE(bench.networks.size() == 2);
    REQUIRE(bench.networks[1].connect.peer);
    CHECK(*bench.networks[1].connect.peer == HostPort{"10.0.0.2", 6000});
    CHECK(bench.networks[1].connect.joinOnly);
    CHECK(bench.remembered == std::vector<std::string>{"10.0.0.2:6000"});
    CHECK(bench.options.connectFlags.join == std::optional<std::string>("10.0.0.2:6000"));
    CHECK(bench.replaced == 2);
}

TEST_CASE("match switch: an address that does not parse stays on the start screen and says why", "[app]") {
    Bench bench;
    CHECK(bench.sw.apply(join("host:"), 0) == MatchChange::StartScreen);
    CHECK(bench.networks.empty());
    CHECK(bench.remembered.empty());
    CHECK(bench.replaced == 0);
    REQUIRE(bench.sw.peerProblem());
    CHECK(bench.sw.peerProblem()->source == PeerSource::JoinFlag);
    CHECK(bench.sw.peerProblem()->error.kind == HostPortProblem::EmptyPort);
    const ui::StartScreenFacts facts = bench.sw.startScreenFacts();
    CHECK(facts.reason == peerProblemWords(*bench.sw.peerProblem(), bench.options.configPath));
    CHECK(facts.reason == describe(*bench.sw.peerProblem(), bench.options.configPath)); // English: as before
    CHECK_FALSE(facts.canRetry);
    CHECK(bench.sw.leaveToStart() == MatchChange::StartScreen); // Cancel forgets it
    CHECK_FALSE(bench.sw.peerProblem());
    CHECK(bench.sw.startScreenFacts().reason.empty());
}

TEST_CASE("match switch: Cancel empties the table; an ended network match offers to connect again", "[app]") {
    Bench bench;
    REQUIRE(bench.sw.apply(ui::UiCommand(ui::UiAction::HostGame), 0) == MatchChange::Replaced);
    auto& hosting = dynamic_cast<FakeNetworkMatch&>(bench.sw.match());
    hosting.ended = false;
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::Retry), 1) == MatchChange::None); // not over yet: R does nothing
    hosting.ended = true;
    CHECK(bench.sw.startScreenOver("nobody came") == MatchChange::StartScreen);
    ui::StartScreenFacts facts = bench.sw.startScreenFacts();
    CHECK(facts.reason == "nobody came");
    CHECK(facts.canRetry);
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::Retry), 2) == MatchChange::Reconnected);
    CHECK(hosting.retries == 2);

    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::LeaveToStart), 3) == MatchChange::StartScreen);
    CHECK_FALSE(bench.sw.match().hasTable());
    facts = bench.sw.startScreenFacts();
    CHECK(facts.reason.empty());
    CHECK_FALSE(facts.canRetry);
}

TEST_CASE("match switch: commands that do not choose the match change nothing", "[app]") {
    Bench bench;
    for (ui::UiAction action : {ui::UiAction::Quit, ui::UiAction::ToggleSound, ui::UiAction::NextGame}) {
        CHECK(bench.sw.apply(ui::UiCommand(action), 0) == MatchChange::None);
    }
    CHECK(bench.sw.retry(0) == MatchChange::None); // no network match to connect again
    CHECK(bench.replaced == 0);
}

TEST_CASE("match switch: a host chosen on the start screen waits until cancelled, a joiner as setup.ini says", "[app]") {
    Bench bench;
    REQUIRE(bench.sw.apply(ui::UiCommand(ui::UiAction::HostGame), 0) == MatchChange::Replaced);
    CHECK(bench.networks.back().connect.waitMs == kNever);
    REQUIRE(bench.sw.apply(join("10.0.0.2"), 1) == MatchChange::Replaced);
    CHECK(bench.networks.back().connect.waitMs == 1000LL * bench.options.settings.network.waitSeconds);
}

TEST_CASE("match switch: after a match the start screen says what connecting again does", "[app]") {
    Bench bench;
    REQUIRE(bench.sw.apply(ui::UiCommand(ui::UiAction::HostGame), 0) == MatchChange::Replaced);
    auto& hosted = dynamic_cast<FakeNetworkMatch&>(bench.sw.match());
    hosted.offer.hosts = true;
    REQUIRE(bench.sw.startScreenOver("Ken left") == MatchChange::StartScreen);
    ui::StartScreenFacts facts = bench.sw.startScreenFacts();
    CHECK(facts.canRetry);
    CHECK(facts.retryHosts); // "Host again", waiting on the port
    CHECK(facts.retryJoins.empty());
    CHECK(facts.port == bench.options.settings.network.port);

    REQUIRE(bench.sw.apply(join("10.0.0.2"), 1) == MatchChange::Replaced);
    auto& joined = dynamic_cast<FakeNetworkMatch&>(bench.sw.match());
    joined.offer.joins = "Ken";
    REQUIRE(bench.sw.startScreenOver("Ken left") == MatchChange::StartScreen);
    facts = bench.sw.startScreenFacts();
    CHECK_FALSE(facts.retryHosts);
    CHECK(facts.retryJoins == "Ken"); // "Join Ken again"
}

TEST_CASE("match switch: a match the journal keeps is offered, resumed by hosting, or given up", "[app]") {
    Bench bench;
    bench.waiting = WaitingMatch{"Ken", 2, 40'000};
    ui::StartScreenFacts facts = bench.sw.startScreenFacts();
    REQUIRE(facts.waiting);
    CHECK(facts.waiting->peerName == "Ken");
    CHECK(facts.waiting->game == 2);
    CHECK(bench.lookedOn.back() == bench.options.settings.network.port);

    // Resume hosts on the port (the connector takes the journal's match back there).
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::ResumeWaiting), 0) == MatchChange::Replaced);
    REQUIRE(bench.networks.size() == 1);
    CHECK_FALSE(bench.networks[0].connect.peer);
    CHECK(bench.networks[0].connect.hostPort == bench.options.settings.network.port);
    CHECK(bench.dismissed.empty());

    // Given up: the journal goes, and the start screen says what becomes of the match.
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::LeaveToStart), 1) == MatchChange::StartScreen);
    CHECK(bench.sw.startScreenFacts().waiting);
    CHECK(bench.sw.apply(ui::UiCommand(ui::UiAction::DismissWaiting), 2) == MatchChange::StartScreen);
    CHECK(bench.dismissed == std::vector<std::uint16_t>{bench.options.settings.network.port});
    facts = bench.sw.startScreenFacts();
    CHECK_FALSE(facts.waiting);
    CHECK(facts.reason.find("Ken") != std::string::npos);
    CHECK(bench.networks.size() == 1); // nothing hosted
}
