#include "standings_cells.hpp"

#include <cmath>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/stages.hpp"
#include "amazes/game.hpp"

namespace amazes::report {
namespace {

// A tie-break's value: whole numbers as such, halves (Sonneborn-Berger) with one decimal.
std::string tie_break_cell(const std::optional<double>& value) {
  if (!value) return {};
  if (*value == std::floor(*value)) return fmt::format("{}", static_cast<std::int64_t>(*value));
  return fmt::format("{:.1f}", *value);
}

std::string rank_interval(const competition::PlayerCertainty& player) {
  if (player.best_rank == player.worst_rank) return std::to_string(player.best_rank);
  return fmt::format("{}-{}", player.best_rank, player.worst_rank);
}

}  // namespace

std::vector<std::string> standings_header(const StandingsReport& report) {
  std::vector<std::string> header = {"rank", "player", "total", "round"};
  for (const auto& tie_break : report.standings.rules.tie_breaks)
    header.push_back(competition::tie_break_column(tie_break));
  for (const auto* name : {"games", "mean"}) header.emplace_back(name);
  for (const auto kind : kAllFaultKinds) header.emplace_back(fault_name(kind));
  if (report.certainty) {
    for (const auto* name : {"rating", "rating_low", "rating_high", "ranks", "sure_ahead"}) header.emplace_back(name);
  }
  return header;
}

std::vector<std::string> standings_cells(const StandingsReport& report, std::size_t k) {
  const auto& entry = report.standings.table[k];
  std::vector<std::string> cells = {std::to_string(entry.rank), entry.player, std::to_string(entry.total),
                                    std::to_string(entry.round_score)};
  for (const auto& value : entry.tie_breaks) cells.push_back(tie_break_cell(value));
  cells.push_back(std::to_string(entry.games));
  cells.push_back(competition::format_hundredths(entry.mean_hundredths));
  for (const int count : entry.faults) cells.push_back(std::to_string(count));
  if (report.certainty) {
    const auto& player = report.certainty->players.at(k);
    cells.push_back(fmt::format("{:.0f}", player.rating));
    cells.push_back(fmt::format("{:.0f}", player.low));
    cells.push_back(fmt::format("{:.0f}", player.high));
    cells.push_back(rank_interval(player));
    const auto& separated = report.certainty->separated;
    cells.emplace_back(k < separated.size() ? (separated[k] ? "yes" : "no") : "-");  // the last has no next
  }
  return cells;
}

std::string certainty_note() {
  return "rating: Bradley-Terry on each pairing's result, in Elo, with its 95 % interval (rating_low..rating_high); "
         "ranks: the 95 % interval of each player's rank (per player); sure_ahead: ahead of the next player, every yes "
         "of the table holding together at 95 % (Holm)";
}

std::string more_games_note(const StandingsReport& report) {
  if (!report.certainty) return "";
  const auto& more = report.certainty->more_pairings;
  constexpr std::size_t kShown = 5;
  std::vector<std::string> pairs;
  std::size_t unsure = 0;
  for (std::size_t k = 0; k < more.size() && k + 1 < report.standings.table.size(); ++k) {
    if (more[k] == 0) continue;
    if (++unsure > kShown) continue;
    const auto& ahead = report.standings.table[k];
    const auto& next = report.standings.table[k + 1];
    const std::string what =
        std::isinf(more[k]) ? "the ratings put them level or the other way: more games may well reverse them"
        : more[k] > 100000
            ? "more than 100,000 more pairings between them"
            : fmt::format("about {:.0f} more pairings between them ({:.0f} games)", more[k], 2 * more[k]);
    pairs.push_back(fmt::format("{} ({}) ahead of {} ({}): {}", ahead.player, k + 1, next.player, k + 2, what));
  }
  if (pairs.empty()) return "";
  std::string text = "Not yet sure: " + pairs.front();
  for (std::size_t k = 1; k < pairs.size(); ++k) text += "; " + pairs[k];
  if (unsure > kShown) text += fmt::format("; and {} more places", unsure - kShown);
  return text + " (if their ratings hold; enough even for the strictest of the table's tests at 95 %)";
}

std::string absence_note(const competition::Standings& standings) {
  std::vector<std::string> excluded;
  std::vector<std::string> withdrawn;
  for (const auto& entry : standings.table) {
    if (entry.absence == competition::kExcludedExit) excluded.push_back(entry.player);
    if (entry.absence == competition::kWithdrawnExit) withdrawn.push_back(entry.player);
  }
  if (excluded.empty() && withdrawn.empty()) return "";
  std::string note;
  if (!excluded.empty()) {
    note += fmt::format("Excluded (its last games in a row crashed or timed out: exclude-after): {}. ",
                        fmt::join(excluded, ", "));
  }
  if (!withdrawn.empty()) note += fmt::format("Withdrawn: {}. ", fmt::join(withdrawn, ", "));
  return note + "Their games since are forfeits, lost with 0 (config/README.md).";
}

std::string cross_cell(const competition::Standings& standings, std::size_t i, std::size_t j) {
  if (i == j) return "-";
  const auto& cell = standings.cross[i][j];
  return cell ? std::to_string(*cell) : std::string();
}

std::string pairing_result(const PairingRow& row) {
  if (row.first_points == row.second_points) return "draw";
  return row.first_points > row.second_points ? "1-0" : "0-1";
}

std::vector<std::string> pairing_header() {
  return {"board", "first", "second", "first_points", "second_points", "result"};
}

std::vector<std::vector<std::string>> pairing_cells(const PairingTable& table) {
  std::vector<std::vector<std::string>> rows;
  int board = 0;
  for (const auto& row : table.rows) {
    rows.push_back({std::to_string(++board), row.first, row.second, std::to_string(row.first_points),
                    std::to_string(row.second_points), row.games == 2 ? pairing_result(row) : "playing"});
  }
  if (table.bye) rows.push_back({std::to_string(++board), *table.bye, "", "", "", "bye"});
  return rows;
}

}  // namespace amazes::report
