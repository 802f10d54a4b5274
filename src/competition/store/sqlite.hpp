#pragma once
// A small RAII layer over the sqlite3 C API: a connection, prepared statements, and a
// transaction that rolls back unless committed. Errors become SqliteError with SQLite's own
// message; the results store turns them into one line for the user.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace amazes::competition::sqlite {

class SqliteError : public std::runtime_error {
 public:
  SqliteError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }  // the primary result code (SQLITE_CORRUPT, SQLITE_NOTADB, …)

 private:
  int code_;
};

class Statement;

class Database {
 public:
  enum class Mode { ReadOnly, ReadWrite, Create };
  Database(const std::filesystem::path& path, Mode mode);
  ~Database();
  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements that return nothing of interest.
  void exec(const std::string& sql);
  Statement prepare(std::string_view sql);
  // The first column of the first row of a query returning one value (e.g. a PRAGMA).
  std::int64_t query_int(std::string_view sql);
  std::string query_text(std::string_view sql);

  sqlite3* handle() const { return db_; }

 private:
  [[noreturn]] void fail(int code, std::string_view what) const;
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQLite.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
  Statement& bind_null(int index);
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  // Advances to the next row; false when there is none (or the statement is done).
  bool step();
  // Runs a statement that returns no rows.
  void run();
  void reset();

  // Columns are numbered from 0, as in SQLite.
  bool is_null(int column) const;
  std::int64_t column_int64(int column) const;
  int column_int(int column) const { return static_cast<int>(column_int64(column)); }
  double column_double(int column) const;
  std::string column_text(int column) const;
  std::optional<std::string> column_optional_text(int column) const;
  std::optional<int> column_optional_int(int column) const;

 private:
  [[noreturn]] void fail(int code) const;
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE on construction (takes the write lock at once, so a commit never fails for
// a lock taken halfway); ROLLBACK in the destructor unless commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace amazes::competition::sqlite
