#include "speed/measure/MeasureRun.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

using namespace speed;

namespace {

// Probes 1..n; `answers[i]` is the far side's number for probe i+1's answer, 0 for a probe with
// no answer (lost) and -1 for an answer without a number.
std::vector<ProbeRecord> probesAnswered(const std::vector<int>& answers) {
    std::vector<ProbeRecord> probes(answers.size());
    for (std::size_t i = 0; i < answers.size(); ++i) {
        probes[i].seq = static_cast<std::uint32_t>(i + 1);
        if (answers[i] == 0) continue;
        probes[i].copies = 1;
        probes[i].fate = ProbeFate::Answered;
        probes[i].answer = answers[i] < 0 ? 0 : static_cast<std::uint32_t>(answers[i]);
    }
    return probes;
}

std::vector<std::uint32_t> numbersOf(const std::vector<ProbeRecord>& probes) {
    std::vector<std::uint32_t> numbers;
    for (const ProbeRecord& p : probes) {
        if (p.answer != 0) numbers.push_back(p.answer);
    }
    return numbers;
}

std::string waysOf(const std::vector<ProbeRecord>& probes) {
    std::string ways;
    for (const ProbeRecord& p : probes) {
        ways += p.answered() ? '.' : p.lostWay == LostWay::Up ? 'u' : p.lostWay == LostWay::Down ? 'd' : '?';
    }
    return ways;
}

} // namespace

TEST_CASE("A lost probe whose number the far side never gave was lost up; one whose answer is missing, down",
          "[measure]") {
    // 2 lost up (no number used for it), 4 lost down (number 3 never came back).
    auto probes = probesAnswered({1, 0, 2, 0, 4, 5});
    attributeLosses(probes, numbersOf(probes), 5, 0);
    CHECK(waysOf(probes) == ".u.d..");
    // Several in a row each way; the first probes and the last ones too.
    probes = probesAnswered({0, 0, 1, 0, 0, 0, 5, 6, 0, 0});
    attributeLosses(probes, numbersOf(probes), 8, 0); // answers 2..4 and 7, 8 never came back
    CHECK(waysOf(probes) == "uu.ddd..dd");
    probes = probesAnswered({0, 0, 1, 0, 0, 0, 5, 6, 0, 0});
    attributeLosses(probes, numbersOf(probes), 6, 0); // the last two never reached the far side
    CHECK(waysOf(probes) == "uu.ddd..uu");
}

TEST_CASE("A gap lost both ways, an unnumbered answer or no report of the far side leaves the way unknown",
          "[measure]") {
    auto probes = probesAnswered({1, 0, 0, 3}); // one of 2, 3 reached the far side: which one is not known
    attributeLosses(probes, numbersOf(probes), 3, 0);
    CHECK(waysOf(probes) == ".??.");
    probes = probesAnswered({1, 0, -1, 0, 3});
    attributeLosses(probes, numbersOf(probes), 3, 0);
    CHECK(waysOf(probes) == ".?.?.");
    probes = probesAnswered({1, 2, 0, 0});
    attributeLosses(probes, numbersOf(probes), std::nullopt, 0);
    CHECK(waysOf(probes) == "..??");
}

TEST_CASE("Copies and reordering on the way there do not turn into losses the wrong way", "[measure]") {
    // Probe 2 was duplicated on the way there and answered twice (2 and 3): had the answer 3 been
    // lost, probe 4 (lost up) would look lost down. With copies at the far side, no way is said.
    auto probes = probesAnswered({1, 2, 4, 0, 5});
    attributeLosses(probes, {1, 2, 4, 5}, 5, 1);
    CHECK(waysOf(probes) == "...?.");
    // Probe 4 overtook probe 3 on the way there (numbered 2, then 3 for probe 3); probe 2 never
    // arrived: no number is missing, so it was lost up.
    probes = probesAnswered({1, 0, 3, 2});
    attributeLosses(probes, numbersOf(probes), 3, 0);
    CHECK(waysOf(probes) == ".u..");
    // Probe 4 overtook probes 2 and 3: the numbers around probe 3 run backwards, its way unknown.
    probes = probesAnswered({1, 3, 0, 2});
    attributeLosses(probes, numbersOf(probes), 3, 0);
    CHECK(waysOf(probes) == "..?.");
    probes = probesAnswered({1, 0, 3, 2, 0, 4});
    attributeLosses(probes, numbersOf(probes), 4, 0); // 5 lies after a number lower than its neighbour's
    CHECK(waysOf(probes) == ".u..u.");
}

TEST_CASE("The per-probe files name the way of each lost probe", "[measure]") {
    MeasureRunResult run;
    run.probes = probesAnswered({1, 0, 3});
    attributeLosses(run.probes, numbersOf(run.probes), 3, 0);
    std::ostringstream csv, json;
    writeProbesCsv(csv, run);
    writeProbesJsonLines(json, run);
    CHECK(csv.str().find(",fate,lost_way,copies,answer\n") != std::string::npos);
    CHECK(csv.str().find(",lost,down,0,0\n") != std::string::npos);
    CHECK(csv.str().find(",ok,,1,1\n") != std::string::npos);
    CHECK(json.str().find(R"("fate":"lost","lost_way":"down")") != std::string::npos);
    CHECK(json.str().find(R"("fate":"ok","lost_way":null)") != std::string::npos);
}
