#include "ui/MeasureJob.hpp"

#include "speed/net/MonotonicClock.hpp"
#include "speed/protocol/Probe.hpp"

#include <asio/buffer.hpp>
#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

using namespace speed;
using namespace speed::client::ui;
using namespace std::chrono_literals;

namespace {

// A host stand-in on loopback: answers probes (or keeps quiet) until destroyed.
class ProbeAnswerer {
public:
    explicit ProbeAnswerer(bool answers, bool stamps = false)
        : m_socket(m_io, asio::ip::udp::endpoint(asio::ip::address_v4::loopback(), 0)), m_answers(answers), m_stamps(stamps) {
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
            const protocol::EchoClock clock{monotonicNowNs(), &monotonicNowNs, thisMachineClockId()};
            const auto echo = protocol::answerProbe(std::string_view(buffer.data(), length), m_stamps ? &clock : nullptr);
            if (echo && m_answers) m_socket.send_to(asio::buffer(*echo), from, 0, ec);
        }
    }

    asio::io_context m_io;
    asio::ip::udp::socket m_socket;
    bool m_answers;
    bool m_stamps;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

MeasureStatus waitWhileRunning(const MeasureJob& job, std::chrono::milliseconds bound) {
    const auto deadline = std::chrono::steady_clock::now() + bound;
    while (job.running() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
    return job.status();
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
    REQUIRE(waitWhileRunning(job, 10s) == MeasureStatus::Finished);
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
    plan.count = 100; // 502 probes of 500 ms each if nobody stopped it
    MeasureJob job;
    REQUIRE(job.start(silentHost.target(), 50001, plan));
    std::this_thread::sleep_for(100ms);
    const auto cancelledAt = std::chrono::steady_clock::now();
    job.cancel();
    CHECK(waitWhileRunning(job, 5s) == MeasureStatus::Cancelled);
    CHECK(std::chrono::steady_clock::now() - cancelledAt < 2s);
    CHECK(job.probesDone() < job.probesTotal());
}

TEST_CASE("measure job: a bad target fails with a reason, and a new run may start") {
    MeasureJob job;
    REQUIRE(job.start("[::1", 50001, smallPlan()));
    CHECK(waitWhileRunning(job, 5s) == MeasureStatus::Failed);
    CHECK_FALSE(job.outcome().message.empty());
    ProbeAnswerer host(true);
    CHECK(job.start(host.target(), 50001, smallPlan()));
    CHECK(waitWhileRunning(job, 10s) == MeasureStatus::Finished);
}

TEST_CASE("measure job: destroying a running job stops its worker") {
    ProbeAnswerer silentHost(false);
    const auto started = std::chrono::steady_clock::now();
    {
        MeasureJob job;
        REQUIRE(job.start(silentHost.target(), 50001, smallPlan()));
        std::this_thread::sleep_for(50ms);
    }
    CHECK(std::chrono::steady_clock::now() - started < 2s);
}

TEST_CASE("measure job: stamped echoes give one-way delays, several sizes a fitted line") {
    ProbeAnswerer host(true, true);
    MeasurePlan plan = smallPlan();
    plan.maxExponent = 8; // up to 256 bytes: the larger sizes have room for stamps
    MeasureJob job;
    REQUIRE(job.start(host.target(), 50001, plan));
    REQUIRE(waitWhileRunning(job, 10s) == MeasureStatus::Finished);
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
    REQUIRE(waitWhileRunning(job, 10s) == MeasureStatus::Finished);
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
    plan.durationS = 60; // a minute, if nobody stopped it
    plan.sizeBytes = 500;
    plan.timeoutMs = 300;
    MeasureJob job;
    REQUIRE(job.startStream(host.target(), 50001, plan));
    std::this_thread::sleep_for(200ms);
    const auto cancelledAt = std::chrono::steady_clock::now();
    job.cancel();
    CHECK(waitWhileRunning(job, 5s) == MeasureStatus::Cancelled);
    CHECK(std::chrono::steady_clock::now() - cancelledAt < 2s);
    REQUIRE(job.outcome().stream);
    CHECK(job.outcome().stream->cancelled);
}
