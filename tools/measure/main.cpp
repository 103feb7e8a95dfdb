// speed-measure: round-trip times to a running host, per probe size.
#include "speed/common/Version.hpp"
#include "speed/net/MeasureReport.hpp"
#include "speed/net/MeasureRun.hpp"
#include "speed/settings/Settings.hpp"
#include "speed/net/UdpAddress.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <iostream>

namespace {


struct Options {
    std::string target;
    std::string mode = "pow2";
    std::string configPath = "setup.ini";
    std::string logLevel = "warn";
    bool json = false;
    bool csv = false;
    speed::MeasurePlan plan;
};

void addOptions(CLI::App& app, Options& o) {
    app.set_version_flag("--version", std::string("speed-measure ") + speed::kVersion);
    app.add_option("target", o.target, "HOST[:PORT] of a running host (port default: setup.ini's)")->required();
    app.add_option("--mode", o.mode, "pow2: sizes 1, 2, 4 .. 2^X repeated N times; fixed: S bytes N times")
        ->check(CLI::IsMember({"pow2", "fixed"}))->capture_default_str();
    app.add_option("--max-exp", o.plan.maxExponent, "pow2: largest size is 2^X bytes (0..15)")->capture_default_str();
    app.add_option("--size", o.plan.size, "fixed: bytes of UDP payload per probe (1..65507)")->capture_default_str();
    app.add_option("--count", o.plan.count, "pow2: sets; fixed: probes")->capture_default_str();
    app.add_option("--warmup", o.plan.warmup, "probes sent first and not counted")->capture_default_str();
    app.add_option("--interval", o.plan.intervalMs, "ms between probes (0: back to back)")->capture_default_str();
    app.add_option("--timeout", o.plan.timeoutMs, "ms after which a probe counts as lost")->capture_default_str();
    auto* json = app.add_flag("--json", o.json, "print one JSON object last");
    app.add_flag("--csv", o.csv, "print CSV")->excludes(json);
    app.add_option("--config", o.configPath, "setup.ini to read")->capture_default_str();
    app.add_option("--log-level", o.logLevel, "trace, debug, info, warn, error or off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))->capture_default_str();
}

int measure(const Options& options) {
    speed::MeasurePlan plan = options.plan;
    plan.mode = options.mode == "fixed" ? speed::MeasureMode::Fixed : speed::MeasureMode::Pow2;
    if (const std::string problem = validate(plan); !problem.empty()) {
        std::cerr << "speed-measure: " << problem << '\n';
        return 2;
    }
    const auto settings = speed::loadSettings(options.configPath);
    if (!settings.settings) {
        std::cerr << "speed-measure: " << settings.error->describe() << '\n';
        return 2;
    }
    const auto target = speed::parseHostPort(options.target, settings.settings->network.port);
    if (!target.value) {
        std::cerr << "speed-measure: " << target.error << '\n';
        return 2;
    }
    asio::io_context io;
    const auto resolved = speed::resolveUdp(io, *target.value);
    if (!resolved.endpoint) {
        std::cerr << "speed-measure: " << resolved.error << '\n';
        return 1;
    }
    speed::UdpProber prober(io, *resolved.endpoint);
    if (!prober.openError().empty()) {
        std::cerr << "speed-measure: cannot open a UDP socket: " << prober.openError() << '\n';
        return 1;
    }
    const bool table = !options.json && !options.csv;
    const auto run = speed::runMeasurement(prober, plan, table ? std::cout : std::cerr);
    const speed::MeasureRunInfo info{speed::endpointText(*resolved.endpoint), options.mode, plan.count,
                                     plan.warmup, plan.intervalMs, plan.timeoutMs};
    if (options.json) speed::printJson(std::cout, info, run.results);
    else if (options.csv) speed::printCsv(std::cout, run.results);
    else speed::printTable(std::cout, info, run.results);
    if (run.anyEcho()) return 0;
    std::cerr << "speed-measure: no echo from " << info.target
              << (run.refused ? ": nothing listens on that port (the machine refused)"
                              : " within the timeout: is a host running there?")
              << '\n';
    return 1;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"speed-measure: round-trip times of probes to a running Speed host (speed or speed-server)"};
    Options options;
    addOptions(app, options);
    CLI11_PARSE(app, argc, argv);
    spdlog::set_level(spdlog::level::from_str(options.logLevel));
    try {
        return measure(options);
    } catch (const std::exception& error) {
        std::cerr << "speed-measure: " << error.what() << '\n';
        return 1;
    }
}
