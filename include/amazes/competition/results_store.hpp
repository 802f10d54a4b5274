#pragma once
// The results store: one SQLite file per tournament output directory (docs/formats.md
// "Tournament output directory"). It holds the competition (settings, players, each round's
// maze) and one row per played match. A row is inserted, in its own transaction, only after
// the match log is on disk; a match is played again exactly when it has no row. So a run
// killed at any moment loses at most the matches in progress, and none is counted twice.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "amazes/competition/competition.hpp"
#include "amazes/competition/match_row.hpp"

namespace amazes::competition {

namespace sqlite {
class Database;
}

// A store that cannot be used: missing, not SQLite, SQLite of another program, from a newer
// amazes, damaged, or a write that failed. what() is one line starting with the file's path.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SQLite header field identifying the file as an amazes results store ("AMZS"), and the
// schema version in PRAGMA user_version.
inline constexpr std::int32_t kStoreApplicationId = 0x414D5A53;
inline constexpr int kStoreSchemaVersion = 1;
inline constexpr const char* kStoreFormat = "amazes-results";  // meta `format`
inline constexpr const char* kStoreFileName = "results.sqlite";

struct StoredRound {
  int round = 0;
  std::string maze_name;
  std::string maze;  // the maze file text (start lines when the round has fixed starts, then the drawing)
  std::optional<std::uint64_t> maze_seed;
  // The game its setup is for (game_setup.hpp): "amazes", or a game played on no maze, whose
  // round stores no maze. Empty: stored by a judge before games were, on a maze the game may not
  // have played (docs/formats.md).
  std::string game;
  friend bool operator==(const StoredRound&, const StoredRound&) = default;
};

// One pairing of a Swiss round as stored when the round was decided: `second` nothing is a bye.
struct StoredPairing {
  int round = 0;
  std::string first;
  std::optional<std::string> second;
  friend bool operator==(const StoredPairing&, const StoredPairing&) = default;
};

class ResultsStore {
 public:
  enum class Access { ReadOnly, ReadWrite };

  // True when a file (of any kind) is at `path`.
  static bool exists(const std::filesystem::path& path);

  // True when the file is empty or an SQLite database with nothing in it: what a creation
  // killed halfway leaves behind. create() takes such a file over.
  static bool is_unfinished(const std::filesystem::path& path);

  // Opens an existing store. Throws StoreError for anything that is not a usable amazes store;
  // a foreign or damaged file is never modified.
  static ResultsStore open(const std::filesystem::path& path, Access access);

  // Creates a store for `competition` with its rounds, in one transaction. The file must not
  // exist, or be an empty SQLite database (what an interrupted creation leaves behind).
  static ResultsStore create(const std::filesystem::path& path, const Competition& competition,
                             const std::vector<StoredRound>& rounds);

  ResultsStore(ResultsStore&&) noexcept;
  ResultsStore& operator=(ResultsStore&&) noexcept;
  ~ResultsStore();

  const std::filesystem::path& path() const { return path_; }

  // The competition as stored: players in order of entry, the number of rounds, seed, maze
  // source and the settings that decide scores (turns, time, clock, wall guard; grace and the
  // stderr limit are not stored and come back as defaults).
  Competition competition() const;
  std::vector<PlayerSpec> players() const;
  std::vector<StoredRound> rounds() const;
  // A value of the meta table (key/value text; see config/README.md for the keys), and
  // writing one in its own transaction (replacing an existing value).
  std::optional<std::string> meta(const std::string& key) const;
  void set_meta(const std::string& key, const std::string& value);
  // Every match row, by round then id.
  std::vector<MatchRow> matches() const;
  std::vector<std::string> match_ids() const;

  // The pairings of every decided Swiss round, by round then board.
  std::vector<StoredPairing> pairings() const;
  // Stores the pairings of one round, in one transaction; a round is decided once.
  void add_pairings(int round, const std::vector<StoredPairing>& pairings);

  // Adds the players and rounds not in the store yet, in one transaction. Existing entries
  // are left alone (the caller checked that they agree).
  void extend(const std::vector<PlayerSpec>& players, const std::vector<StoredRound>& rounds);

  // Inserts a played match in its own transaction, durable when this returns. Throws
  // StoreError if a row with that id (or that round and pair of colours) exists already.
  void insert_match(const MatchRow& row);

 private:
  ResultsStore(std::filesystem::path path, std::unique_ptr<sqlite::Database> db);
  void read_parts();
  [[noreturn]] void fail(const std::exception& e, const char* what) const;

  std::filesystem::path path_;
  std::unique_ptr<sqlite::Database> db_;
  // What a store of an earlier amazes may lack (store_file.hpp, StoreParts).
  bool has_values_ = true;
  bool has_round_games_ = true;
  bool has_pairings_ = true;
};

}  // namespace amazes::competition
