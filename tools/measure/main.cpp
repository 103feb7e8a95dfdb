// speed-measure: round-trip and one-way times of probes to a running host, per probe size, or a
// paced stream's goodput, loss, reordering and jitter (--mode stream); or, with --serve, the
// reflector that answers both.
#include "speed/common/Version.hpp"
#include "speed/net/ConnectOptions.hpp"
#include "speed/measure/MeasureReport.hpp"
#include "speed/measure/MeasureRun.hpp"
#include "speed/measure/StreamRun.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsFile.hpp"
#include "speed/net/UdpAddress.hpp"
#include "speed/measure/UdpProber.hpp"
#include "speed/measure/UdpReflector.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <sys/prctl.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>

namespace {

volatile std::sig_atomic_t g_stopRequested = 0; // set by SIGINT and SIGTERM in --serve
volatile std::sig_atomic_t g_reflectorDescriptor = -1; // the socket the signal wakes


struct Options {
    std::string target;
    std::string mode = "pow2";
    std::string configPath; // --config; empty until main resolves it (chooseSettingsFile)
    std::string logLevel = "warn";
    bool json = false;
    bool csv = false;
    bool serve = false;
    std::optional<int> port;
    speed::MeasurePlan plan;
    speed::StreamPlan stream;
    std::string perProbePath;   // --per-probe: every probe, CSV (.csv) or JSON lines
    double intervalReportS = 0; // --interval-report
    std::optional<int> dscp;    // --dscp
    bool sizeGiven = false;
    bool streamOptionGiven = false; // --rate, --duration or --bidir
};

void addOptions(CLI::App& app, Options& o) {
    app.set_version_flag("--version", std::string("speed-measure ") + speed::kVersion);
    auto* target = app.add_option("target", o.target,
                                  "HOST[:PORT] of a speed host, a speed-measure --serve or any UDP echo peer "
                                  "(port default: setup.ini's)");
    auto* serve = app.add_flag("--serve", o.serve,
                               "be the reflector: answer probes with ECHO (stamped when asked), count streams "
                               "(--mode stream) and send anything else back unchanged, until SIGINT or SIGTERM")
                      ->excludes(target);
    app.add_option("--port", o.port, "--serve: the UDP port to answer on (default: setup.ini's)")
        ->check(CLI::Range(1, 65535))
        ->needs(serve);
    app.add_option("--mode", o.mode,
                   "pow2: sizes 1, 2, 4 .. 2^X repeated N times; fixed: S bytes N times; stream: datagrams paced at "
                   "--rate for --duration, counted by the far side (like iperf3 -u)")
        ->check(CLI::IsMember({"pow2", "fixed", "stream"}))->capture_default_str();
    app.add_option("--max-exp", o.plan.maxExponent, "pow2: largest size is 2^X bytes (0..15)")->capture_default_str();
    app.add_option("--size", o.plan.size,
                   "fixed: bytes of UDP payload per probe (1..65507); stream: per datagram (default 1472, one "
                   "Ethernet frame)")
        ->capture_default_str();
    app.add_option("--rate", o.stream.rateMbps,
                   "stream: Mbit/s of UDP payload to send (0.01..100000); past what this machine can send, it "
                   "sends what it can, and the report says what actually left")
        ->capture_default_str();
    app.add_option("--duration", o.stream.durationS,
                   "stream: seconds to send (more than 0, at most 86400: a day); --rate x --duration / --size is at "
                   "most 4294967295 datagrams")
        ->capture_default_str();
    app.add_flag("--bidir", o.stream.bidir,
                 "stream: the far side (speed-measure --serve) streams back at the same rate at the same time");
    app.add_option("--count", o.plan.count, "pow2: sets; fixed: probes")->capture_default_str();
    app.add_option("--warmup", o.plan.warmup, "probes sent first and not counted")->capture_default_str();
    app.add_option("--interval", o.plan.intervalMs,
                   "ms between probes, on a fixed schedule whatever the round trip or the losses, many probes in "
                   "flight (like irtt); 0: back to back, each probe when the last one came back or timed out")
        ->capture_default_str();
    app.add_option("--timeout", o.plan.timeoutMs,
                   "ms after which an answer counts as late (back to back: the next probe goes); a probe with no "
                   "answer by the end of the run is lost (paced: the last probe's timeout and as long again, at "
                   "least 1 s); stream: how long answers and the last datagrams are waited for")
        ->capture_default_str();
    app.add_option("--per-probe", o.perProbePath,
                   "write every counted probe to FILE, one per line: sequence, size, intended, send and receive "
                   "times, the far side's stamps, RTT, one-way up and down, ok/late/lost, the way a lost probe was lost "
                   "(up/down, when the far side numbers its answers), copies; CSV when FILE ends in .csv, else JSON "
                   "lines ('-': standard output)");
    app.add_option("--interval-report", o.intervalReportS,
                   "print a line every S seconds while the probes run: sent, answered, late, unanswered, RTT "
                   "(to standard error with --json or --csv)")
        ->check(CLI::Range(0.1, 86400.0));
    app.add_option("--dscp", o.dscp,
                   "DSCP of the datagrams sent (0..63, e.g. 46 for EF, 34 for AF41; the ECN bits stay 0): probes and "
                   "streams; with --serve, its answers")
        ->check(CLI::Range(0, 63));
    auto* json = app.add_flag("--json", o.json, "print one JSON object last");
    app.add_flag("--csv", o.csv, "print CSV")->excludes(json);
    app.add_option("--config", o.configPath, speed::settingsFileHelp());
    app.add_option("--log-level", o.logLevel, "trace, debug, info, warn, error or off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))->capture_default_str();
}

// setup.ini's password as the measurement key (one Argon2id, about 0.1 s); none without a password.
struct MeasureKey {
    std::optional<speed::protocol::Key> key;
    bool ok = true;
};
MeasureKey measureKeyOf(const speed::Settings& settings) {
    if (settings.network.password.empty()) return {};
    const auto passwordKey = speed::protocol::derivePasswordKey(settings.network.password);
    if (!passwordKey) {
        std::cerr << "speed-measure: cannot derive setup.ini's password's key (out of memory?)\n";
        return {std::nullopt, false};
    }
    return {speed::protocol::deriveMeasureKey(*passwordKey), true};
}

// --serve: answers until a signal, then says how much it answered.
int serve(const Options& options) {
    const auto settings = speed::loadSettings(options.configPath);
    if (!settings.settings) {
        std::cerr << "speed-measure: " << settings.error->describe() << '\n';
        return 2;
    }
    speed::ConnectFlags flags;
    if (options.port) flags.port = static_cast<std::uint16_t>(*options.port);
    const std::uint16_t port = speed::connectOptionsFrom(*settings.settings, flags).options.hostPort;
    asio::io_context io;
    speed::SocketResult opened = speed::openHostSocket(io, port);
    if (!opened.socket) {
        std::cerr << "speed-measure: " << opened.error << '\n';
        return 1;
    }
    speed::UdpReflector reflector(std::move(*opened.socket));
    const auto measureKey = measureKeyOf(*settings.settings);
    if (!measureKey.ok) return 1;
    if (measureKey.key) reflector.setMeasureKey(*measureKey.key);
    if (options.dscp) {
        if (const std::string problem = reflector.setDscp(*options.dscp); !problem.empty()) {
            std::cerr << "speed-measure: cannot set --dscp " << *options.dscp << ": " << problem << '\n';
            return 1;
        }
    }
    g_reflectorDescriptor = reflector.descriptor();
    struct sigaction onSignal {};
    onSignal.sa_handler = [](int) {
        g_stopRequested = 1;
        speed::UdpReflector::wakeFromSignal(g_reflectorDescriptor);
    };
    sigemptyset(&onSignal.sa_mask);
    sigaction(SIGINT, &onSignal, nullptr);
    sigaction(SIGTERM, &onSignal, nullptr);
    std::cout << "speed-measure: reflecting on UDP port " << port
              << ": a probe gets its ECHO, anything else comes back unchanged (Ctrl-C ends)"
              << (measureKey.key ? "; signed requests answered under setup.ini's password" : "") << std::endl;
    reflector.run(g_stopRequested);
    const auto& counts = reflector.counts();
    std::cout << "speed-measure: answered " << counts.echoes + counts.unchanged << " of " << counts.received
              << " datagrams (" << counts.echoes << " ECHO, " << counts.unchanged << " unchanged, " << counts.dropped
              << " not answered; " << counts.badTags << " signed requests whose tag did not hold) from "
              << counts.addresses << " addresses; " << counts.streams << " streams, "
              << counts.streamDatagrams << " stream datagrams counted, " << counts.backSent << " sent back" << std::endl;
    return 0;
}

// --dscp on the prober's socket; false (after saying why) when the system refuses it.
bool applyDscp(const Options& options, speed::UdpProber& prober) {
    if (!options.dscp) return true;
    if (const std::string problem = prober.setDscp(*options.dscp); !problem.empty()) {
        std::cerr << "speed-measure: cannot set --dscp " << *options.dscp << ": " << problem << '\n';
        return false;
    }
    return true;
}

// --mode stream: opens, sends and reports one stream.
int measureStream(const Options& options, asio::io_context& io, const asio::ip::udp::endpoint& endpoint,
                  const std::optional<speed::protocol::Key>& measureKey) {
    speed::StreamPlan plan = options.stream;
    plan.timeoutMs = options.plan.timeoutMs;
    if (options.sizeGiven) plan.sizeBytes = options.plan.size;
    if (const std::string problem = validate(plan, speed::minimumStreamBytes()); !problem.empty()) {
        std::cerr << "speed-measure: " << problem << '\n';
        return 2;
    }
    speed::UdpProber prober(io, endpoint);
    if (!prober.openError().empty()) {
        std::cerr << "speed-measure: cannot open a UDP socket: " << prober.openError() << '\n';
        return 1;
    }
    if (!applyDscp(options, prober)) return 1;
    if (measureKey) prober.setMeasureKey(*measureKey);
    if (plan.sizeBytes > speed::MeasurePlan::kEthernetPayloadBytes) {
        std::cerr << "note: " << plan.sizeBytes << "-byte datagrams exceed " << speed::MeasurePlan::kEthernetPayloadBytes
                  << " bytes of UDP payload and will not fit one Ethernet frame (IP fragments them)\n";
    }
    const speed::StreamRunResult run = speed::runStream(prober, plan, std::cerr);
    const speed::StreamRunInfo info{speed::endpointText(endpoint), plan.rateMbps, plan.durationS, plan.sizeBytes,
                                    plan.bidir};
    if (run.counting == speed::StreamCounting::None && run.unauthenticated > 0) {
        std::cerr << "speed-measure: " << run.unauthenticated << " answers from " << info.target
                  << " came without a valid tag under setup.ini's password: a stream is authenticated against a "
                     "speed-measure --serve with the same password (a host or a plain echo cannot sign what it echoes)\n";
        return 1;
    }
    if (run.counting == speed::StreamCounting::None) {
        std::cerr << "speed-measure: no answer from " << info.target
                  << (run.refused ? ": nothing listens on that port (the machine refused)"
                                  : " to the stream's opening request: is a speed-measure --serve, a speed host or a "
                                    "UDP echo service running there?")
                  << '\n';
        return 1;
    }
    if (plan.bidir && run.counting == speed::StreamCounting::RoundTrip) {
        std::cerr << "note: --bidir needs a speed-measure --serve on the far side; this one echoes, so the stream "
                     "was counted round trip\n";
    }
    if (run.counting == speed::StreamCounting::OneWay && !run.reportReceived) {
        std::cerr << "speed-measure: the far side's counts did not arrive (3 requests): what it received is unknown\n";
    }
    if (options.json) speed::printStreamJson(std::cout, info, run);
    else if (options.csv) speed::printStreamCsv(std::cout, info, run);
    else speed::printStreamTable(std::cout, info, run);
    return run.counting == speed::StreamCounting::OneWay && !run.reportReceived ? 1 : 0;
}

// The options that make no run: stream options without --mode stream, no target, a probe plan
// out of bounds. Returns the exit code after saying why, or 0 when the run can start.
int refuseOptions(const Options& options, const speed::MeasurePlan& plan, bool stream) {
    if (options.streamOptionGiven && !stream) {
        std::cerr << "speed-measure: --rate, --duration and --bidir belong to --mode stream\n";
        return 2;
    }
    if (stream && (!options.perProbePath.empty() || options.intervalReportS > 0)) {
        std::cerr << "speed-measure: --per-probe and --interval-report belong to the probe modes (pow2, fixed)\n";
        return 2;
    }
    if (options.target.empty()) {
        std::cerr << "speed-measure: give a target HOST[:PORT], or --serve to be one (--help)\n";
        return 2;
    }
    if (const std::string problem = stream ? std::string() : validate(plan); !problem.empty()) {
        std::cerr << "speed-measure: " << problem << '\n';
        return 2;
    }
    return 0;
}

// The target's UDP endpoint, or the exit code after saying why there is none.
struct ResolvedTarget {
    std::optional<asio::ip::udp::endpoint> endpoint;
    int exitCode = 0; // without an endpoint: 2 for setup.ini or the target's form, 1 when it does not resolve
    std::optional<speed::protocol::Key> measureKey{}; // setup.ini's password's: probes and answers signed
};

ResolvedTarget resolveTarget(const Options& options, asio::io_context& io) {
    const auto settings = speed::loadSettings(options.configPath);
    if (!settings.settings) {
        std::cerr << "speed-measure: " << settings.error->describe() << '\n';
        return {std::nullopt, 2};
    }
    // The target is found as --join's would be: a missing port is setup.ini's.
    speed::ConnectFlags flags;
    flags.join = options.target;
    const speed::ConnectOptionsResult made = speed::connectOptionsFrom(*settings.settings, flags);
    if (made.problem) {
        std::cerr << "speed-measure: " << speed::describe(made.problem->error) << '\n';
        return {std::nullopt, 2};
    }
    const auto resolved = speed::resolveUdp(io, *made.options.peer);
    if (!resolved.endpoint) {
        std::cerr << "speed-measure: " << resolved.error << '\n';
        return {std::nullopt, 1};
    }
    const MeasureKey measureKey = measureKeyOf(*settings.settings);
    if (!measureKey.ok) return {std::nullopt, 1};
    return {*resolved.endpoint, 0, measureKey.key};
}

// --mode pow2 or fixed: sends the probes and prints their times.
int measureProbes(const Options& options, const speed::MeasurePlan& plan, asio::io_context& io,
                  const asio::ip::udp::endpoint& endpoint, const std::optional<speed::protocol::Key>& measureKey) {
    speed::UdpProber prober(io, endpoint);
    if (!prober.openError().empty()) {
        std::cerr << "speed-measure: cannot open a UDP socket: " << prober.openError() << '\n';
        return 1;
    }
    if (!applyDscp(options, prober)) return 1;
    if (measureKey) prober.setMeasureKey(*measureKey);
    std::ofstream perProbeFile;
    if (!options.perProbePath.empty() && options.perProbePath != "-") {
        perProbeFile.open(options.perProbePath, std::ios::out | std::ios::trunc);
        if (!perProbeFile) {
            std::cerr << "speed-measure: cannot write --per-probe " << options.perProbePath << ": "
                      << std::strerror(errno) << '\n';
            return 2;
        }
    }
    const bool table = !options.json && !options.csv;
    speed::MeasureOptions extras;
    extras.intervalReportS = options.intervalReportS;
    const auto run = speed::runMeasurement(prober, plan, table ? std::cout : std::cerr, {}, extras);
    const speed::MeasureRunInfo info{speed::endpointText(endpoint),
                                     options.mode,
                                     plan.count,
                                     plan.warmup,
                                     plan.intervalMs,
                                     plan.timeoutMs,
                                     std::string(describe(prober.reflector())),
                                     std::string(wordOf(prober.reflector()))};
    if (!options.perProbePath.empty()) {
        std::ostream& perProbe = options.perProbePath == "-" ? std::cout : perProbeFile;
        const bool csv = options.perProbePath.size() >= 4 &&
                         options.perProbePath.compare(options.perProbePath.size() - 4, 4, ".csv") == 0;
        if (csv) speed::writeProbesCsv(perProbe, run);
        else speed::writeProbesJsonLines(perProbe, run);
        perProbe.flush();
        if (!perProbe) {
            std::cerr << "speed-measure: writing --per-probe " << options.perProbePath << " failed: "
                      << std::strerror(errno) << '\n';
            return 1;
        }
    }
    if (options.json) speed::printJson(std::cout, info, run);
    else if (options.csv) speed::printCsv(std::cout, run.results);
    else speed::printTable(std::cout, info, run);
    if (run.anyEcho()) return 0;
    if (run.unauthenticated > 0) {
        std::cerr << "speed-measure: " << run.unauthenticated << " answers from " << info.target
                  << " came without a valid tag under setup.ini's password: does the far side (speed-measure --serve "
                     "or a speed host) have the same password?\n";
        return 1;
    }
    std::cerr << "speed-measure: no echo from " << info.target
              << (run.refused ? ": nothing listens on that port (the machine refused)"
                              : " within the timeout: is a speed host, a speed-measure --serve or a UDP echo "
                                "service running there?")
              << '\n';
    return 1;
}

int measure(const Options& options) {
    if (options.serve) return serve(options);
    const bool stream = options.mode == "stream";
    speed::MeasurePlan plan = options.plan;
    plan.mode = options.mode == "fixed" ? speed::MeasureMode::Fixed : speed::MeasureMode::Pow2;
    if (const int refused = refuseOptions(options, plan, stream); refused != 0) return refused;
    asio::io_context io;
    const ResolvedTarget target = resolveTarget(options, io);
    if (!target.endpoint) return target.exitCode;
    if (stream) return measureStream(options, io, *target.endpoint, target.measureKey);
    return measureProbes(options, plan, io, *target.endpoint, target.measureKey);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"speed-measure: round-trip and one-way times of probes to a Speed host (speed or speed-server), to "
                 "another speed-measure --serve, or to any UDP echo peer, or a paced stream's goodput, loss, "
                 "reordering and jitter (--mode stream); with --serve, the reflector itself"};
    Options options;
    addOptions(app, options);
    CLI11_PARSE(app, argc, argv);
    options.configPath = speed::chooseSettingsFile(app.count("--config") > 0 ? std::optional(options.configPath) : std::nullopt).path;
    options.sizeGiven = app.count("--size") > 0;
    options.streamOptionGiven = app.count("--rate") + app.count("--duration") + app.count("--bidir") > 0;
    spdlog::set_level(spdlog::level::from_str(options.logLevel));
    // Sleeps end when asked rather than up to 50 us later: the pacing of streams and --interval.
    ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    try {
        return measure(options);
    } catch (const std::exception& error) {
        std::cerr << "speed-measure: " << error.what() << '\n';
        return 1;
    }
}
