// A small program for the DNS-SD tests (dnssd_lab.sh), not installed:
//   dnssd_probe publish NAME PORT [--busy] [--password] [--rules TOKEN]
//       publishes NAME (rules 2S4MF unless told) until SIGTERM or SIGINT; prints "published as
//       NAME" each time the daemon has announced it (again, or under a new name after a clash), and "updated
//       state=busy|waiting" after each SIGUSR1, which turns it over.
//   dnssd_probe browse SECONDS
//       prints a line per instance as it is found or changes, and "gone ..." when it leaves:
//       found "Taro" 10.77.0.2 port 50001 v=7 pw=0 state=waiting rules=2S4MF if=eth0
//       (with " this-machine" at the end for a service this machine's own daemon publishes)
// Either prints "problem: ..." on standard error each time its problem changes.
#include "speed/net/DnsSd.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>

using namespace speed::net;

namespace {

volatile std::sig_atomic_t g_stop = 0;
volatile std::sig_atomic_t g_turns = 0;

void onStop(int) {
    g_stop = 1;
}
void onTurn(int) {
    g_turns = g_turns + 1;
}

constexpr auto kTick = std::chrono::milliseconds(20);

void reportProblem(const std::optional<std::string>& problem, std::optional<std::string>& said) {
    if (problem == said) return;
    said = problem;
    if (problem) std::fprintf(stderr, "problem: %s\n", problem->c_str());
}

int publish(const std::string& name, int port, bool busy, bool password, const std::string& rules) {
    ServiceFacts facts;
    facts.name = name;
    facts.port = static_cast<std::uint16_t>(port);
    facts.version = 7;
    facts.busy = busy;
    facts.passwordNeeded = password;
    facts.rules = rules;
    DnsSdAnnouncer announcer(facts);
    std::optional<std::string> said;
    std::string told; // the name last said published ("" while not published)
    int turnsDone = 0;
    while (g_stop == 0) {
        reportProblem(announcer.problem(), said);
        const std::string published = announcer.published() ? announcer.publishedName() : "";
        if (!published.empty() && published != told) std::printf("published as %s\n", published.c_str());
        told = published;
        if (turnsDone != g_turns) {
            turnsDone = g_turns;
            facts.busy = !facts.busy;
            announcer.update(facts);
            std::printf("updated state=%s\n", facts.busy ? "busy" : "waiting");
        }
        std::fflush(stdout);
        std::this_thread::sleep_for(kTick);
    }
    return 0;
}

std::string lineOf(const FoundService& found) {
    char line[512];
    std::snprintf(line, sizeof line, "\"%s\" %s port %u v=%d pw=%d state=%s rules=%s if=%s%s", found.name.c_str(),
                  found.address.c_str(), static_cast<unsigned>(found.port), found.version, found.passwordNeeded ? 1 : 0,
                  found.busy ? "busy" : "waiting", found.rules.c_str(), found.interfaceName.c_str(),
                  found.thisMachine ? " this-machine" : "");
    return line;
}

int browse(double seconds) {
    DnsSdBrowser browser;
    std::optional<std::string> said;
    std::map<std::string, std::string> shown; // instance (name, interface, protocol) -> its line
    std::size_t ignoredShown = 0;
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (g_stop == 0 && std::chrono::steady_clock::now() < end) {
        reportProblem(browser.problem(), said);
        std::map<std::string, std::string> now;
        for (const FoundService& found : browser.snapshot())
            now[found.name + "/" + found.interfaceName + (found.ipv6 ? "/6" : "/4")] = lineOf(found);
        for (const auto& [key, line] : now)
            if (shown[key] != line) std::printf("found %s\n", line.c_str());
        for (const auto& [key, line] : shown)
            if (!line.empty() && now.count(key) == 0) std::printf("gone %s\n", line.c_str());
        shown = std::move(now);
        if (browser.ignoredCount() != ignoredShown) {
            ignoredShown = browser.ignoredCount();
            std::printf("ignored %zu\n", ignoredShown);
        }
        std::fflush(stdout);
        std::this_thread::sleep_for(kTick);
    }
    return 0;
}

int usage() {
    std::fprintf(stderr, "usage: dnssd_probe publish NAME PORT [--busy] [--password] [--rules TOKEN]\n"
                         "       dnssd_probe browse SECONDS\n");
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    std::signal(SIGTERM, onStop);
    std::signal(SIGINT, onStop);
    std::signal(SIGUSR1, onTurn);
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "publish" && argc >= 4) {
        bool busy = false;
        bool password = false;
        std::string rules = "2S4MF";
        for (int i = 4; i < argc; ++i) {
            const std::string flag = argv[i];
            if (flag == "--busy")
                busy = true;
            else if (flag == "--password")
                password = true;
            else if (flag == "--rules" && i + 1 < argc)
                rules = argv[++i];
            else
                return usage();
        }
        const int port = std::atoi(argv[3]);
        if (port <= 0 || port > 65535) return usage();
        return publish(argv[2], port, busy, password, rules);
    }
    if (mode == "browse" && argc == 3) {
        const double seconds = std::atof(argv[2]);
        if (seconds <= 0) return usage();
        return browse(seconds);
    }
    return usage();
}
