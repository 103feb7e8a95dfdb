// A host whose kept match says its journal cannot prove it is complete does not take the game
// back: it holds only the session, asks its client back (REKEY) and tells it that the game
// cannot continue; then it closes the journal and waits for a new player. Real sockets on
// 127.0.0.1, the journal a keeper in memory.
#include "speed/net/Connector.hpp"
#include "speed/protocol/ClientSession.hpp"
#include "speed/protocol/Codec.hpp"

#include <asio/ip/udp.hpp>
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <functional>

namespace speed {
namespace {

using protocol::JournalRecord;

constexpr protocol::Nonce kClientNonce = 0x0123456789abcdefULL;
constexpr protocol::Nonce kHostNonce = 0xfedcba9876543210ULL;

// Keeps nothing on disk: hands out one damaged match and records what the host asks of it.
class DamagedKeeper final : public protocol::MatchKeeper {
public:
    explicit DamagedKeeper(std::string peer) : m_peer(std::move(peer)) {}
    std::optional<protocol::ResumeTicket> ticketFor(const std::string&) override { return std::nullopt; }
    void keepTicket(const protocol::ResumeTicket&) override {}
    void dropTicket(const std::string&) override {}
    std::optional<protocol::KeptMatch> matchOn(std::uint16_t) override {
        protocol::KeptMatch kept;
        kept.record.session = {kClientNonce, kHostNonce, m_peer, "kenta", 7, {}};
        protocol::JournalEntry deal;
        deal.game = 1;
        deal.revision = 1;
        deal.change = protocol::JournalChange::Deal;
        deal.seed = 7;
        kept.record.entries.push_back(deal);
        kept.damage = "the write-ahead log lost its tail";
        return kept;
    }
    void journal(std::uint16_t, const std::vector<JournalRecord>& records) override {
        for (const JournalRecord& record : records)
            closed = closed || std::holds_alternative<protocol::JournalClosed>(record);
    }
    bool closed = false;

private:
    std::string m_peer;
};

class QuietSeat final : public SeatPlayer {
public:
    TimeMs play(protocol::Session&, TimeMs, const std::vector<protocol::SessionEvent>&) override { return kNever; }
};

std::uint16_t freeUdpPort(asio::io_context& io) {
    asio::ip::udp::socket probe(io, asio::ip::udp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    return probe.local_endpoint().port();
}

} // namespace

TEST_CASE("a host whose journal cannot prove it is complete asks its client back and ends the match",
          "[net][resume][damaged]") {
    asio::io_context io;
    MonotonicClock clock;
    asio::ip::udp::socket client(io, asio::ip::udp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    client.non_blocking(true);
    const std::string clientAddress = "127.0.0.1:" + std::to_string(client.local_endpoint().port());
    DamagedKeeper keeper(clientAddress);
    QuietSeat seat;
    ConnectOptions options;
    options.hostPort = freeUdpPort(io);
    options.waitMs = 60'000; // longer than any wait below: the host is still there for the client
    options.keeper = &keeper;
    Connector host(io, clock, options, seat);
    REQUIRE(host.start());
    REQUIRE(host.session() != nullptr);
    CHECK(host.session()->gameNumber() == 0); // the session only: its game is not taken back

    // The client, which had the session: REKEY comes first, then its RESUME is refused.
    const asio::ip::udp::endpoint hostEndpoint(asio::ip::make_address("127.0.0.1"), options.hostPort);
    const std::string hostAddress = "127.0.0.1:" + std::to_string(options.hostPort);
    protocol::ClientSession session(protocol::SessionConfig{});
    bool rekeyed = false;
    const auto pumpClient = [&] {
        std::array<char, 2048> buffer{};
        asio::ip::udp::endpoint from;
        std::error_code error;
        for (std::size_t got = 0; (got = client.receive_from(asio::buffer(buffer), from, 0, error)), !error;) {
            const std::string bytes(buffer.data(), got);
            const auto line = protocol::parseLine(std::string_view(bytes).substr(0, bytes.rfind(" #")));
            if (!rekeyed && line.message && std::holds_alternative<protocol::Rekey>(line.message->body)) {
                rekeyed = true;
                session.rejoin(clock.nowMs(), protocol::ResumeTicket{hostAddress, kClientNonce, kHostNonce, "hana", 1});
            }
            session.receive(clock.nowMs(), hostAddress, bytes);
        }
        session.tick(clock.nowMs());
        for (const auto& datagram : session.takeOutgoing())
            client.send_to(asio::buffer(datagram.bytes), hostEndpoint);
    };
    std::optional<protocol::SessionEvent> ended;
    // Generous ceilings: each wait ends at its event, however loaded the machine.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!ended && std::chrono::steady_clock::now() < deadline) {
        io.run_for(std::chrono::milliseconds(10));
        pumpClient();
        for (auto& event : session.takeEvents()) {
            if (event.kind == protocol::SessionEventKind::Ended) ended = event;
        }
    }
    // The host's own end, and its new wait.
    const auto hostWaitsAgain = [&] {
        return keeper.closed && host.session() != nullptr &&
               host.session()->gameInfo() == protocol::GameInfo::ConWait;
    };
    const auto settled = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!hostWaitsAgain() && std::chrono::steady_clock::now() < settled) io.run_for(std::chrono::milliseconds(10));
    CHECK(rekeyed);
    REQUIRE(ended);
    CHECK(ended->cause == protocol::EndCause::RecordDamaged);
    CHECK(keeper.closed); // the keeper then deletes the journal's files
    REQUIRE(host.session() != nullptr);
    CHECK(host.session()->gameInfo() == protocol::GameInfo::ConWait); // it waits for a new player
    CHECK_FALSE(host.finished());
    host.close();
    io.restart();
    io.poll();
}

} // namespace speed
