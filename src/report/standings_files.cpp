// Standings files from the results store.
#include "amazes/report/standings_files.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "amazes/competition/tournament_setup.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/report/replay_page.hpp"

namespace amazes::report {

StoreSnapshot read_snapshot(const competition::ResultsStore& store) {
  StoreSnapshot snapshot;
  for (const auto& player : store.players()) snapshot.players.push_back(player.name);
  snapshot.rounds = static_cast<int>(store.rounds().size());
  snapshot.matches = store.matches();
  return snapshot;
}

std::string round_directory_name(int round) { return fmt::format("round-{:02}", round); }

std::vector<competition::MatchRow> games_up_to(const StoreSnapshot& snapshot, int round) {
  std::map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < snapshot.players.size(); ++i) position.emplace(snapshot.players[i], i);
  const auto key = [&](const competition::MatchRow& row) {
    const std::size_t red = position.at(row.side[0].player);
    const std::size_t blue = position.at(row.side[1].player);
    return std::tuple(row.round, std::min(red, blue), std::max(red, blue), red < blue ? 0 : 1);
  };
  std::vector<competition::MatchRow> games;
  std::copy_if(snapshot.matches.begin(), snapshot.matches.end(), std::back_inserter(games),
               [&](const competition::MatchRow& row) { return row.round <= round; });
  std::sort(games.begin(), games.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
  return games;
}

StandingsReport round_report(const StoreSnapshot& snapshot, int round) {
  StandingsReport report;
  report.standings = competition::compute_standings(snapshot.players, snapshot.matches, round, snapshot.rounds);
  report.title = round_title(report.standings);
  report.matches = games_up_to(snapshot, round);
  report.log_prefix = "../";
  return report;
}

StandingsReport final_report(const StoreSnapshot& snapshot) {
  int latest = 0;
  for (const auto& row : snapshot.matches) latest = std::max(latest, row.round);
  StandingsReport report;
  report.standings = competition::compute_standings(snapshot.players, snapshot.matches, latest, snapshot.rounds);
  const std::size_t n = snapshot.players.size();
  const int scheduled = static_cast<int>(n * (n > 0 ? n - 1 : 0)) * snapshot.rounds;
  report.title = final_title(report.standings, scheduled);
  report.matches = games_up_to(snapshot, latest);
  return report;
}

void write_standings_files(const std::filesystem::path& dir, const StandingsReport& report) {
  files::write_file_atomically(dir / "standings.txt", standings_text(report));
  files::write_file_atomically(dir / "standings.md", standings_markdown(report));
  files::write_file_atomically(dir / "standings.csv", standings_csv(report));
  files::write_file_atomically(dir / "standings.html", standings_html(report));
}

namespace {

// The games whose replay (amazes replay, --replays) is beside their log in out_dir.
std::set<std::string> games_with_replays(const std::filesystem::path& out_dir,
                                         const std::vector<competition::MatchRow>& games) {
  std::set<std::string> ids;
  for (const auto& row : games) {
    std::error_code error;
    if (std::filesystem::is_regular_file(out_dir / replay_path_for(row.log), error)) ids.insert(row.id);
  }
  return ids;
}

}  // namespace

StandingsReport write_round_standings(const std::filesystem::path& out_dir, const StoreSnapshot& snapshot, int round) {
  auto report = round_report(snapshot, round);
  report.replays = games_with_replays(out_dir, report.matches);
  write_standings_files(out_dir / round_directory_name(round), report);
  return report;
}

StandingsReport write_final_standings(const std::filesystem::path& out_dir, const StoreSnapshot& snapshot) {
  auto report = final_report(snapshot);
  report.replays = games_with_replays(out_dir, report.matches);
  write_standings_files(out_dir, report);
  return report;
}

StandingsReport current_standings(const std::filesystem::path& out_dir) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out_dir), competition::ResultsStore::Access::ReadOnly);
  return final_report(read_snapshot(store));
}

StandingsReport rebuild_standings(const std::filesystem::path& out_dir) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out_dir), competition::ResultsStore::Access::ReadOnly);
  const auto snapshot = read_snapshot(store);
  // Rounds in order while complete, as the tournament writes them.
  for (int round = 1; round <= snapshot.rounds; ++round) {
    if (!competition::round_complete(snapshot.players, snapshot.matches, round)) break;
    write_round_standings(out_dir, snapshot, round);
  }
  return write_final_standings(out_dir, snapshot);
}

std::function<void(int round, bool completed_now)> round_standings_writer(const std::filesystem::path& out_dir,
                                                                          const competition::ResultsStore& store,
                                                                          RoundWritten written) {
  return [out_dir, &store, written = std::move(written)](int round, bool completed_now) {
    const auto report = write_round_standings(out_dir, read_snapshot(store), round);
    if (written) written(report, completed_now);
  };
}

}  // namespace amazes::report
