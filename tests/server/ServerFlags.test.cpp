#include "ServerFlags.hpp"

#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>

#include <string>

using namespace speed;

namespace {

// Parses `line` as speed-server's command line (without the program's name) and says what
// flagRefusal makes of it.
std::string refusalOf(const std::string& line, ServerFlags& flags) {
    CLI::App app;
    addServerFlags(app, flags);
    app.parse(line, false);
    return flagRefusal(app);
}

std::string refusalOf(const std::string& line) {
    ServerFlags flags;
    return refusalOf(line, flags);
}

} // namespace

TEST_CASE("server flags: each mode takes its own flags", "[server][flags]") {
    CHECK(refusalOf("--simulate 5 --seed 3 --host-level hard --client-level easy --loss 0.1 "
                    "--delay 30 --delay-to-host 10 --jitter-to-client 5 --arbitration fair --json") == "");
    CHECK(refusalOf("--selfplay 5 --seed 3 --level hard --vs-level normal --json") == "");
    CHECK(refusalOf("--join 127.0.0.1:5000 --games 2 --level hard --seed 4 --arbitration fair --json") == "");
    CHECK(refusalOf("--port 5000 --wait 10 --grace 60 --no-resume") == "");
}

TEST_CASE("server flags: --simulate refuses --vs-level, the network's flags and a --level that sets no seat",
          "[server][flags]") {
    const std::string vsLevel = refusalOf("--simulate 5 --vs-level easy");
    CHECK(vsLevel.find("--vs-level") != std::string::npos);
    CHECK(vsLevel.find("--client-level") != std::string::npos);
    for (const char* flag : {"--join 127.0.0.1", "--port 5000", "--wait 5", "--grace 60", "--no-resume", "--games 2"}) {
        CAPTURE(flag);
        const std::string refusal = refusalOf(std::string("--simulate 5 ") + flag);
        CHECK(refusal.rfind(std::string(flag).substr(0, std::string(flag).find(' ')), 0) == 0);
    }
    CHECK(refusalOf("--simulate 5 --selfplay 5").find("two modes") != std::string::npos);
    // --level with both seats' own levels would set neither.
    CHECK(refusalOf("--simulate 5 --level hard --host-level easy --client-level novice").rfind("--level", 0) == 0);
    CHECK(refusalOf("--simulate 5 --level hard --host-level easy") == "");
}

TEST_CASE("server flags: --selfplay refuses the simulated network's flags, the seats' levels and --arbitration",
          "[server][flags]") {
    for (const std::string& flag : faultFlags()) {
        CAPTURE(flag);
        CHECK(refusalOf("--selfplay 5 " + flag + " 1").rfind(flag + " is --simulate's", 0) == 0);
    }
    for (const char* flag : {"--host-level", "--client-level"}) {
        CAPTURE(flag);
        const std::string refusal = refusalOf(std::string("--selfplay 5 ") + flag + " easy");
        CHECK(refusal.rfind(std::string(flag) + " is --simulate's", 0) == 0);
        CHECK(refusal.find("--vs-level") != std::string::npos);
    }
    CHECK(refusalOf("--selfplay 5 --arbitration fair").rfind("--arbitration", 0) == 0);
    CHECK(refusalOf("--selfplay 5 --port 5000").rfind("--port", 0) == 0);
    CHECK(refusalOf("--selfplay 5 --games 3").rfind("--games", 0) == 0);
    CHECK(refusalOf("--selfplay 5 --jobs 2").rfind("--jobs is --simulate's", 0) == 0);
    CHECK(refusalOf("--simulate 5 --jobs 0") == "");
}

TEST_CASE("server flags: hosting and joining refuse --simulate's and --selfplay's flags", "[server][flags]") {
    for (const std::string& flag : simulateOnlyFlags()) {
        CAPTURE(flag);
        const std::string value = flag.find("level") != std::string::npos ? " easy" : " 1";
        CHECK(refusalOf(flag + value).rfind(flag + " is --simulate's", 0) == 0);
        CHECK(refusalOf("--join 127.0.0.1 " + flag + value).rfind(flag + " is --simulate's", 0) == 0);
    }
    CHECK(refusalOf("--vs-level easy").rfind("--vs-level is --selfplay's", 0) == 0);
}

TEST_CASE("server flags: each direction's faults and each seat's level", "[server][flags]") {
    ServerFlags flags;
    REQUIRE(refusalOf("--simulate 7 --level normal --client-level easy --delay 30 --jitter 20 --delay-to-host 5 "
                      "--jitter-to-client 2 --loss 0.1 --loss-to-client 0.3 --dup-to-host 0.05 --reorder 0.2 "
                      "--corrupt-to-client 0.01",
                      flags) == "");
    const SimulateOptions options = simulateOptionsFrom(flags.simulate, *parseBotLevel(flags.level));
    CHECK(options.games == 7);
    CHECK(options.levels[0] == BotLevel::Normal);
    CHECK(options.levels[1] == BotLevel::Easy);
    CHECK(options.toHost.delayMs == 5);
    CHECK(options.toClient.delayMs == 30);
    CHECK(options.toHost.jitterMs == 20);
    CHECK(options.toClient.jitterMs == 2);
    CHECK(options.toHost.lossRate == 0.1);
    CHECK(options.toClient.lossRate == 0.3);
    CHECK(options.toHost.duplicateRate == 0.05);
    CHECK(options.toClient.duplicateRate == 0.0);
    CHECK(options.toHost.reorderRate == 0.2);
    CHECK(options.toClient.reorderRate == 0.2);
    CHECK(options.toHost.corruptRate == 0.0);
    CHECK(options.toClient.corruptRate == 0.01);
    // --level alone sets both seats; --host-level the host's.
    ServerFlags hostOnly;
    REQUIRE(refusalOf("--simulate 1 --level hard --host-level novice", hostOnly) == "");
    const SimulateOptions swapped = simulateOptionsFrom(hostOnly.simulate, *parseBotLevel(hostOnly.level));
    CHECK(swapped.levels[0] == BotLevel::Novice);
    CHECK(swapped.levels[1] == BotLevel::Hard);
}

TEST_CASE("server flags: a count of games out of range names the flag and its range", "[server][flags]") {
    // The message is what the player reads: the flag, the value and the range it may take, not a
    // floating-point bound no one can type.
    const auto errorOf = [](const std::string& line) {
        ServerFlags flags;
        CLI::App app;
        addServerFlags(app, flags);
        try {
            app.parse(line, false);
        } catch (const CLI::ParseError& error) {
            return std::string(error.what());
        }
        return std::string();
    };
    CHECK(errorOf("--simulate 0") == "--simulate: Value 0 not in range 1 to 2147483647");
    CHECK(errorOf("--selfplay -2") == "--selfplay: Value -2 not in range 1 to 2147483647");
    CHECK(errorOf("--port 5000 --games -1") == "--games: Value -1 not in range 0 to 2147483647");
    CHECK(errorOf("--simulate 1") == "");
    CHECK(errorOf("--port 5000 --games 0") == "");
}
