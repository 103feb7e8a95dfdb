#include "speed/store/GameStats.hpp"

#include "SqliteHandle.hpp"

#include "speed/store/XdgDirs.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace speed::store {
namespace {

constexpr std::string_view kWhat = "the statistics";

// Step i takes the file from user_version i to i + 1; a released step never changes.
constexpr std::array<const char*, GameStats::kSchemaVersion> kStatsMigrations{
    // 0 -> 1: one row per finished game.
    R"sql(
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished_at INTEGER NOT NULL,
    opponent_kind TEXT NOT NULL CHECK (opponent_kind IN ('cpu', 'network')),
    opponent_name TEXT NOT NULL,
    cpu_level TEXT NOT NULL,
    jokers INTEGER NOT NULL,
    deal TEXT NOT NULL,
    hand_size INTEGER NOT NULL,
    refill TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
    cards_left_mine INTEGER NOT NULL,
    cards_left_theirs INTEGER NOT NULL,
    races_won INTEGER,
    races_lost INTEGER,
    moves INTEGER NOT NULL,
    flips INTEGER NOT NULL,
    seed INTEGER NOT NULL
);
CREATE INDEX games_by_opponent ON games (opponent_kind, opponent_name, cpu_level, id);
)sql",
    // 1 -> 2: games of two players on one keyboard. SQLite cannot change a CHECK: the table is
    // made anew with the wider one and the games copied over, in the migration's transaction.
    R"sql(
CREATE TABLE games_v2 (
    id INTEGER PRIMARY KEY,
    finished_at INTEGER NOT NULL,
    opponent_kind TEXT NOT NULL CHECK (opponent_kind IN ('cpu', 'network', 'two-players')),
    opponent_name TEXT NOT NULL,
    cpu_level TEXT NOT NULL,
    jokers INTEGER NOT NULL,
    deal TEXT NOT NULL,
    hand_size INTEGER NOT NULL,
    refill TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
    cards_left_mine INTEGER NOT NULL,
    cards_left_theirs INTEGER NOT NULL,
    races_won INTEGER,
    races_lost INTEGER,
    moves INTEGER NOT NULL,
    flips INTEGER NOT NULL,
    seed INTEGER NOT NULL
);
INSERT INTO games_v2 (id, finished_at, opponent_kind, opponent_name, cpu_level, jokers, deal, hand_size, refill,
                      outcome, duration_ms, cards_left_mine, cards_left_theirs, races_won, races_lost, moves, flips, seed)
    SELECT id, finished_at, opponent_kind, opponent_name, cpu_level, jokers, deal, hand_size, refill,
           outcome, duration_ms, cards_left_mine, cards_left_theirs, races_won, races_lost, moves, flips, seed
    FROM games;
DROP TABLE games;
ALTER TABLE games_v2 RENAME TO games;
CREATE INDEX games_by_opponent ON games (opponent_kind, opponent_name, cpu_level, id);
)sql",
};

// The columns after id, in the order of the INSERT and the SELECT.
constexpr const char* kInsert =
    "INSERT INTO games (finished_at, opponent_kind, opponent_name, cpu_level, jokers, deal, hand_size, refill, "
    "outcome, duration_ms, cards_left_mine, cards_left_theirs, races_won, races_lost, moves, flips, seed) VALUES "
    "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)";
constexpr const char* kSelect =
    "SELECT id, finished_at, opponent_kind, opponent_name, cpu_level, jokers, deal, hand_size, refill, outcome, "
    "duration_ms, cards_left_mine, cards_left_theirs, races_won, races_lost, moves, flips, seed FROM games ORDER BY id";

// The ladder's queries: the levels beaten, and one level's wins (games_by_opponent serves the second).
constexpr const char* kLevelsBeaten =
    "SELECT DISTINCT cpu_level FROM games WHERE opponent_kind = 'cpu' AND outcome = 'win'";
constexpr const char* kLevelRecord =
    "SELECT COUNT(*), MIN(duration_ms) FROM games WHERE opponent_kind = 'cpu' AND cpu_level = ?1 AND outcome = 'win'";

std::optional<GameOutcome> outcomeOf(std::string_view word) {
    for (GameOutcome outcome : {GameOutcome::Win, GameOutcome::Loss, GameOutcome::Draw}) {
        if (toString(outcome) == word) return outcome;
    }
    return std::nullopt;
}

std::optional<OpponentKind> kindOf(std::string_view word) {
    for (OpponentKind kind : {OpponentKind::Cpu, OpponentKind::Network, OpponentKind::TwoPlayers}) {
        if (toString(kind) == word) return kind;
    }
    return std::nullopt;
}

// One row's reader: each get says whether the column held what it should.
class Row {
public:
    explicit Row(sqlite3_stmt* row) : m_row(row) {}

    bool integer(int index, std::int64_t& out) const {
        if (sqlite3_column_type(m_row, index) != SQLITE_INTEGER) return false;
        out = sqlite3_column_int64(m_row, index);
        return true;
    }
    bool small(int index, int low, int high, int& out) const {
        std::int64_t value = 0;
        if (!integer(index, value) || value < low || value > high) return false;
        out = static_cast<int>(value);
        return true;
    }
    bool optionalSmall(int index, std::optional<int>& out) const {
        if (sqlite3_column_type(m_row, index) == SQLITE_NULL) {
            out.reset();
            return true;
        }
        int value = 0;
        if (!small(index, 0, std::numeric_limits<int>::max(), value)) return false;
        out = value;
        return true;
    }
    bool text(int index, std::string& out) const {
        if (sqlite3_column_type(m_row, index) != SQLITE_TEXT) return false;
        const auto* bytes = sqlite3_column_text(m_row, index);
        out.assign(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(sqlite3_column_bytes(m_row, index)));
        return true;
    }

private:
    sqlite3_stmt* m_row;
};

// Empty when the row is a game, else the first column that is not.
std::string gameFromRow(const Row& row, FinishedGame& game) {
    constexpr int kMaxCount = std::numeric_limits<int>::max();
    std::string word;
    std::int64_t seed = 0;
    if (!row.integer(1, game.finishedAtMs)) return "finished_at";
    if (!row.text(2, word) || !kindOf(word)) return "opponent_kind";
    game.opponentKind = *kindOf(word);
    if (!row.text(3, game.opponentName)) return "opponent_name";
    if (!row.text(4, game.cpuLevel)) return "cpu_level";
    if (!row.small(5, 0, 2, game.jokers)) return "jokers";
    if (!row.text(6, game.deal)) return "deal";
    if (!row.small(7, 1, 64, game.handSize)) return "hand_size";
    if (!row.text(8, game.refill)) return "refill";
    if (!row.text(9, word) || !outcomeOf(word)) return "outcome";
    game.outcome = *outcomeOf(word);
    if (!row.integer(10, game.durationMs) || game.durationMs < 0) return "duration_ms";
    if (!row.small(11, 0, kMaxCount, game.cardsLeftMine)) return "cards_left_mine";
    if (!row.small(12, 0, kMaxCount, game.cardsLeftTheirs)) return "cards_left_theirs";
    if (!row.optionalSmall(13, game.racesWon)) return "races_won";
    if (!row.optionalSmall(14, game.racesLost)) return "races_lost";
    if (!row.small(15, 0, kMaxCount, game.moves)) return "moves";
    if (!row.small(16, 0, kMaxCount, game.flips)) return "flips";
    if (!row.integer(17, seed)) return "seed";
    game.seed = static_cast<std::uint64_t>(seed); // the uint64 seed's bits
    return {};
}

bool sameOpponent(const OpponentSummary& summary, const FinishedGame& game) {
    return summary.kind == game.opponentKind && summary.name == game.opponentName && summary.cpuLevel == game.cpuLevel;
}

} // namespace

std::string_view toString(GameOutcome outcome) {
    switch (outcome) {
    case GameOutcome::Win: return "win";
    case GameOutcome::Loss: return "loss";
    case GameOutcome::Draw: break;
    }
    return "draw";
}

std::string_view toString(OpponentKind kind) {
    switch (kind) {
    case OpponentKind::Network: return "network";
    case OpponentKind::TwoPlayers: return "two-players";
    case OpponentKind::Cpu: break;
    }
    return "cpu";
}

std::optional<BotLevel> highestRung(const std::vector<std::string>& levelWords) {
    std::optional<BotLevel> highest;
    for (const std::string& word : levelWords) {
        const std::optional<BotLevel> level = parseBotLevel(word);
        if (!level || !isLadderLevel(*level)) continue;
        if (!highest || botProfile(*level).rung > botProfile(*highest).rung) highest = level;
    }
    return highest;
}

StatsSummary summarize(const std::vector<FinishedGame>& games, std::size_t recentCount) {
    StatsSummary summary;
    summary.games = static_cast<int>(games.size());
    std::vector<OpponentSummary>& opponents = summary.opponents;
    for (const FinishedGame& game : games) {
        auto found = std::find_if(opponents.begin(), opponents.end(),
                                  [&](const OpponentSummary& entry) { return sameOpponent(entry, game); });
        if (found == opponents.end()) {
            OpponentSummary fresh;
            fresh.kind = game.opponentKind;
            fresh.name = game.opponentName;
            fresh.cpuLevel = game.cpuLevel;
            found = opponents.insert(opponents.end(), std::move(fresh));
        }
        OpponentSummary& entry = *found;
        ++entry.played;
        switch (game.outcome) {
        case GameOutcome::Win:
            ++entry.won;
            entry.currentStreak = entry.currentStreak > 0 ? entry.currentStreak + 1 : 1;
            entry.bestStreak = std::max(entry.bestStreak, entry.currentStreak);
            if (!entry.fastestWinMs || game.durationMs < *entry.fastestWinMs) entry.fastestWinMs = game.durationMs;
            break;
        case GameOutcome::Loss:
            ++entry.lost;
            entry.currentStreak = entry.currentStreak < 0 ? entry.currentStreak - 1 : -1;
            break;
        case GameOutcome::Draw:
            ++entry.drawn;
            entry.currentStreak = 0;
            break;
        }
        if (game.racesWon) entry.racesWon = entry.racesWon.value_or(0) + *game.racesWon;
        if (game.racesLost) entry.racesLost = entry.racesLost.value_or(0) + *game.racesLost;
        entry.lastPlayedAtMs = std::max(entry.lastPlayedAtMs, game.finishedAtMs);
        entry.recent.push_back(game.outcome);
        if (entry.recent.size() > recentCount) entry.recent.erase(entry.recent.begin());
    }
    for (OpponentSummary& entry : opponents) entry.winRate = static_cast<double>(entry.won) / entry.played;
    // The one played last first; games are oldest first, so a stable sort keeps ties in order.
    std::stable_sort(opponents.begin(), opponents.end(), [](const OpponentSummary& a, const OpponentSummary& b) {
        return a.lastPlayedAtMs > b.lastPlayedAtMs;
    });
    return summary;
}

struct GameStats::Impl {
    std::string file;
    detail::SqliteDb db;
    detail::SqliteStatement insert;
    detail::SqliteStatement select;
    detail::SqliteStatement levelsBeaten;
    detail::SqliteStatement levelRecord;
    mutable StoreProblem last; // the latest failure of record() or readAll()

    std::string failure(int code, std::string_view doing, StoreProblemKind otherwise) const {
        detail::SqliteProblem found = detail::sqliteProblem(db, code, {file, std::string(kWhat)}, doing, otherwise);
        last = {found.kind, file, std::move(found.systemText), found.error};
        return found.error;
    }
};

namespace {

OpenedStats refused(StoreProblemKind kind, std::filesystem::path file, std::string error, std::string systemText) {
    return {nullptr, std::move(error), kind, std::move(file), std::move(systemText)};
}

} // namespace

GameStats::GameStats(std::filesystem::path file, std::unique_ptr<Impl> impl)
    : m_file(std::move(file)), m_impl(std::move(impl)) {}

GameStats::~GameStats() = default;

OpenedStats GameStats::open(const std::filesystem::path& file) {
    auto impl = std::make_unique<Impl>();
    impl->file = file.string();
    detail::OpenedSqlite opened =
        detail::openVersioned({impl->file, std::string(kWhat)}, kStatsMigrations);
    impl->db = std::move(opened.db);
    if (!opened.error.empty()) {
        return refused(opened.kind, file, std::move(opened.error), std::move(opened.systemText));
    }
    for (auto [statement, sql] : {std::pair{&impl->insert, kInsert}, std::pair{&impl->select, kSelect},
                                  std::pair{&impl->levelsBeaten, kLevelsBeaten}, std::pair{&impl->levelRecord, kLevelRecord}}) {
        if (const int code = statement->prepare(impl->db.get(), sql); code != SQLITE_OK) {
            if ((code & 0xff) == SQLITE_ERROR) {
                return refused(StoreProblemKind::NotAJournal, file,
                               std::string(kWhat) + " " + impl->file + " is not a speed statistics file (" +
                                   impl->db.message() + ")",
                               impl->db.message());
            }
            impl->failure(code, "open", StoreProblemKind::CannotOpenJournal);
            return refused(impl->last.kind, file, impl->last.logText, impl->last.systemText);
        }
    }
    return {std::unique_ptr<GameStats>(new GameStats(file, std::move(impl))), {}};
}

OpenedStats GameStats::openDefault() {
    const std::filesystem::path dir = dataDir();
    if (FileFailure failed = ensureDir(dir, "data folder"); !failed.empty()) {
        return refused(StoreProblemKind::CannotCreateFolder, dir, std::move(failed.error), std::move(failed.systemText));
    }
    if (FileFailure failed = checkDirUsable(dir, "data folder"); !failed.empty()) {
        return refused(StoreProblemKind::CannotUseFolder, dir, std::move(failed.error), std::move(failed.systemText));
    }
    return open(dir / kFileName);
}

std::string GameStats::record(const FinishedGame& game) {
    detail::SqliteStatement& insert = m_impl->insert;
    int code = insert.bindInteger(1, game.finishedAtMs);
    if (code == SQLITE_OK) code = insert.bindText(2, toString(game.opponentKind));
    if (code == SQLITE_OK) code = insert.bindText(3, game.opponentName);
    if (code == SQLITE_OK) code = insert.bindText(4, game.cpuLevel);
    if (code == SQLITE_OK) code = insert.bindInteger(5, game.jokers);
    if (code == SQLITE_OK) code = insert.bindText(6, game.deal);
    if (code == SQLITE_OK) code = insert.bindInteger(7, game.handSize);
    if (code == SQLITE_OK) code = insert.bindText(8, game.refill);
    if (code == SQLITE_OK) code = insert.bindText(9, toString(game.outcome));
    if (code == SQLITE_OK) code = insert.bindInteger(10, game.durationMs);
    if (code == SQLITE_OK) code = insert.bindInteger(11, game.cardsLeftMine);
    if (code == SQLITE_OK) code = insert.bindInteger(12, game.cardsLeftTheirs);
    if (code == SQLITE_OK) code = game.racesWon ? insert.bindInteger(13, *game.racesWon) : insert.bindNull(13);
    if (code == SQLITE_OK) code = game.racesLost ? insert.bindInteger(14, *game.racesLost) : insert.bindNull(14);
    if (code == SQLITE_OK) code = insert.bindInteger(15, game.moves);
    if (code == SQLITE_OK) code = insert.bindInteger(16, game.flips);
    if (code == SQLITE_OK) code = insert.bindInteger(17, static_cast<std::int64_t>(game.seed));
    if (code != SQLITE_OK) {
        insert.reset();
        return m_impl->failure(code, "write", StoreProblemKind::CannotWriteJournal);
    }
    // One statement is its own transaction: a failed insert leaves the file as it was.
    if (code = insert.run(); code != SQLITE_OK) return m_impl->failure(code, "write", StoreProblemKind::CannotWriteJournal);
    return {};
}

std::string GameStats::readAll(std::vector<FinishedGame>& games) const {
    games.clear();
    detail::SqliteStatement& select = m_impl->select;
    int code = SQLITE_ROW;
    while ((code = select.step()) == SQLITE_ROW) {
        FinishedGame game;
        if (std::string column = gameFromRow(Row(select.get()), game); !column.empty()) {
            const std::int64_t id = sqlite3_column_int64(select.get(), 0);
            select.reset();
            games.clear();
            std::string error = std::string(kWhat) + " " + m_impl->file + ": game " + std::to_string(id) + " has a bad " + column;
            m_impl->last = {StoreProblemKind::NotAJournal, m_impl->file, {}, error};
            return error;
        }
        games.push_back(std::move(game));
    }
    select.reset();
    if (code != SQLITE_DONE) {
        games.clear();
        return m_impl->failure(code, "read", StoreProblemKind::CannotReadJournal);
    }
    return {};
}

std::string GameStats::readHighestRungBeaten(std::optional<BotLevel>& rung) const {
    rung.reset();
    detail::SqliteStatement& query = m_impl->levelsBeaten;
    std::vector<std::string> levels;
    int code = SQLITE_ROW;
    while ((code = query.step()) == SQLITE_ROW) {
        std::string word;
        if (Row(query.get()).text(0, word)) levels.push_back(std::move(word));
    }
    query.reset();
    if (code != SQLITE_DONE) return m_impl->failure(code, "read", StoreProblemKind::CannotReadJournal);
    rung = highestRung(levels);
    return {};
}

std::string GameStats::readCpuLevelRecord(std::string_view level, CpuLevelRecord& record) const {
    record = {};
    detail::SqliteStatement& query = m_impl->levelRecord;
    int code = query.bindText(1, level);
    if (code == SQLITE_OK) code = query.step();
    if (code == SQLITE_ROW) {
        const Row row(query.get());
        std::int64_t count = 0;
        std::int64_t fastest = 0;
        if (row.integer(0, count)) record.won = static_cast<int>(count);
        if (row.integer(1, fastest)) record.fastestWinMs = fastest; // NULL when no game was won
        code = SQLITE_OK;
    }
    query.reset();
    if (code != SQLITE_OK) return m_impl->failure(code, "read", StoreProblemKind::CannotReadJournal);
    return {};
}

StoreProblem GameStats::lastProblem() const { return m_impl->last; }

std::string GameStats::readSummary(StatsSummary& summary) const {
    std::vector<FinishedGame> games;
    std::string error = readAll(games);
    summary = error.empty() ? summarize(games) : StatsSummary{};
    return error;
}

} // namespace speed::store
