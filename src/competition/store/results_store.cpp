// The results store on SQLite.
//
// Durability: WAL journal with synchronous=FULL. Any journal mode survives the judge being
// killed (SIGKILL leaves the OS buffers to be written); FULL also makes each committed match
// survive a power cut, for one fsync per match, which is nothing next to playing a game. WAL
// lets `amazes standings DIR` read while a tournament writes, without waiting.
#include "amazes/competition/results_store.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/competition/contest_name.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "store/sqlite.hpp"
#include "store/store_file.hpp"
#include "store/stored_numbers.hpp"

namespace amazes::competition {
namespace {

using sqlite::Database;
using sqlite::SqliteError;
using sqlite::Transaction;

void configure_for_writing(Database& db) {
  db.query_text("PRAGMA journal_mode=WAL");
  db.exec("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON");
}

void insert_meta(Database& db, const std::string& key, const std::string& value) {
  db.prepare("INSERT INTO meta (key, value) VALUES (?1, ?2)").bind(1, key).bind(2, value).run();
}

void insert_players_and_rounds(Database& db, const std::vector<PlayerSpec>& players,
                               const std::vector<StoredRound>& rounds) {
  const auto next_position = db.query_int("SELECT coalesce(max(position), 0) + 1 FROM players");
  auto exists_player = db.prepare("SELECT 1 FROM players WHERE name = ?1");
  auto add_player = db.prepare("INSERT INTO players (position, name, command) VALUES (?1, ?2, ?3)");
  std::int64_t position = next_position;
  for (const auto& player : players) {
    exists_player.reset();
    exists_player.bind(1, player.name);
    if (exists_player.step()) continue;
    add_player.reset();
    add_player.bind(1, position++).bind(2, player.name).bind(3, player.command).run();
  }
  // A round an older judge stored without its game takes the setup this run plays, which the run
  // checked against it first (prepared_run.hpp): the maze it stored for a game played on no maze
  // was never played.
  auto add_round = db.prepare(
      "INSERT INTO rounds (round, maze_name, maze, maze_seed, game) VALUES (?1, ?2, ?3, ?4, ?5) "
      "ON CONFLICT (round) DO UPDATE SET maze_name = excluded.maze_name, maze = excluded.maze, "
      "maze_seed = excluded.maze_seed, game = excluded.game WHERE rounds.game IS NULL");
  for (const auto& round : rounds) {
    add_round.reset();
    std::optional<std::string> seed;
    if (round.maze_seed) seed = seed_text(*round.maze_seed);
    const std::optional<std::string> game = round.game.empty() ? std::nullopt : std::optional(round.game);
    add_round.bind(1, round.round).bind(2, round.maze_name).bind(3, round.maze).bind(4, seed).bind(5, game).run();
  }
}

// The meta key of a game file's row (arbiter::game_row_json).
constexpr std::string_view kGameFileRowKey = "game_file_row";

// The store's meta holds the settings that make the competition (the others vary by run).
const arbiter::SettingField* competition_setting(const std::string& key) {
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    if (setting.key == key && setting.scope == arbiter::SettingScope::Competition) return &setting;
  }
  return nullptr;
}

}  // namespace

std::string_view competition_kind_name(CompetitionKind kind) {
  return kind == CompetitionKind::Versus ? "versus" : "tournament";
}

std::optional<CompetitionKind> competition_kind_from_name(std::string_view name) {
  if (name == "tournament") return CompetitionKind::Tournament;
  if (name == "versus") return CompetitionKind::Versus;
  return std::nullopt;
}

bool ResultsStore::exists(const std::filesystem::path& path) { return file_kind(path) != FileKind::Missing; }

bool ResultsStore::is_unfinished(const std::filesystem::path& path) {
  switch (file_kind(path)) {
    case FileKind::Empty: return true;
    case FileKind::Sqlite: break;
    default: return false;
  }
  try {
    // Read-write, although it only reads: a read-only connection cannot recover the WAL that a
    // killed writer left behind, and would fail where a writer sees an empty database.
    Database probe(path, Database::Mode::ReadWrite);
    return is_empty_database(identity_of(probe));
  } catch (const SqliteError&) {
    return false;  // open() will say what is wrong with it
  }
}

ResultsStore::ResultsStore(std::filesystem::path path, std::unique_ptr<sqlite::Database> db)
    : path_(std::move(path)), db_(std::move(db)) {}
void ResultsStore::read_parts() {
  const StoreParts parts = parts_of(*db_);
  has_values_ = parts.values;
  has_pairings_ = parts.pairings;
  has_round_games_ = parts.round_games;
}

ResultsStore::ResultsStore(ResultsStore&&) noexcept = default;
ResultsStore& ResultsStore::operator=(ResultsStore&&) noexcept = default;
ResultsStore::~ResultsStore() = default;

void ResultsStore::fail(const std::exception& e, const char* what) const {
  throw StoreError(fmt::format("{}: {}: {}", path_.string(), what, e.what()));
}

ResultsStore ResultsStore::open(const std::filesystem::path& path, Access access) {
  switch (file_kind(path)) {
    case FileKind::Missing: throw StoreError(fmt::format("{}: no results store here", path.string()));
    case FileKind::Empty:
      throw StoreError(fmt::format("{}: empty results store (its creation was interrupted; run the tournament again)",
                                   path.string()));
    case FileKind::Other: throw StoreError(refusal(path, "not an amazes results store (not an SQLite database)"));
    case FileKind::Sqlite: break;
  }
  try {
    auto db = std::make_unique<Database>(
        path, access == Access::ReadOnly ? Database::Mode::ReadOnly : Database::Mode::ReadWrite);
    const Identity id = identity_of(*db);
    if (is_empty_database(id)) {
      throw StoreError(fmt::format("{}: empty results store (its creation was interrupted; run the tournament again)",
                                   path.string()));
    }
    check_identity(path, id);
    const std::string check = db->query_text("PRAGMA quick_check");
    if (check != "ok") throw StoreError(refusal(path, "damaged amazes results store (" + one_line(check) + ")"));
    if (access == Access::ReadWrite) {
      configure_for_writing(*db);
      add_missing_parts(*db);
    }
    ResultsStore store(path, std::move(db));
    store.read_parts();
    if (const auto format = store.meta("format"); format != kStoreFormat) {
      throw StoreError(refusal(path, fmt::format("damaged amazes results store (meta format is {})",
                                                 format ? "'" + *format + "'" : std::string("missing"))));
    }
    return store;
  } catch (const SqliteError& e) {
    if (e.code() == SQLITE_NOTADB)
      throw StoreError(refusal(path, "not an amazes results store (not an SQLite database)"));
    if (e.code() == SQLITE_CORRUPT)
      throw StoreError(refusal(path, "damaged results store (" + one_line(e.what()) + ")"));
    throw StoreError(fmt::format("{}: cannot open the results store: {}", path.string(), e.what()));
  }
}

ResultsStore ResultsStore::create(const std::filesystem::path& path, const Competition& competition,
                                  const std::vector<StoredRound>& rounds) {
  const FileKind kind = file_kind(path);
  if (kind == FileKind::Other) throw StoreError(refusal(path, "not an amazes results store (not an SQLite database)"));
  try {
    if (kind == FileKind::Sqlite) {
      // Only an empty database may be taken over: an interrupted creation leaves one.
      Database probe(path, Database::Mode::ReadWrite);
      const Identity id = identity_of(probe);
      if (!is_empty_database(id)) {
        check_identity(path, id);
        throw StoreError(fmt::format("{}: a results store exists already", path.string()));
      }
    }
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
    auto db = std::make_unique<Database>(path, Database::Mode::Create);
    configure_for_writing(*db);
    Transaction transaction(*db);
    // The identity goes in with everything else: a store is ours and complete, or empty.
    db->exec(
        fmt::format("PRAGMA application_id = {}; PRAGMA user_version = {};", kStoreApplicationId, kStoreSchemaVersion));
    db->exec(kStoreSchema);
    insert_meta(*db, "format", kStoreFormat);
    insert_meta(*db, "schema", std::to_string(kStoreSchemaVersion));
    insert_meta(*db, "kind", std::string(competition_kind_name(competition.kind)));
    insert_meta(*db, "created_at", utc_timestamp_now());
    insert_meta(*db, "seed", seed_text(competition.seed));
    if (competition.mazes.directory) {
      insert_meta(*db, "maze_directory",
                  std::filesystem::absolute(*competition.mazes.directory).lexically_normal().string());
    }
    insert_meta(*db, "maze_size", std::to_string(competition.mazes.size));
    if (competition.kind == CompetitionKind::Tournament) {
      insert_meta(*db, "tournament_format", std::string(format_name(competition.stages.format)));
      insert_meta(*db, "final_top", std::to_string(competition.stages.final_top));
      insert_meta(*db, "final_rounds", std::to_string(competition.stages.final_rounds));
      insert_meta(*db, "decide_top", std::to_string(competition.stages.decide_top));
      insert_meta(*db, "max_games", std::to_string(competition.stages.max_games));
      insert_meta(*db, "points", points_text(competition.ranking));
      insert_meta(*db, "tie_breaks", tie_breaks_text(competition.ranking.tie_breaks));
      insert_meta(*db, "bye_points", std::to_string(competition.ranking.bye_points));
    }
    for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
      if (setting.scope == arbiter::SettingScope::Competition) {
        insert_meta(*db, std::string(setting.key), arbiter::setting_text(setting, competition.settings));
      }
    }
    if (const auto& row = competition.settings.game.file_row())
      insert_meta(*db, std::string(kGameFileRowKey), arbiter::game_row_json(*row));
    insert_players_and_rounds(*db, competition.players, rounds);
    transaction.commit();
    return ResultsStore(path, std::move(db));
  } catch (const SqliteError& e) {
    if (e.code() == SQLITE_NOTADB)
      throw StoreError(refusal(path, "not an amazes results store (not an SQLite database)"));
    throw StoreError(fmt::format("{}: cannot create the results store: {}", path.string(), e.what()));
  }
}

Competition ResultsStore::competition() const {
  try {
    Competition competition;
    auto meta = db_->prepare("SELECT key, value FROM meta");
    const auto bad = [&](const std::string& key, const std::string& value) {
      return StoreError(refusal(path_, fmt::format("damaged results store (meta {} = '{}')", key, value)));
    };
    const auto to_double = [&](const std::string& key, const std::string& value) {
      try {
        std::size_t used = 0;
        const double d = std::stod(value, &used);
        if (used != value.size()) throw bad(key, value);
        return d;
      } catch (const std::logic_error&) {
        throw bad(key, value);
      }
    };
    while (meta.step()) {
      const std::string key = meta.column_text(0);
      const std::string value = meta.column_text(1);
      if (key == kContestNameKey) {
        competition.name = value;
      } else if (key == "kind") {
        const auto kind = competition_kind_from_name(value);
        if (!kind) {
          throw StoreError(
              refusal(path_, fmt::format("a store of another kind ('{}'), perhaps from a newer amazes", value)));
        }
        competition.kind = *kind;
      } else if (key == "seed") {
        const auto seed = parse_u64(value);
        if (!seed) throw bad(key, value);
        competition.seed = *seed;
      } else if (key == "maze_directory") {
        competition.mazes.directory = value;
      } else if (key == "maze_size") {
        competition.mazes.size = static_cast<int>(to_double(key, value));
      } else if (key == "tournament_format") {
        const auto format = format_from_name(value);
        if (!format) throw bad(key, value);
        competition.stages.format = *format;
      } else if (key == "final_top") {
        competition.stages.final_top = static_cast<int>(to_double(key, value));
      } else if (key == "final_rounds") {
        competition.stages.final_rounds = static_cast<int>(to_double(key, value));
      } else if (key == "decide_top") {
        competition.stages.decide_top = static_cast<int>(to_double(key, value));
      } else if (key == "max_games") {
        competition.stages.max_games = static_cast<int>(to_double(key, value));
      } else if (key == "bye_points") {
        competition.ranking.bye_points = static_cast<int>(to_double(key, value));
      } else if (key == "points" || key == "tie_breaks") {
        try {
          if (key == "points") parse_points(value, competition.ranking);
          if (key == "tie_breaks") competition.ranking.tie_breaks = parse_tie_breaks(value);
        } catch (const RankingError&) {
          throw bad(key, value);
        }
      } else if (const arbiter::SettingField* setting = competition_setting(key)) {
        if (arbiter::set_setting_from_text(*setting, competition.settings, value)) throw bad(key, value);
      }
    }
    // A game file's game, its row as stored when its referee is the settings'.
    if (const auto text = ResultsStore::meta(std::string(kGameFileRowKey))) {
      auto row = arbiter::game_row_from_json(*text);
      if (!row) throw bad(std::string(kGameFileRowKey), *text);
      if (row->referee == competition.settings.game.referee()) {
        competition.settings.game = arbiter::GameChoice(std::make_shared<const GameRow>(std::move(*row)));
      }
    }
    competition.players = players();
    competition.rounds = static_cast<int>(
        db_->query_int(fmt::format("SELECT coalesce(max(round), 0) FROM rounds WHERE round <= {}", kFinalRoundBase)));
    return competition;
  } catch (const SqliteError& e) {
    fail(e, "cannot read the competition");
  }
}

std::optional<std::string> ResultsStore::meta(const std::string& key) const {
  try {
    auto query = db_->prepare("SELECT value FROM meta WHERE key = ?1");
    query.bind(1, key);
    if (!query.step()) return std::nullopt;
    return query.column_text(0);
  } catch (const SqliteError& e) {
    fail(e, "cannot read the store's meta data");
  }
}

void ResultsStore::set_meta(const std::string& key, const std::string& value) {
  try {
    Transaction transaction(*db_);
    db_->prepare("INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .bind(1, key)
        .bind(2, value)
        .run();
    transaction.commit();
  } catch (const SqliteError& e) {
    fail(e, "cannot write the store's meta data");
  }
}

std::vector<PlayerSpec> ResultsStore::players() const {
  try {
    std::vector<PlayerSpec> players;
    auto query = db_->prepare("SELECT name, command FROM players ORDER BY position");
    while (query.step()) players.push_back({query.column_text(0), query.column_text(1)});
    return players;
  } catch (const SqliteError& e) {
    fail(e, "cannot read the players");
  }
}

std::vector<StoredRound> ResultsStore::rounds() const {
  try {
    std::vector<StoredRound> rounds;
    auto query = db_->prepare(fmt::format("SELECT round, maze_name, maze, maze_seed, {} FROM rounds ORDER BY round",
                                          has_round_games_ ? "game" : "NULL"));
    while (query.step()) {
      StoredRound round{query.column_int(0), query.column_text(1), query.column_text(2), std::nullopt,
                        query.column_optional_text(4).value_or("")};
      if (const auto seed = query.column_optional_text(3)) round.maze_seed = parse_u64(*seed);
      rounds.push_back(std::move(round));
    }
    return rounds;
  } catch (const SqliteError& e) {
    fail(e, "cannot read the rounds");
  }
}

std::vector<StoredPairing> ResultsStore::pairings() const {
  if (!has_pairings_) return {};
  try {
    std::vector<StoredPairing> pairings;
    auto query = db_->prepare("SELECT round, first, second FROM pairings ORDER BY round, board");
    while (query.step()) pairings.push_back({query.column_int(0), query.column_text(1), query.column_optional_text(2)});
    return pairings;
  } catch (const SqliteError& e) {
    fail(e, "cannot read the pairings");
  }
}

void ResultsStore::add_pairings(int round, const std::vector<StoredPairing>& pairings) {
  try {
    Transaction transaction(*db_);
    auto insert = db_->prepare("INSERT INTO pairings (round, board, first, second) VALUES (?1, ?2, ?3, ?4)");
    int board = 0;
    for (const auto& pairing : pairings) {
      insert.reset();
      insert.bind(1, round).bind(2, ++board).bind(3, pairing.first).bind(4, pairing.second).run();
    }
    transaction.commit();
  } catch (const SqliteError& e) {
    fail(e, fmt::format("cannot record the pairings of {}", round_label(round)).c_str());
  }
}

void ResultsStore::extend(const std::vector<PlayerSpec>& players, const std::vector<StoredRound>& rounds) {
  try {
    Transaction transaction(*db_);
    insert_players_and_rounds(*db_, players, rounds);
    transaction.commit();
  } catch (const SqliteError& e) {
    fail(e, "cannot add players and rounds");
  }
}

}  // namespace amazes::competition
