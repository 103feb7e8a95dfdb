#include "ui/MeasureJob.hpp"

#include "speed/net/MonotonicClock.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Probe.hpp"

#include "text/Words.hpp"

#include <asio/buffer.hpp>
#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <regex>
#include <chrono>
#include <future>
#include <optional>
#include <fstream>
#include <filesystem>
#include <thread>
#include "support/InJapanese.hpp"

using namespace speed;
using namespace speed::client::ui;
using namespace std::chrono_literals;

using speed::test::InJapanese;
using speed::test::contains;
namespace {

// A host stand-in on loopback: answers probes (or keeps quiet) until destroyed.
class ProbeAnswerer {
public:
    explicit ProbeAnswerer(bool answers, bool stamps = false, std::optional<protocol::Key> measureKey = std::nullopt)
        : m_socket(m_io, asio::ip::udp::endpoint(asio::ip::address_v4::loopback(), 0)), m_answers(answers), m_stamps(stamps),
          m_measureKey(measureKey) {
        m_socket.non_blocking(true);
        m_thread = std::thread([this] { serve(); });
    }
    ~ProbeAnswerer() {
        m_stop = true;
        m_thread.join();
    }
    std::string target() const { return "127.0.0.1:" + std::to_string(m_socket.local_endpoint().port()); }

private:
    void serve() {
        std::vector<char> buffer(70000);
        while (!m_stop) {
            asio::ip::udp::endpoint from;
            std::error_code ec;
            const std::size_t length = m_socket.receive_from(asio::buffer(buffer), from, 0, ec);
            if (ec) {
                std::this_thread::sleep_for(1ms);
                continue;
            }
            // Stamped like a speed host's answers when asked to (this machine's clock).
            const protocol::EchoClock clock{monotonicNowNs(), &monotonicNowNs, thisMachineClockId(), m_measureKey};
            const auto echo = protocol::answerProbe(std::string_view(buffer.data(), length), m_stamps ? &clock : nullptr);
            if (echo && m_answers) m_socket.send_to(asio::buffer(*echo), from, 0, ec);
        }
    }

    asio::io_context m_io;
    asio::ip::udp::socket m_socket;
    bool m_answers;
    bool m_stamps;
    std::optional<protocol::Key> m_measureKey;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

// The ceilings below are generous (a loaded machine may take long), and far below the run's own
// length where a test tells a stopped run from one that ran to its end.
MeasureStatus waitWhileRunning(const MeasureJob& job, std::chrono::milliseconds bound) {
    const auto deadline = std::chrono::steady_clock::now() + bound;
    while (job.running() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
    return job.status();
}

// Until the run has done at least one step (a probe begun, a permille of a stream sent), or the
// bound passed; says whether it got there.
bool waitForFirstStep(const MeasureJob& job, std::chrono::milliseconds bound) {
    const auto deadline = std::chrono::steady_clock::now() + bound;
    while (job.probesDone() < 1 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
    return job.probesDone() >= 1;
}


MeasurePlan smallPlan() {
    MeasurePlan plan;
    plan.maxExponent = 4; // 1, 2, 4, 8, 16 bytes
    plan.count = 3;
    plan.warmup = 2;
    plan.timeoutMs = 500;
    return plan;
}

} // namespace

TEST_CASE("measure job: runs on its own thread and hands over one summary per size") {
    ProbeAnswerer host(true);
    MeasureJob job;
    REQUIRE(job.start(host.target(), 50001, smallPlan()));
    CHECK_FALSE(job.start(host.target(), 50001, smallPlan())); // one run at a time
    REQUIRE(waitWhileRunning(job, 60s) == MeasureStatus::Finished);
    const MeasureOutcome outcome = job.outcome();
    CHECK(outcome.target == host.target());
    REQUIRE(outcome.results.size() == 5);
    CHECK(outcome.results.front().size == 1);
    CHECK(outcome.results.back().size == 16);
    for (const RttSummary& result : outcome.results) {
        CHECK(result.sent == 3);
        CHECK(result.lost == 0);
        CHECK(result.minUs > 0);
    }
    CHECK(job.probesDone() == 2 + 15);
    CHECK(job.progress() == Approx(1.0f));
}

TEST_CASE("measure job: cancel stops a run before its next probe") {
    ProbeAnswerer silentHost(false);
    MeasurePlan plan = smallPlan();
    plan.count = 100; // 502 probes of 500 ms each (over four minutes) if nobody stopped it
    MeasureJob job;
    REQUIRE(job.start(silentHost.target(), 50001, plan));
    REQUIRE(waitForFirstStep(job, 60s));
    job.cancel();
    const int doneAtCancel = job.probesDone();
    CHECK(waitWhileRunning(job, 60s) == MeasureStatus::Cancelled);
    // At most the probe that was starting as cancel came; none after it.
    CHECK(job.probesDone() <= doneAtCancel + 1);
    CHECK(job.probesDone() < job.probesTotal());
}

TEST_CASE("measure job: a bad target fails with a reason, and a new run may start") {
    MeasureJob job;
    REQUIRE(job.start("[::1", 50001, smallPlan()));
    CHECK(waitWhileRunning(job, 60s) == MeasureStatus::Failed);
    CHECK_FALSE(job.outcome().message.empty());
    ProbeAnswerer host(true);
    CHECK(job.start(host.target(), 50001, smallPlan()));
    CHECK(waitWhileRunning(job, 60s) == MeasureStatus::Finished);
}

TEST_CASE("measure job: destroying a running job stops its worker") {
    ProbeAnswerer silentHost(false);
    MeasurePlan plan = smallPlan();
    plan.count = 100; // over four minutes of unanswered probes if the worker ran on
    // The job is destroyed on another thread, so that a worker that never stops fails the test
    // after the ceiling rather than hang it for the whole run.
    // (Catch's assertions stay on this thread: the other one only says whether the run began.)
    auto destroyed = std::async(std::launch::async, [&] {
        MeasureJob job;
        return job.start(silentHost.target(), 50001, plan) && waitForFirstStep(job, 60s);
    });
    REQUIRE(destroyed.wait_for(60s) == std::future_status::ready);
    CHECK(destroyed.get());
}

TEST_CASE("measure job: stamped echoes give one-way delays, several sizes a fitted line") {
    ProbeAnswerer host(true, true);
    MeasurePlan plan = smallPlan();
    plan.maxExponent = 8; // 1 .. 256 bytes, every probe stamped
    MeasureJob job;
    REQUIRE(job.start(host.target(), 50001, plan));
    REQUIRE(waitWhileRunning(job, 60s) == MeasureStatus::Finished);
    const MeasureOutcome outcome = job.outcome();
    REQUIRE(outcome.oneWay);
    CHECK(outcome.oneWay->sameClock);
    CHECK(outcome.oneWay->up.count > 0);
    CHECK(outcome.oneWay->up.minUs > 0);
    CHECK(outcome.fit.points == 9);
}

TEST_CASE("measure job: a stream runs on its own thread, counted round trip by an echoing host") {
    ProbeAnswerer host(true);
    StreamPlan plan;
    plan.rateMbps = 1;
    plan.durationS = 0.3; // 75 datagrams of 500 bytes
    plan.sizeBytes = 500;
    plan.timeoutMs = 500;
    MeasureJob job;
    REQUIRE(job.startStream(host.target(), 50001, plan));
    REQUIRE(waitWhileRunning(job, 60s) == MeasureStatus::Finished);
    const MeasureOutcome outcome = job.outcome();
    REQUIRE(outcome.stream);
    CHECK(outcome.stream->counting == StreamCounting::RoundTrip);
    CHECK(outcome.stream->up.sent == 75);
    CHECK(outcome.stream->up.received >= 70);
    CHECK(outcome.streamPlan);
}

TEST_CASE("measure job: a stream is cancelled between two datagrams") {
    ProbeAnswerer host(true);
    StreamPlan plan;
    plan.rateMbps = 0.1;
    plan.durationS = 600; // ten minutes, if nobody stopped it
    plan.sizeBytes = 500;
    plan.timeoutMs = 300;
    MeasureJob job;
    REQUIRE(job.startStream(host.target(), 50001, plan));
    REQUIRE(waitForFirstStep(job, 60s)); // the stream is under way
    job.cancel();
    CHECK(waitWhileRunning(job, 60s) == MeasureStatus::Cancelled);
    REQUIRE(job.outcome().stream);
    CHECK(job.outcome().stream->cancelled);
    CHECK(job.outcome().stream->up.sent < 15000); // 0.1 Mbit/s of 500 bytes for 600 s
}

TEST_CASE("measure job: a failure's words are English in the log and in the window's language on screen") {
    MeasureJob job;
    REQUIRE(job.start("[::1", 50001, smallPlan()));
    REQUIRE(waitWhileRunning(job, 60s) == MeasureStatus::Failed);
    const MeasureOutcome outcome = job.outcome();
    CHECK(outcome.failure == MeasureFailure::BadTarget);
    CHECK(outcome.targetProblem.kind == HostPortProblem::UnclosedBracket);
    CHECK(failureText(outcome) == outcome.message); // English: the same words as before
    CHECK(outcome.message == "'[' without ']' in \"[::1\"");
    CHECK(std::string(statusText(outcome.status)) == "failed");
    CHECK(toString(outcome.status) == "failed");
    const InJapanese japanese;
    CHECK(contains(failureText(outcome), "宛先を使えません："));
    CHECK(contains(failureText(outcome), "「[::1」")); // the address as typed, filled in
    CHECK_FALSE(contains(failureText(outcome), "without"));
    CHECK(std::string(statusText(outcome.status)) == "失敗");
    CHECK(toString(outcome.status) == "failed"); // the log's word stays English
}

TEST_CASE("measure job: no echo in Japanese keeps the run's notes and says why") {
    ProbeAnswerer silentHost(false);
    MeasurePlan plan;
    plan.maxExponent = 0; // one probe of 1 byte
    plan.count = 1;
    plan.warmup = 0;
    plan.timeoutMs = 50;
    MeasureJob job;
    REQUIRE(job.start(silentHost.target(), 50001, plan));
    REQUIRE(waitWhileRunning(job, 60s) == MeasureStatus::Failed);
    const MeasureOutcome outcome = job.outcome();
    CHECK(outcome.failure == MeasureFailure::NoEcho);
    CHECK(contains(outcome.message, "no echo within the timeout"));
    const InJapanese japanese;
    const std::string shown = failureText(outcome);
    CHECK(shown.starts_with(outcome.notes));
    CHECK(contains(shown, "エコーが返りません"));
    CHECK(contains(outcome.message, "no echo within the timeout")); // still English for the log
}

TEST_CASE("measure job: a plan's problem is validate()'s in English and Japanese with the numbers in place") {
    MeasurePlan plan;
    CHECK(planProblem(plan).empty());
    plan.maxExponent = 16;
    CHECK(planProblem(plan) == validate(plan));
    MeasurePlan fixed;
    fixed.mode = MeasureMode::Fixed;
    fixed.count = 0;
    CHECK(planProblem(fixed) == validate(fixed));
    StreamPlan stream;
    CHECK(planProblem(stream, minimumStreamBytes()).empty());
    StreamPlan tiny = stream;
    tiny.sizeBytes = 1;
    CHECK(planProblem(tiny, minimumStreamBytes()) == validate(tiny, minimumStreamBytes()));
    StreamPlan huge = stream;
    huge.rateMbps = 100'000;
    huge.durationS = 86'400;
    huge.sizeBytes = minimumStreamBytes();
    CHECK(planProblem(huge, minimumStreamBytes()) == validate(huge, minimumStreamBytes()));

    const InJapanese japanese;
    CHECK(contains(planProblem(plan), "最大指数 x は 0..15"));
    CHECK(contains(planProblem(fixed), "プローブ数"));
    const std::string size = planProblem(tiny, minimumStreamBytes());
    CHECK(contains(size, std::to_string(minimumStreamBytes()) + "..65507"));
    CHECK(contains(size, "バイト"));
    CHECK(contains(planProblem(huge, minimumStreamBytes()), "上限は 4294967295 個"));
    StreamPlan slow = stream;
    slow.durationS = 0;
    CHECK(contains(planProblem(slow, minimumStreamBytes()), "秒数"));
}

TEST_CASE("measure job: every failure is worded in both languages, the Japanese without English words") {
    const auto failed = [](MeasureFailure kind, std::string detail = {}) {
        MeasureOutcome outcome;
        outcome.status = MeasureStatus::Failed;
        outcome.failure = kind;
        outcome.failureDetail = std::move(detail);
        return outcome;
    };
    MeasureOutcome badTarget = failed(MeasureFailure::BadTarget);
    badTarget.targetProblem = parseHostPort("10.0.0.2:99999", 50001).error;
    MeasureOutcome unresolved = failed(MeasureFailure::CannotResolve, "EAI_NONAME"); // the system's words
    unresolved.failureHost = "X.INVALID";
    const std::vector<MeasureOutcome> outcomes{badTarget,
                                               unresolved,
                                               failed(MeasureFailure::Socket, "EMFILE"),
                                               failed(MeasureFailure::Refused),
                                               failed(MeasureFailure::NoStreamStart),
                                               failed(MeasureFailure::NoEcho),
                                               failed(MeasureFailure::Unauthenticated),
                                               failed(MeasureFailure::Error, "E1")};
    std::vector<std::string> english;
    for (const MeasureOutcome& outcome : outcomes) english.push_back(failureText(outcome));
    CHECK(english[0] == "bad port \"99999\": expected 1..65535");
    CHECK(english[1] == "cannot resolve host \"X.INVALID\": EAI_NONAME");
    CHECK(english[2] == "cannot open a UDP socket: EMFILE");

    const InJapanese japanese;
    const std::regex englishWord("[a-z]{4,}");
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const std::string shown = failureText(outcomes[i]);
        INFO(shown);
        CHECK_FALSE(shown.empty());
        CHECK(shown != english[i]);
        CHECK_FALSE(std::regex_search(shown, englishWord));
    }
    CHECK(contains(failureText(outcomes[0]), "「99999」"));
    CHECK(contains(failureText(outcomes[1]), "X.INVALID"));
    CHECK(contains(failureText(outcomes[1]), "EAI_NONAME"));
}

TEST_CASE("measure job: with setup.ini's password only answers signed under it count") {
    const auto folder = std::filesystem::temp_directory_path() / ("speed-measure-job-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const std::string config = (folder / "setup.ini").string();
    {
        std::ofstream file(config);
        file << "[network]\npassword = kiwi fruit\n";
    }
    std::filesystem::permissions(config, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    const protocol::Key key = protocol::deriveMeasureKey(*protocol::derivePasswordKey("kiwi fruit"));
    {
        ProbeAnswerer host(true, true, key); // a host with the same password
        MeasureJob job;
        REQUIRE(job.start(host.target(), 50001, smallPlan(), config));
        REQUIRE(waitWhileRunning(job, 60s) == MeasureStatus::Finished);
        const MeasureOutcome outcome = job.outcome();
        CHECK(outcome.probeRun.authenticated);
        CHECK(outcome.probeRun.unauthenticated == 0);
        CHECK(outcome.oneWay); // its stamps, signed, were believed
    }
    {
        ProbeAnswerer host(true, true); // no password there: its answers are not signed
        MeasureJob job;
        REQUIRE(job.start(host.target(), 50001, smallPlan(), config));
        REQUIRE(waitWhileRunning(job, 60s) == MeasureStatus::Failed);
        CHECK(job.outcome().failure == MeasureFailure::Unauthenticated);
        CHECK(job.outcome().probeRun.unauthenticated > 0);
    }
    std::filesystem::remove_all(folder);
}

TEST_CASE("measure job: the plot's timeline counts lost probes per stretch, and of them those lost up and down") {
    std::vector<ProbeRecord> probes(1200);
    for (std::size_t i = 0; i < probes.size(); ++i) {
        ProbeRecord& p = probes[i];
        p.seq = static_cast<std::uint32_t>(i + 1);
        p.intendedNs = p.sentNs = 1'000'000'000ULL + i * 10'000'000ULL;
        if (i % 10 == 3) {
            p.lostWay = LostWay::Up;
        } else if (i % 10 == 7) {
            p.lostWay = LostWay::Down;
        } else if (i % 100 == 55) {
            p.lostWay = LostWay::Unknown;
        } else {
            p.copies = 1;
            p.fate = ProbeFate::Answered;
            p.receivedNs = p.sentNs + 20'000 + i;
        }
    }
    const ProbeTimeline timeline = timelineOf(probes);
    REQUIRE(timeline.lost.size() == ProbeTimeline::kPoints);
    REQUIRE(timeline.lostUp.size() == ProbeTimeline::kPoints);
    REQUIRE(timeline.lostDown.size() == ProbeTimeline::kPoints);
    int lost = 0, up = 0, down = 0;
    for (std::size_t i = 0; i < ProbeTimeline::kPoints; ++i) {
        lost += timeline.lost[i];
        up += timeline.lostUp[i];
        down += timeline.lostDown[i];
        CHECK(timeline.lostUp[i] + timeline.lostDown[i] <= timeline.lost[i]);
    }
    CHECK(up == 120);
    CHECK(down == 120);
    CHECK(lost == 252);
    CHECK(timeline.lostUp[1] == 1);  // probes 3 (up) and 2 share stretch 1
    CHECK(timeline.lostDown[3] == 1); // probe 7
    CHECK(timeline.seconds == Approx(11.99));
}
