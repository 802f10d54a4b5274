// What a file on disk is as a results store: its schema, and how a file is recognised as one of
// ours (or refused) before anything is written to it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "store/sqlite.hpp"

namespace amazes::competition {

extern const char* const kStoreSchema;

// What the first bytes of the file say it is.
enum class FileKind { Missing, Empty, Sqlite, Other };
FileKind file_kind(const std::filesystem::path& path);

// The header fields and schema of an SQLite file, read without changing anything.
struct Identity {
  std::int64_t application_id = 0;
  std::int64_t user_version = 0;
  std::int64_t objects = 0;  // tables, indexes, … in sqlite_schema
};
Identity identity_of(sqlite::Database& db);
bool is_empty_database(const Identity& id);

// Throws StoreError unless `id` is one of our stores that this version can read.
void check_identity(const std::filesystem::path& path, const Identity& id);

// What a store of an earlier amazes may lack: the values a referee reported (matches'
// red_values, blue_values), a Swiss stage's pairings (the pairings table), forfeits (a matches
// table whose CHECK takes status 'forfeit') and the game of each round (rounds' game). Reading does without them; a
// store opened for writing gets them (add_missing_parts), which older judges ignore.
struct StoreParts {
  bool values = true;
  bool pairings = true;
  bool forfeits = true;
  bool round_games = true;
};
StoreParts parts_of(sqlite::Database& db);
void add_missing_parts(sqlite::Database& db);

// "PATH: WHY; refusing to use or overwrite it".
std::string refusal(const std::filesystem::path& path, std::string_view why);
// SQLite's integrity report on one short line.
std::string one_line(std::string text);

}  // namespace amazes::competition
