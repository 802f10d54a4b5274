// The results store's games (results_store.hpp): a stored row of each game, read and written.
#include <algorithm>
#include <charconv>
#include <map>

#include <fmt/format.h>
#include <sqlite3.h>

#include "amazes/competition/results_store.hpp"
#include "amazes/starts.hpp"
#include "store/sqlite.hpp"
#include "store/stored_numbers.hpp"

namespace amazes::competition {
namespace {

using sqlite::SqliteError;
using sqlite::Transaction;

constexpr const char* kMatchColumns =
    "id, round, red, blue, maze, red_start, blue_start, seed, game_end, red_points, blue_points, red_score, "
    "blue_score, red_fault, blue_fault, red_fault_turn, blue_fault_turn, red_time_ms, blue_time_ms, red_exit, "
    "blue_exit, turns, duration_ms, log, status, played_at";
constexpr const char* kValueColumns = ", red_values, blue_values";

// "move_points=163;other=2": names are lowercase words, values whole numbers.
std::optional<std::string> values_text(const std::map<std::string, std::int64_t>& values) {
  if (values.empty()) return std::nullopt;
  std::string text;
  for (const auto& [name, value] : values) text += fmt::format("{}{}={}", text.empty() ? "" : ";", name, value);
  return text;
}

std::map<std::string, std::int64_t> parse_values(const std::optional<std::string>& text) {
  std::map<std::string, std::int64_t> values;
  if (!text) return values;
  std::string_view rest = *text;
  while (!rest.empty()) {
    const auto end = std::min(rest.find(';'), rest.size());
    const std::string_view item = rest.substr(0, end);
    const auto equals = item.find('=');
    std::int64_t value = 0;
    const std::string_view number = equals == std::string_view::npos ? std::string_view{} : item.substr(equals + 1);
    const auto [last, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (equals == std::string_view::npos || error != std::errc{} || last != number.data() + number.size()) {
      throw SqliteError(SQLITE_CORRUPT, "bad values '" + *text + "' in matches");
    }
    values.emplace(std::string(item.substr(0, equals)), value);
    rest.remove_prefix(std::min(end + 1, rest.size()));
  }
  return values;
}

Start parse_stored_start(const std::string& text) {
  const auto start = parse_start(text);
  if (!start) throw SqliteError(SQLITE_CORRUPT, "bad start '" + text + "' in matches");
  return *start;
}

std::optional<FaultKind> parse_stored_fault(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  const auto fault = fault_from_name(*text);
  if (!fault) throw SqliteError(SQLITE_CORRUPT, "bad fault '" + *text + "' in matches");
  return fault;
}

}  // namespace

std::vector<MatchRow> ResultsStore::matches() const {
  try {
    std::vector<MatchRow> rows;
    auto query = db_->prepare(
        fmt::format("SELECT {}{} FROM matches ORDER BY round, id", kMatchColumns, has_values_ ? kValueColumns : ""));
    while (query.step()) {
      MatchRow row;
      row.id = query.column_text(0);
      row.round = query.column_int(1);
      row.side[0].player = query.column_text(2);
      row.side[1].player = query.column_text(3);
      row.maze = query.column_text(4);
      row.side[0].start = parse_stored_start(query.column_text(5));
      row.side[1].start = parse_stored_start(query.column_text(6));
      if (const auto seed = query.column_optional_text(7)) row.seed = parse_u64(*seed);
      row.end = query.column_text(8) == "sudden_death" ? GameEnd::SuddenDeath : GameEnd::Normal;
      for (int c = 0; c < 2; ++c) {
        auto& side = row.side[static_cast<std::size_t>(c)];
        side.points = query.column_int(9 + c);
        side.score = query.column_int(11 + c);
        side.fault = parse_stored_fault(query.column_optional_text(13 + c));
        side.fault_turn = query.column_optional_int(15 + c);
        side.time_ms = query.column_double(17 + c);
        side.exit = query.column_text(19 + c);
      }
      row.turns = query.column_int(21);
      row.duration_ms = query.column_double(22);
      row.log = query.column_text(23);
      row.status = query.column_text(24);
      row.played_at = query.column_text(25);
      if (has_values_) {
        row.side[0].values = parse_values(query.column_optional_text(26));
        row.side[1].values = parse_values(query.column_optional_text(27));
      }
      rows.push_back(std::move(row));
    }
    return rows;
  } catch (const SqliteError& e) {
    fail(e, "cannot read the matches");
  }
}

std::vector<std::string> ResultsStore::match_ids() const {
  try {
    std::vector<std::string> ids;
    auto query = db_->prepare("SELECT id FROM matches ORDER BY id");
    while (query.step()) ids.push_back(query.column_text(0));
    return ids;
  } catch (const SqliteError& e) {
    fail(e, "cannot read the matches");
  }
}

void ResultsStore::insert_match(const MatchRow& row) {
  try {
    Transaction transaction(*db_);
    auto insert = db_->prepare(fmt::format(
        "INSERT INTO matches ({}{}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
        "?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28)",
        kMatchColumns, kValueColumns));
    std::optional<std::string> seed;
    if (row.seed) seed = seed_text(*row.seed);
    insert.bind(1, row.id).bind(2, row.round).bind(3, row.side[0].player).bind(4, row.side[1].player).bind(5, row.maze);
    insert.bind(6, format_start(row.side[0].start)).bind(7, format_start(row.side[1].start)).bind(8, seed);
    insert.bind(9, row.end == GameEnd::SuddenDeath ? "sudden_death" : "normal");
    for (int c = 0; c < 2; ++c) {
      const auto& side = row.side[static_cast<std::size_t>(c)];
      std::optional<std::string> fault;
      if (side.fault) fault = std::string(fault_name(*side.fault));
      insert.bind(10 + c, side.points).bind(12 + c, side.score).bind(14 + c, fault).bind(16 + c, side.fault_turn);
      insert.bind(18 + c, side.time_ms).bind(20 + c, side.exit);
    }
    insert.bind(22, row.turns).bind(23, row.duration_ms).bind(24, row.log).bind(25, row.status).bind(26, row.played_at);
    insert.bind(27, values_text(row.side[0].values)).bind(28, values_text(row.side[1].values));
    insert.run();
    transaction.commit();
  } catch (const SqliteError& e) {
    fail(e, fmt::format("cannot record match {}", row.id).c_str());
  }
}

}  // namespace amazes::competition
