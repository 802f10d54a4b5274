// The results store: round trips, uniqueness, and refusing files that are not our stores.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/prepared_run.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/schedule.hpp"
#include "amazes/maze_io.hpp"
#include "support/files.hpp"
#include "support/store_sql.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

using testing::execute_sql;
using testing::read_file;
using testing::ScratchDir;
using testing::write_file;

Competition sample_competition() {
  Competition competition;
  competition.players = {{"alice", "./alice --fast"}, {"bob", "python3 bob.py"}};
  competition.rounds = 2;
  competition.seed = 18446744073709551615ULL;  // the largest seed must survive the round trip
  competition.mazes.size = 7;
  competition.settings.turns = 40;
  competition.settings.time_ms = 250.5;
  competition.settings.clock = arbiter::ClockKind::Wall;
  competition.settings.wall_guard_factor = 3;
  competition.settings.wall_guard_extra_ms = 20;
  return competition;
}

std::vector<StoredRound> sample_rounds() {
  return {{1, "generated-1", "maze one\n", 1, "amazes"}, {2, "b.txt", "maze two\n", std::nullopt, "amazes"}};
}

MatchRow sample_row(const std::string& red = "alice", const std::string& blue = "bob", int round = 1) {
  MatchRow row;
  row.id = match_id(round, red, blue);
  row.round = round;
  row.maze = "generated-1";
  row.side[0] = {red, {{2, 3}, Direction::East}, 480, 480, std::nullopt, std::nullopt, 41.5, "exit 0", {}};
  row.side[1] = {blue,     {{6, 0}, Direction::North}, -12, 0, FaultKind::TooLong, 17, 3.25,
                 "killed", {{"move_points", -3}}};
  row.seed = 9223372036854775809ULL;
  row.end = GameEnd::SuddenDeath;
  row.turns = 57;
  row.duration_ms = 12.5;
  row.log = match_log_path(row.id);
  row.played_at = "2024-01-02T03:04:05Z";
  return row;
}

// A store with a row, closed again (WAL checkpointed into the file).
std::filesystem::path make_store(const ScratchDir& dir) {
  const auto path = dir.path() / kStoreFileName;
  auto store = ResultsStore::create(path, sample_competition(), sample_rounds());
  store.insert_match(sample_row());
  return path;
}

void expect_refused(const std::filesystem::path& path, const std::string& why) {
  try {
    ResultsStore::open(path, ResultsStore::Access::ReadWrite);
    FAIL() << "opened " << path;
  } catch (const StoreError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path.string()), std::string::npos) << message;
    EXPECT_NE(message.find(why), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

// Runs `sql` on the database at `path` behind the store's back (made when missing).
void make_foreign_database(const std::filesystem::path& path) {
  execute_sql(path, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');");
}

TEST(ResultsStore, KeepsTheCompetitionPlayersAndRounds) {
  ScratchDir dir("store-competition");
  const auto path = dir.path() / "sub" / kStoreFileName;
  ResultsStore::create(path, sample_competition(), sample_rounds());
  const auto store = ResultsStore::open(path, ResultsStore::Access::ReadOnly);
  const auto competition = store.competition();
  const auto expected = sample_competition();
  EXPECT_EQ(competition.seed, expected.seed);
  EXPECT_EQ(competition.rounds, 2);
  EXPECT_EQ(competition.mazes.size, 7);
  EXPECT_FALSE(competition.mazes.directory.has_value());
  EXPECT_EQ(competition.settings.turns, 40);
  EXPECT_EQ(competition.settings.time_ms, 250.5);
  EXPECT_EQ(competition.settings.clock, arbiter::ClockKind::Wall);
  EXPECT_EQ(competition.settings.wall_guard_factor, 3);
  EXPECT_EQ(competition.settings.wall_guard_extra_ms, 20);
  ASSERT_EQ(competition.players.size(), 2U);
  EXPECT_EQ(competition.players[1].name, "bob");
  EXPECT_EQ(competition.players[1].command, "python3 bob.py");
  EXPECT_EQ(store.rounds(), sample_rounds());
}

TEST(ResultsStore, RoundTripsAMatchRow) {
  ScratchDir dir("store-row");
  const auto path = make_store(dir);
  const auto store = ResultsStore::open(path, ResultsStore::Access::ReadOnly);
  const auto rows = store.matches();
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0], sample_row());
  EXPECT_EQ(store.match_ids(), std::vector<std::string>{"r01-alice-bob"});
}

TEST(ResultsStore, KeepsTheTournamentsFormatRankingAndSwissPairings) {
  ScratchDir dir("store-swiss");
  const auto path = dir.path() / kStoreFileName;
  auto competition = sample_competition();
  competition.stages = {Format::Swiss, 4, 2};
  competition.ranking = ranking_preset("nio-2001");
  competition.ranking.bye_points = 4;
  auto store = ResultsStore::create(path, competition, sample_rounds());
  const std::vector<StoredPairing> round_one = {{1, "alice", "bob"}};
  const std::vector<StoredPairing> round_two = {{2, "bob", std::nullopt}};  // a bye
  store.add_pairings(1, round_one);
  store.add_pairings(2, round_two);
  const auto stored = ResultsStore::open(path, ResultsStore::Access::ReadOnly);
  EXPECT_EQ(stored.competition().stages, competition.stages);
  EXPECT_EQ(stored.competition().ranking, competition.ranking);
  EXPECT_EQ(stored.pairings(), (std::vector<StoredPairing>{round_one[0], round_two[0]}));
  EXPECT_THROW(store.add_pairings(1, round_one), StoreError) << "a round is decided once";
}

// A store of an earlier amazes has no values columns and no pairings table: read without them,
// and given them when opened for writing.
TEST(ResultsStore, AStoreWithoutValuesOrPairingsIsReadAndUpgradedForWriting) {
  ScratchDir dir("store-upgrade");
  const auto path = make_store(dir);
  execute_sql(path,
              "ALTER TABLE matches DROP COLUMN red_values; ALTER TABLE matches DROP COLUMN blue_values; "
              "DROP TABLE pairings;");
  {
    const auto old = ResultsStore::open(path, ResultsStore::Access::ReadOnly);
    ASSERT_EQ(old.matches().size(), 1U);
    EXPECT_TRUE(old.matches()[0].side[1].values.empty());
    EXPECT_TRUE(old.pairings().empty());
  }
  auto upgraded = ResultsStore::open(path, ResultsStore::Access::ReadWrite);
  upgraded.insert_match(sample_row("bob", "alice"));
  EXPECT_EQ(upgraded.matches().back().side[1].values, (std::map<std::string, std::int64_t>{{"move_points", -3}}));
  upgraded.add_pairings(2, {{2, "alice", "bob"}});
  EXPECT_EQ(upgraded.pairings().size(), 1U);
}

// A store of an earlier amazes takes only played games (its CHECK on status): read as it is, and
// when opened for writing its matches table is made again to take forfeits, its rows kept.
TEST(ResultsStore, AStoreWithoutForfeitsIsReadAndUpgradedForWriting) {
  ScratchDir dir("store-forfeits");
  const auto path = make_store(dir);
  execute_sql(path,
              "ALTER TABLE matches DROP COLUMN red_values; ALTER TABLE matches DROP COLUMN blue_values; "
              "PRAGMA writable_schema = ON; "
              "UPDATE sqlite_schema SET sql = replace(sql, '''played'', ''forfeit''', '''played''') "
              "WHERE name = 'matches'; PRAGMA writable_schema = OFF;");
  const auto forfeit = forfeit_row(match_id(1, "bob", "alice"), 1, "generated-1", {"bob", "alice"}, {}, std::nullopt,
                                   {kWithdrawnExit, ""}, "2026-01-01T00:00:00Z");
  {
    const auto old = ResultsStore::open(path, ResultsStore::Access::ReadOnly);
    ASSERT_EQ(old.matches().size(), 1U);
  }
  {
    // What the old CHECK refuses: the proof that the store is an earlier judge's.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(db, "UPDATE matches SET status = 'forfeit'", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  auto upgraded = ResultsStore::open(path, ResultsStore::Access::ReadWrite);
  upgraded.insert_match(forfeit);
  const auto rows = upgraded.matches();
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].id, sample_row().id);
  EXPECT_EQ(rows[0].side[0].score, sample_row().side[0].score);
  EXPECT_EQ(rows[1], forfeit);
}

void expect_no_refusal(const ResultsStore& store, const std::vector<StoredRound>& mine) {
  const auto stored = store.rounds();
  for (std::size_t i = 0; i < mine.size(); ++i) {
    EXPECT_NO_THROW(refuse_another_setup(store, "round", stored.at(i), mine[i], "competition")) << mine[i].round;
  }
}

// A store of an earlier amazes has no game in its rounds: read as an older judge's (game empty),
// and on write each such round takes the game the run plays, which it checked against it first.
// A round stored with its game is another game's for a run of another.
TEST(ResultsStore, ARoundWithoutItsGameIsAnOlderJudgesUntilWrittenAgain) {
  ScratchDir dir("store-round-games");
  const auto path = dir.path() / kStoreFileName;
  std::vector<StoredRound> rounds = {{1, "generated-1", "maze one\n", 1, "amazes"},
                                     {2, "more", "", std::nullopt, "more"}};
  ResultsStore::create(path, sample_competition(), rounds);
  execute_sql(path, "ALTER TABLE rounds DROP COLUMN game");
  {
    const auto old = ResultsStore::open(path, ResultsStore::Access::ReadOnly);
    for (const auto& round : old.rounds()) EXPECT_EQ(round.game, "") << round.round;
    expect_no_refusal(old, rounds);
  }
  auto upgraded = ResultsStore::open(path, ResultsStore::Access::ReadWrite);
  upgraded.extend({}, rounds);
  EXPECT_EQ(upgraded.rounds(), rounds);
  StoredRound lamistra{2, "lamistra", "", std::nullopt, "lamistra"};
  try {
    refuse_another_setup(upgraded, "round", upgraded.rounds()[1], lamistra, "competition");
    FAIL() << "a More round was taken for Lamistra's";
  } catch (const CompetitionMismatch& e) {
    EXPECT_NE(std::string(e.what()).find("round 2 was played as the game 'more', this run plays 'lamistra'"),
              std::string::npos)
        << e.what();
  }
  upgraded.extend({}, {lamistra});
  EXPECT_EQ(upgraded.rounds(), rounds) << "a round stored with its game is never written again";
}

TEST(ResultsStore, ExtendAddsOnlyWhatIsNew) {
  ScratchDir dir("store-extend");
  auto store = ResultsStore::create(dir.path() / kStoreFileName, sample_competition(), sample_rounds());
  store.extend({{"bob", "ignored"}, {"carol", "./carol"}},
               {{2, "other", "other\n", std::nullopt, ""}, {3, "c.txt", "maze three\n", std::nullopt, ""}});
  const auto players = store.players();
  ASSERT_EQ(players.size(), 3U);
  EXPECT_EQ(players[1].command, "python3 bob.py");
  EXPECT_EQ(players[2].name, "carol");
  const auto rounds = store.rounds();
  ASSERT_EQ(rounds.size(), 3U);
  EXPECT_EQ(rounds[1].maze, "maze two\n");
  EXPECT_EQ(rounds[2].maze_name, "c.txt");
  EXPECT_EQ(store.competition().rounds, 3);
}

TEST(ResultsStore, NeverCountsAMatchTwice) {
  ScratchDir dir("store-unique");
  auto store = ResultsStore::create(dir.path() / kStoreFileName, sample_competition(), sample_rounds());
  store.insert_match(sample_row());
  EXPECT_THROW(store.insert_match(sample_row()), StoreError);
  auto same_pair = sample_row();
  same_pair.id = "r01-alice-bob-again";
  EXPECT_THROW(store.insert_match(same_pair), StoreError);
  EXPECT_THROW(store.insert_match(sample_row("alice", "mallory")), StoreError);  // not a player
  EXPECT_THROW(store.insert_match(sample_row("alice", "bob", 9)), StoreError);   // not a round
  store.insert_match(sample_row("bob", "alice"));
  EXPECT_EQ(store.matches().size(), 2U);
}

TEST(ResultsStore, RefusesAFileThatIsNotSqliteAndLeavesItAlone) {
  ScratchDir dir("store-text");
  const auto path = dir.path() / kStoreFileName;
  const std::string text = "these are my notes, not a database\n";
  write_file(path, text);
  expect_refused(path, "not an SQLite database");
  EXPECT_THROW(ResultsStore::create(path, sample_competition(), sample_rounds()), StoreError);
  EXPECT_FALSE(ResultsStore::is_unfinished(path));
  EXPECT_EQ(read_file(path), text);
}

TEST(ResultsStore, RefusesAnotherProgramsSqliteDatabaseAndLeavesItAlone) {
  ScratchDir dir("store-foreign");
  const auto path = dir.path() / kStoreFileName;
  make_foreign_database(path);
  const std::string before = read_file(path);
  expect_refused(path, "another program");
  EXPECT_THROW(ResultsStore::create(path, sample_competition(), sample_rounds()), StoreError);
  EXPECT_FALSE(ResultsStore::is_unfinished(path));
  EXPECT_EQ(read_file(path), before);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "results.sqlite-wal"));
}

TEST(ResultsStore, RefusesAStoreOfANewerSchema) {
  ScratchDir dir("store-newer");
  const auto path = make_store(dir);
  execute_sql(path, "PRAGMA user_version = 99");
  expect_refused(path, "newer amazes");
}

TEST(ResultsStore, RefusesAStoreWithoutItsFormatEntry) {
  ScratchDir dir("store-no-format");
  const auto path = make_store(dir);
  execute_sql(path, "DELETE FROM meta WHERE key = 'format'");
  const std::string before = read_file(path);
  expect_refused(path, "damaged amazes results store (meta format is missing)");
  EXPECT_EQ(read_file(path), before);
}

TEST(ResultsStore, RefusesADamagedStore) {
  ScratchDir dir("store-damaged");
  const auto path = make_store(dir);
  std::string bytes = read_file(path);
  ASSERT_GT(bytes.size(), 8192U);
  // Page 2 onwards (the tables) overwritten with junk; the header still says SQLite.
  for (std::size_t i = 4096; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 + 3);
  write_file(path, bytes);
  expect_refused(path, "damaged");
  EXPECT_EQ(read_file(path), bytes);
}

TEST(ResultsStore, TakesOverTheEmptyFileOfAnInterruptedCreation) {
  ScratchDir dir("store-empty");
  const auto path = dir.path() / kStoreFileName;
  write_file(path, "");
  EXPECT_TRUE(ResultsStore::is_unfinished(path));
  EXPECT_THROW(ResultsStore::open(path, ResultsStore::Access::ReadOnly), StoreError);
  ResultsStore::create(path, sample_competition(), sample_rounds());
  EXPECT_FALSE(ResultsStore::is_unfinished(path));
  EXPECT_EQ(ResultsStore::open(path, ResultsStore::Access::ReadOnly).players().size(), 2U);

  // An SQLite database with nothing in it (the journal mode was set, nothing else) too.
  const auto other = dir.path() / "other.sqlite";
  execute_sql(other, "PRAGMA journal_mode=WAL");
  EXPECT_TRUE(ResultsStore::is_unfinished(other));
  ResultsStore::create(other, sample_competition(), sample_rounds());
  EXPECT_EQ(ResultsStore::open(other, ResultsStore::Access::ReadOnly).rounds().size(), 2U);
}

TEST(ResultsStore, RefusesToCreateOverAnExistingStore) {
  ScratchDir dir("store-twice");
  const auto path = make_store(dir);
  EXPECT_THROW(ResultsStore::create(path, sample_competition(), sample_rounds()), StoreError);
  EXPECT_EQ(ResultsStore::open(path, ResultsStore::Access::ReadOnly).matches().size(), 1U);
}

TEST(ResultsStore, AReaderSeesCommittedRowsWhileTheWriterIsOpen) {
  ScratchDir dir("store-reader");
  const auto path = dir.path() / kStoreFileName;
  auto writer = ResultsStore::create(path, sample_competition(), sample_rounds());
  writer.insert_match(sample_row());
  const auto reader = ResultsStore::open(path, ResultsStore::Access::ReadOnly);
  EXPECT_EQ(reader.matches().size(), 1U);
  writer.insert_match(sample_row("bob", "alice"));
  EXPECT_EQ(reader.matches().size(), 2U);
}

TEST(ResultsStore, MissingStoreIsReportedAsSuch) {
  ScratchDir dir("store-missing");
  EXPECT_FALSE(ResultsStore::exists(dir.path() / kStoreFileName));
  expect_refused(dir.path() / kStoreFileName, "no results store");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
