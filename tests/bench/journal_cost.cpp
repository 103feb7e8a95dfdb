// What the host's match journal costs: real host and client sessions play whole games (each side
// plays its first legal move in turn), and every batch of journal records the host makes is
// written to a journal file on disk as speed-server writes it, before the datagrams of the
// same step. Prints the time per write (one per revision: a move, a flip, a pause) and the
// journal's size per game. Usage: journal-cost FOLDER [GAMES]
#include "protocol/SessionPair.hpp"

#include "speed/protocol/ClientSession.hpp"
#include "speed/protocol/HostSession.hpp"
#include "speed/store/MatchJournal.hpp"

#include "speed/common/Random.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace speed;
using namespace speed::protocol;

SessionConfig configFor(std::uint64_t seed, const char* name) {
    SessionConfig config;
    config.playerName = name;
    config.reportDatagrams = false;
    config.random = [mix = SplitMix64(seed)]() mutable { return mix.next(); };
    return config;
}

struct Writes {
    std::vector<double> micros;
    std::string error;
};

// Moves the journal records of the host to disk, timed, then delivers what both sides sent.
void step(HostSession& host, ClientSession& client, store::MatchJournal& journal, TimeMs now, Writes& writes) {
    for (int round = 0; round < 100; ++round) {
        const auto records = host.takeJournal();
        if (!records.empty()) {
            const auto started = std::chrono::steady_clock::now();
            const std::string error = journal.write(records, 1'000'000 + now);
            writes.micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started).count());
            if (!error.empty() && writes.error.empty()) writes.error = error;
        }
        const auto fromHost = host.takeOutgoing();
        const auto fromClient = client.takeOutgoing();
        host.takeEvents();
        client.takeEvents();
        if (fromHost.empty() && fromClient.empty()) return;
        for (const auto& datagram : fromHost) client.receive(now, "host:1", datagram.bytes);
        for (const auto& datagram : fromClient) host.receive(now, "client:2", datagram.bytes);
    }
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

long long pragmaNumber(sqlite3* db, const char* sql) {
    sqlite3_stmt* statement = nullptr;
    long long value = 0;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW) {
        value = sqlite3_column_int64(statement, 0);
    }
    sqlite3_finalize(statement);
    return value;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: journal-cost FOLDER [GAMES]\n");
        return 2;
    }
    const std::filesystem::path folder = argv[1];
    const int games = argc > 2 ? std::max(1, std::atoi(argv[2])) : 10;
    std::filesystem::create_directories(folder);
    const std::filesystem::path file = folder / "journal-cost.sqlite";
    for (const char* suffix : {"", "-wal", "-shm", "-committed"}) std::filesystem::remove(file.string() + suffix);
    store::OpenedJournal opened = store::MatchJournal::open(file);
    if (!opened.journal) {
        std::fprintf(stderr, "journal-cost: %s\n", opened.error.c_str());
        return 1;
    }

    HostSession host(configFor(0x4057, "hana"));
    ClientSession client(configFor(0xC11E, "kenta"));
    Writes writes;
    TimeMs now = 0;
    host.listen(now);
    client.connect(now, "host:1");
    step(host, client, *opened.journal, now, writes);
    int played = 0;
    long long revisions = 0;
    while (played < games) {
        host.startNextGame(now);
        const WireNumber game = host.gameNumber();
        for (int tick = 0; tick < 20'000 && host.state().result == GameResult::Playing; ++tick) {
            now += 20;
            for (Session* side : std::initializer_list<Session*>{&host, &client}) {
                if (const auto move = test::anyLegalMove(side->state(), side->mySeat())) side->proposeMove(now, *move);
                step(host, client, *opened.journal, now, writes);
            }
            host.tick(now);
            client.tick(now);
            step(host, client, *opened.journal, now, writes);
        }
        if (host.state().result == GameResult::Playing || host.gameNumber() != game) break;
        revisions += host.revision();
        ++played;
        now += host.config().timing.match.resultHoldMs;
        host.tick(now);
        client.tick(now);
        step(host, client, *opened.journal, now, writes);
    }
    opened.journal.reset(); // closed: the WAL is checkpointed into the file

    sqlite3* db = nullptr;
    sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    const long long entries = pragmaNumber(db, "SELECT COUNT(*) FROM entries");
    const long long bytes = pragmaNumber(db, "PRAGMA page_count") * pragmaNumber(db, "PRAGMA page_size");
    sqlite3_close(db);

    if (!writes.error.empty() || played == 0) {
        std::fprintf(stderr, "journal-cost: %s\n", writes.error.empty() ? "no game was finished" : writes.error.c_str());
        return 1;
    }
    std::printf("journal: %d games, %lld revisions (%.0f per game), %zu writes to %s\n", played, revisions,
                static_cast<double>(revisions) / played, writes.micros.size(), file.c_str());
    std::printf("journal: per write p50 %.0f us, p99 %.0f us, max %.0f us (WAL, synchronous=NORMAL: in the OS's hands when it returns, safe from a killed program)\n",
                percentile(writes.micros, 0.5), percentile(writes.micros, 0.99), percentile(writes.micros, 1.0));
    std::printf("journal: %lld entries, %lld bytes on disk, %.1f KB per game\n", entries, bytes,
                static_cast<double>(bytes) / 1024.0 / played);
    return 0;
}
