#pragma once
// SQL run straight on a results store, to make it what an earlier judge left.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

namespace amazes::testing {

inline void execute_sql(const std::filesystem::path& path, const char* sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sql << ": " << sqlite3_errmsg(db);
  sqlite3_close(db);
}

}  // namespace amazes::testing
