#include "store/store_file.hpp"

#include <array>
#include <cstring>
#include <fstream>

#include <fmt/format.h>

#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

const char* const kStoreSchema = R"sql(
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE players (
  position INTEGER PRIMARY KEY,          -- order of entry: the schedule's player order
  name     TEXT NOT NULL UNIQUE,
  command  TEXT NOT NULL
);
CREATE TABLE rounds (
  round     INTEGER PRIMARY KEY CHECK (round >= 1),
  maze_name TEXT NOT NULL,
  maze      TEXT NOT NULL,               -- maze file text: fixed start lines if any, then the drawing
  maze_seed TEXT,                        -- decimal generator seed of a generated maze
  game      TEXT                         -- 'amazes', or a game on no maze (maze ''); NULL: an older judge's
);
CREATE TABLE matches (
  id              TEXT PRIMARY KEY,
  round           INTEGER NOT NULL REFERENCES rounds(round),
  red             TEXT NOT NULL REFERENCES players(name),
  blue            TEXT NOT NULL REFERENCES players(name),
  maze            TEXT NOT NULL,
  red_start       TEXT NOT NULL,         -- "R,C,D", 1-based as in maze files
  blue_start      TEXT NOT NULL,
  seed            TEXT,                  -- decimal seed the starts were drawn from; NULL: fixed by the maze file
  game_end        TEXT NOT NULL CHECK (game_end IN ('normal', 'sudden_death')),
  red_points      INTEGER NOT NULL,
  blue_points     INTEGER NOT NULL,
  red_score       INTEGER NOT NULL,
  blue_score      INTEGER NOT NULL,
  red_fault       TEXT,                  -- crash|timeout|illegal|too_long|unsolicited, NULL: none
  blue_fault      TEXT,
  red_fault_turn  INTEGER,
  blue_fault_turn INTEGER,
  red_time_ms     REAL NOT NULL,
  blue_time_ms    REAL NOT NULL,
  red_exit        TEXT NOT NULL,
  blue_exit       TEXT NOT NULL,
  turns           INTEGER NOT NULL,
  duration_ms     REAL NOT NULL,
  log             TEXT NOT NULL,         -- relative to the output directory
  status          TEXT NOT NULL CHECK (status IN ('played', 'forfeit')),  -- forfeit: not played (player_policy.hpp)
  played_at       TEXT NOT NULL,
  red_values      TEXT,                  -- values the referee reported: "name=V;name=V", NULL: none
  blue_values     TEXT,
  UNIQUE (round, red, blue),
  CHECK (red <> blue)
);
CREATE TABLE pairings (
  round    INTEGER NOT NULL REFERENCES rounds(round),
  board    INTEGER NOT NULL,             -- the pairing's place in the round, from 1
  first    TEXT NOT NULL REFERENCES players(name),
  second   TEXT REFERENCES players(name), -- NULL: `first` has the round's bye
  PRIMARY KEY (round, board)
);
)sql";

FileKind file_kind(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return FileKind::Missing;
  // A FIFO or a device would block the read below, or never end: no store is one.
  if (!std::filesystem::is_regular_file(path, error)) return FileKind::Other;
  std::ifstream in(path, std::ios::binary);
  std::array<char, 16> header{};
  in.read(header.data(), header.size());
  const auto got = in.gcount();
  if (got == 0) return FileKind::Empty;
  if (got == 16 && std::memcmp(header.data(), "SQLite format 3\0", 16) == 0) return FileKind::Sqlite;
  return FileKind::Other;
}

Identity identity_of(sqlite::Database& db) {
  return {db.query_int("PRAGMA application_id"), db.query_int("PRAGMA user_version"),
          db.query_int("SELECT count(*) FROM sqlite_schema")};
}

bool is_empty_database(const Identity& id) { return id.application_id == 0 && id.user_version == 0 && id.objects == 0; }

std::string one_line(std::string text) {
  for (auto& c : text) c = c == '\n' ? ' ' : c;
  if (text.size() > 160) text = text.substr(0, 157) + "...";
  return text;
}

std::string refusal(const std::filesystem::path& path, std::string_view why) {
  return fmt::format("{}: {}; refusing to use or overwrite it", path.string(), why);
}

void check_identity(const std::filesystem::path& path, const Identity& id) {
  if (id.application_id != kStoreApplicationId) {
    throw StoreError(refusal(path, "not an amazes results store (an SQLite database of another program)"));
  }
  if (id.user_version > kStoreSchemaVersion) {
    throw StoreError(refusal(path, fmt::format("made by a newer amazes (store schema {}, this amazes reads {})",
                                               id.user_version, kStoreSchemaVersion)));
  }
  if (id.user_version < 1) throw StoreError(refusal(path, "damaged amazes results store (no schema version)"));
}

namespace {

bool has_table(sqlite::Database& db, const char* table) {
  auto query = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1");
  query.bind(1, std::string(table));
  return query.step();
}

// Whether the matches table takes forfeits: its CHECK on status names them.
bool takes_forfeits(sqlite::Database& db) {
  auto query = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'matches'");
  if (!query.step()) return true;
  return query.column_text(0).find("'forfeit'") != std::string::npos;
}

// SQLite cannot change a CHECK in place: the table is made again under the schema's CHECK, its
// rows copied (the columns in the same order: the values columns are added first).
void rebuild_matches_for_forfeits(sqlite::Database& db) {
  const std::string schema = kStoreSchema;
  const std::string head = "CREATE TABLE matches (";
  const auto begin = schema.find(head);
  const auto end = schema.find(");\n", begin);
  const std::string create =
      "CREATE TABLE matches_with_forfeits (" + schema.substr(begin + head.size(), end + 2 - begin - head.size());
  db.exec(create);
  db.exec("INSERT INTO matches_with_forfeits SELECT * FROM matches");
  db.exec("DROP TABLE matches");
  db.exec("ALTER TABLE matches_with_forfeits RENAME TO matches");
}

bool has_column(sqlite::Database& db, const char* table, const char* column) {
  auto query = db.prepare(std::string("SELECT 1 FROM pragma_table_info('") + table + "') WHERE name = ?1");
  query.bind(1, std::string(column));
  return query.step();
}

}  // namespace

StoreParts parts_of(sqlite::Database& db) {
  return {has_column(db, "matches", "red_values"), has_table(db, "pairings"), takes_forfeits(db),
          has_column(db, "rounds", "game")};
}

void add_missing_parts(sqlite::Database& db) {
  const StoreParts parts = parts_of(db);
  if (parts.values && parts.pairings && parts.forfeits && parts.round_games) return;
  sqlite::Transaction transaction(db);
  if (!parts.values) {
    db.exec("ALTER TABLE matches ADD COLUMN red_values TEXT; ALTER TABLE matches ADD COLUMN blue_values TEXT");
  }
  if (!parts.pairings) {
    db.exec(
        "CREATE TABLE pairings (round INTEGER NOT NULL REFERENCES rounds(round), board INTEGER NOT NULL, "
        "first TEXT NOT NULL REFERENCES players(name), second TEXT REFERENCES players(name), "
        "PRIMARY KEY (round, board))");
  }
  if (!parts.forfeits) rebuild_matches_for_forfeits(db);
  if (!parts.round_games) db.exec("ALTER TABLE rounds ADD COLUMN game TEXT");
  transaction.commit();
}

}  // namespace amazes::competition
