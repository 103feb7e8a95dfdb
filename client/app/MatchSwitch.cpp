#include "app/MatchSwitch.hpp"

#include "match/TutorialMatch.hpp"

#include "app/NetworkPlay.hpp"
#include "app/TableInput.hpp"
#include "match/AddressWords.hpp"
#include "match/NetworkDriver.hpp"
#include "match/NoMatch.hpp"

#include "speed/common/Random.hpp"
#include "speed/net/ConnectOptions.hpp"
#include "speed/net/LocalAddresses.hpp"
#include "speed/settings/Settings.hpp"
#include "speed/store/XdgDirs.hpp"
#include "text/Words.hpp"

#include <spdlog/spdlog.h>

#include <utility>

namespace speed::client {
namespace {

// The address joined becomes setup.ini's peer, so the next start offers it again.
void rememberPeerIn(const std::string& configPath, const std::string& peer) {
    SettingsResult loaded = loadSettings(configPath);
    if (!loaded.settings) {
        spdlog::warn("{} is not rewritten (it has a problem): the address is not remembered", configPath);
        return;
    }
    if (loaded.settings->network.peer == peer) return;
    loaded.settings->network.peer = peer;
    if (const SaveResult saved = saveSettings(configPath, *loaded.settings); !saved.error.empty()) {
        spdlog::warn("the address is not remembered: {}", saved.error);
        return;
    }
    spdlog::info("peer = {} saved to {}", peer, configPath);
}

// The CPU opponent chosen becomes setup.ini's level: the Settings dialog shows it, and the next
// start plays it again.
void rememberLevelIn(const std::string& configPath, BotLevel level) {
    SettingsResult loaded = loadSettings(configPath);
    if (!loaded.settings) {
        spdlog::warn("{} is not rewritten (it has a problem): the CPU level is not remembered", configPath);
        return;
    }
    if (loaded.settings->cpuLevel == level) return;
    loaded.settings->cpuLevel = level;
    if (const SaveResult saved = saveSettings(configPath, *loaded.settings); !saved.error.empty()) {
        spdlog::warn("the CPU level is not remembered: {}", saved.error);
        return;
    }
    spdlog::info("level = {} saved to {}", toString(level), configPath);
}

} // namespace

MatchSwitch::Makers MatchSwitch::windowMakers() {
    Makers makers;
    makers.vsCpu = [](const LocalMatchSetup& setup, TimeMs now) { return std::make_unique<LocalMatch>(setup, now); };
    makers.network = [](NetworkSetup setup, TimeMs now) {
        return std::make_unique<NetworkDriver>(std::move(setup), now);
    };
    makers.rememberPeer = rememberPeerIn;
    makers.rememberLevel = rememberLevelIn;
    makers.findWaiting = [](std::uint16_t port, TimeMs graceMs) { return findWaitingMatch(store::stateDir(), port, graceMs); };
    makers.dismissWaiting = [](std::uint16_t port) { dismissWaitingMatch(store::stateDir(), port); };
    return makers;
}

MatchSwitch::MatchSwitch(ClientOptions& options, std::unique_ptr<MatchDriver> first, Makers makers)
    : m_options(options), m_match(std::move(first)), m_makers(std::move(makers)) {}

MatchChange MatchSwitch::apply(const ui::UiCommand& command, TimeMs now) {
    switch (command.action) {
    case ui::UiAction::PlayVsCpu:
        // A level chosen (the Game menu, the start screen) is the one in force from now on.
        if (isLadderLevel(command.level) && m_makers.rememberLevel) m_makers.rememberLevel(m_options.configPath, command.level);
        return playVsCpu(command.level, now);
    case ui::UiAction::PlayVsCpuInstead:
        return playVsCpu(m_options.cpuLevel, now);
    case ui::UiAction::PlayTwoPlayers:
        return playTwoPlayers(now);
    case ui::UiAction::Retry:
        return retry(now);
    case ui::UiAction::HostGame:
        return playNetwork(std::nullopt, now);
    case ui::UiAction::JoinGame:
        return playNetwork(command.address, now, command.listed, command.password);
    case ui::UiAction::LeaveToStart:
        spdlog::info("menu: back to the start screen");
        return leaveToStart();
    case ui::UiAction::LearnToPlay:
        return learnToPlay(now);
    case ui::UiAction::ResumeWaiting:
        return resumeWaiting(now);
    case ui::UiAction::DismissWaiting:
        return dismissWaiting();
    default:
        return MatchChange::None;
    }
}

// A network match that runs says goodbye when its driver goes. The rules are those in force
// (setup.ini's, or as saved since); the deal follows the last one shown, if any.
MatchChange MatchSwitch::playVsCpu(BotLevel level, TimeMs now) {
    LocalMatchSetup setup;
    setup.rules = m_options.rules;
    setup.seed = m_match->gameSeed() != 0 ? m_match->gameSeed() + 1 : m_options.seed.value_or(freshDealSeed());
    setup.cpuLevel = level;
    setup.localBot = m_options.localBot;
    replace(m_makers.vsCpu(setup, now));
    m_options.vsCpu = true;
    m_options.twoPlayers = false;
    m_options.cpuLevel = level;
    m_options.cpuIdle = false;
    spdlog::info("menu: playing vs CPU {} offline, seed {}", toString(level), setup.seed);
    logTable(*m_match, m_options.dumpLayout);
    return MatchChange::Replaced;
}

// The rules in force; the deal follows the last one shown, as for a game against the CPU.
MatchChange MatchSwitch::playTwoPlayers(TimeMs now) {
    LocalMatchSetup setup;
    setup.rules = m_options.rules;
    setup.seed = m_match->gameSeed() != 0 ? m_match->gameSeed() + 1 : m_options.seed.value_or(freshDealSeed());
    setup.mode = LocalMode::TwoPlayers;
    replace(m_makers.vsCpu(setup, now));
    m_options.vsCpu = false;
    m_options.twoPlayers = true;
    spdlog::info("menu: playing two players on one keyboard, seed {}", setup.seed);
    logTable(*m_match, m_options.dumpLayout);
    return MatchChange::Replaced;
}

// The same connection as `speed` makes from setup.ini, with the settings in force.
MatchChange MatchSwitch::playNetwork(const std::optional<std::string>& peer, TimeMs now, bool listed,
                                     const std::optional<std::string>& password) {
    ClientOptions options = m_options;
    if (password) options.settings.network.password = *password;
    options.connectFlags.join = peer;
    options.connectFlags.hostOnly = !peer;
    NetworkSetup setup;
    if (const auto problem = networkSetupFor(options, m_options.seed.value_or(freshDealSeed()), setup)) {
        return startScreenForBadPeer(std::move(*problem));
    }
    // A host chosen here waits until the player cancels (a friend may still be typing the
    // address); setup.ini's `wait` bounds only a host started by flags or setup.ini.
    if (!peer) setup.connect.waitMs = kNever;
    if (peer && !listed) m_makers.rememberPeer(m_options.configPath, *peer);
    auto driver = m_makers.network(std::move(setup), now);
    m_options.connectFlags = options.connectFlags;
    m_options.vsCpu = false;
    m_options.twoPlayers = false;
    spdlog::info("start screen: {}", peer ? (listed ? "joining the listed host " : "joining ") + *peer : std::string("hosting"));
    replace(std::move(driver));
    return MatchChange::Replaced;
}

// "Learn to play": the guided lesson on its stacked deal, whatever ran before.
MatchChange MatchSwitch::learnToPlay(TimeMs now) {
    spdlog::info("learn to play: the lesson starts");
    replace(std::make_unique<TutorialMatch>(now));
    return MatchChange::Replaced;
}

MatchChange MatchSwitch::retry(TimeMs now) {
    NetworkView* network = m_match->network();
    return network != nullptr && network->retry(now) ? MatchChange::Reconnected : MatchChange::None;
}

MatchChange MatchSwitch::leaveToStart() {
    replace(std::make_unique<NoMatch>(m_options.rules));
    m_startReason.clear();
    m_peerProblem.reset();
    m_startOverTable = false;
    return MatchChange::StartScreen;
}

// Hosting on the port takes the journal's match back (Connector::hostSession): the same as
// Host, said as what it is.
MatchChange MatchSwitch::resumeWaiting(TimeMs now) {
    const auto waiting = m_makers.findWaiting(hostPort(), graceMs());
    if (waiting) spdlog::info("start screen: resuming the match with {} (game {})", waiting->peerName, waiting->game);
    else spdlog::info("start screen: the waiting match is no longer kept; hosting a new one");
    return playNetwork(std::nullopt, now);
}

MatchChange MatchSwitch::dismissWaiting() {
    const auto waiting = m_makers.findWaiting(hostPort(), graceMs());
    m_makers.dismissWaiting(hostPort());
    spdlog::info("start screen: the match with {} is given up", waiting ? waiting->peerName : std::string("?"));
    return startScreenOver(waiting ? trf("screen.resume.given_up", waiting->peerName) : std::string());
}

MatchChange MatchSwitch::startScreenOver(std::string reason) {
    m_startReason = std::move(reason);
    m_peerProblem.reset();
    m_startOverTable = true;
    return MatchChange::StartScreen;
}

MatchChange MatchSwitch::startScreenForBadPeer(PeerProblem problem) {
    startScreenOver(std::string());
    m_peerProblem = std::move(problem);
    return MatchChange::StartScreen;
}

// A network match that ended offers to connect again.
ui::StartScreenFacts MatchSwitch::startScreenFacts() const {
    const Settings settings = loadSettings(m_options.configPath).settings.value_or(Settings{});
    ui::StartScreenFacts facts;
    facts.reason = m_peerProblem ? peerProblemWords(*m_peerProblem, m_options.configPath) : m_startReason;
    facts.peer = m_options.connectFlags.join.value_or(settings.network.peer);
    facts.port = hostPort();
    facts.cpuLevel = m_options.cpuLevel;
    facts.addresses = lanAddresses();
    const NetworkView* network = m_match->network();
    facts.canRetry = m_startOverTable && network != nullptr && network->matchEnded();
    if (facts.canRetry) {
        const RetryOffer offer = network->retryOffer();
        facts.retryHosts = offer.hosts;
        facts.retryJoins = offer.joins;
        spdlog::info("start screen offers: {}", offer.hosts              ? fmt::format("host again on UDP port {}", facts.port)
                                                : !offer.joins.empty() ? "join " + offer.joins + " again"
                                                                       : std::string("connect again"));
    }
    if (const auto waiting = m_makers.findWaiting ? m_makers.findWaiting(facts.port, graceMs()) : std::nullopt) {
        facts.waiting = ui::WaitingOffer{waiting->peerName, waiting->game};
        spdlog::info("start screen offers: resume the match with {} (game {}) on UDP port {}, kept {} s more",
                     waiting->peerName, waiting->game, facts.port, waiting->graceLeftMs / 1000);
    }
    return facts;
}

std::uint16_t MatchSwitch::hostPort() const {
    return connectOptionsFrom(m_options.settings, m_options.connectFlags).options.hostPort;
}

TimeMs MatchSwitch::graceMs() const {
    return connectOptionsFrom(m_options.settings, m_options.connectFlags).options.session.timing.graceMs;
}

void MatchSwitch::replace(std::unique_ptr<MatchDriver> match) {
    m_match->close();
    m_match = std::move(match);
    if (m_replaced) m_replaced();
}

} // namespace speed::client
