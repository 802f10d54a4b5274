// Standings files from the results store.
#include "amazes/report/standings_files.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "amazes/competition/contest_name.hpp"
#include "amazes/competition/pairing_outcomes.hpp"
#include "amazes/competition/rank_certainty.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/report/replay_page.hpp"
#include "rated_standings.hpp"

namespace amazes::report {

StoreSnapshot read_snapshot(const competition::ResultsStore& store) {
  StoreSnapshot snapshot;
  snapshot.competition = store.competition();
  snapshot.competition.policy = competition::stored_policy(store);
  for (const auto& player : snapshot.competition.players) snapshot.players.push_back(player.name);
  snapshot.rounds = snapshot.competition.rounds;
  snapshot.pairing = competition::pairing_state(store);
  snapshot.matches = snapshot.pairing.rows;
  return snapshot;
}

std::string round_directory_name(int round) { return competition::round_folder(round); }

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

namespace {

// The snapshot's competition and pairing state as the competition layer takes them: its
// players, rounds and games are the snapshot's own.
competition::Competition competition_of(const StoreSnapshot& snapshot) {
  competition::Competition competition = snapshot.competition;
  competition.players.clear();
  for (const auto& name : snapshot.players) competition.players.push_back({name, {}});
  competition.rounds = snapshot.rounds;
  return competition;
}

competition::PairingState pairing_of(const StoreSnapshot& snapshot) {
  competition::PairingState state = snapshot.pairing;
  state.rows = snapshot.matches;
  return state;
}

std::vector<competition::MatchRow> games_between(const StoreSnapshot& snapshot, int from, int to) {
  auto games = games_up_to(snapshot, to);
  games.erase(std::remove_if(games.begin(), games.end(), [&](const auto& row) { return row.round < from; }),
              games.end());
  return games;
}

// The final's standings after final round `up_to` (its finalists, its games only).
competition::Standings final_stage_standings(const StoreSnapshot& snapshot, int up_to) {
  const auto& stages = snapshot.competition.stages;
  auto standings = competition::compute_standings(
      snapshot.pairing.finalists, games_between(snapshot, competition::final_round(1), up_to), up_to,
      competition::final_round(stages.final_rounds), snapshot.competition.ranking);
  const auto k = static_cast<int>(snapshot.pairing.finalists.size());
  standings.games_planned = k * (k - 1) * competition::round_in_stage(up_to);
  return standings;
}

competition::Standings first_stage_standings(const StoreSnapshot& snapshot, int up_to) {
  const auto competition = competition_of(snapshot);
  auto standings = competition::stage_standings(competition, pairing_of(snapshot), up_to);
  standings.games_planned = competition::planned_games(competition, up_to);
  return standings;
}

// A Swiss or adaptive round's pairings with the points of each pair of games.
std::optional<PairingTable> pairing_table(const StoreSnapshot& snapshot, int round) {
  const bool paired = competition::is_final_round(round)
                          ? snapshot.competition.stages.decide_top > 0
                          : snapshot.competition.stages.format == competition::Format::Swiss;
  if (!paired) return std::nullopt;
  const auto pairings = competition::decided_pairings(competition_of(snapshot), snapshot.pairing, round);
  if (!pairings) return std::nullopt;
  // The round's games by (red, blue), looked up once per colour of each pairing.
  std::map<std::pair<std::string, std::string>, const competition::MatchRow*> games;
  for (const auto& row : snapshot.matches) {
    if (row.round == round) games.emplace(std::pair(row.side[0].player, row.side[1].player), &row);
  }
  PairingTable table{round, {}, pairings->bye};
  for (const auto& [first, second] : pairings->pairs) {
    PairingRow pairing{first, second, 0, 0, 0};
    for (const auto& [red, blue, first_side] : {std::tuple(first, second, 0), std::tuple(second, first, 1)}) {
      const auto game = games.find({red, blue});
      if (game == games.end()) continue;
      ++pairing.games;
      pairing.first_points += competition::game_points(snapshot.competition.ranking, *game->second, first_side);
      pairing.second_points += competition::game_points(snapshot.competition.ranking, *game->second, 1 - first_side);
    }
    table.rows.push_back(std::move(pairing));
  }
  return table;
}

// How sure each rank of `standings` is, over every game stored, in table order.
competition::RankCertainty certainty_of(const StoreSnapshot& snapshot, const competition::Standings& standings) {
  std::map<std::string, int> index;
  for (std::size_t i = 0; i < snapshot.players.size(); ++i) index.emplace(snapshot.players[i], static_cast<int>(i));
  std::vector<int> order;
  for (const auto& entry : standings.table) order.push_back(index.at(entry.player));
  auto fitted = competition::rank_certainty(
      static_cast<int>(snapshot.players.size()),
      competition::pairing_outcomes(snapshot.players, snapshot.matches, snapshot.competition.ranking), order,
      snapshot.competition.seed);
  competition::RankCertainty in_table_order;
  for (const int i : order) in_table_order.players.push_back(fitted.players.at(static_cast<std::size_t>(i)));
  in_table_order.separated = std::move(fitted.separated);
  in_table_order.separation_z = std::move(fitted.separation_z);
  in_table_order.more_pairings = std::move(fitted.more_pairings);
  return in_table_order;
}

// The whole competition: the final's standings decide places 1..K, the first stage's the rest
// (totals as each stage counted them; the cross table over every game).
competition::Standings combined_standings(const StoreSnapshot& snapshot, int latest) {
  const auto competition = competition_of(snapshot);
  auto stage = first_stage_standings(snapshot, competition.rounds);
  if (snapshot.pairing.finalists.empty()) return stage;
  const int last_final = std::max(latest, competition::final_round(1));
  const auto final = final_stage_standings(snapshot, last_final);
  competition::Standings combined = stage;
  combined.round = latest;
  combined.table = final.table;
  const std::set<std::string> finalists(snapshot.pairing.finalists.begin(), snapshot.pairing.finalists.end());
  const int above = static_cast<int>(final.table.size());
  int place = above;
  for (const auto& entry : stage.table) {
    if (finalists.count(entry.player) != 0) continue;
    auto moved = entry;
    ++place;
    const bool tied = combined.table.size() > static_cast<std::size_t>(above) && stage.table.size() > 0 &&
                      combined.table.back().total == entry.total &&
                      combined.table.back().tie_breaks == entry.tie_breaks;
    moved.rank = tied ? combined.table.back().rank : place;
    combined.table.push_back(std::move(moved));
  }
  combined.games = stage.games + final.games;
  combined.games_planned = competition::planned_games(competition, pairing_of(snapshot), competition::kEveryRound);
  const auto all = competition::compute_standings(snapshot.players, snapshot.matches, latest, competition.rounds,
                                                  competition.ranking, competition::swiss_byes(snapshot.pairing));
  std::map<std::string, std::size_t> at;
  for (std::size_t i = 0; i < all.table.size(); ++i) at.emplace(all.table[i].player, i);
  const std::size_t n = combined.table.size();
  combined.cross.assign(n, std::vector<std::optional<std::int64_t>>(n));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      combined.cross[i][j] = all.cross[at.at(combined.table[i].player)][at.at(combined.table[j].player)];
    }
  }
  return combined;
}

// The games of the whole competition once every round is decided, as far as its results tell
// (a Swiss stage pairs only the players still playing).
int scheduled_games(const StoreSnapshot& snapshot) {
  const auto competition = competition_of(snapshot);
  return competition::planned_games(competition, pairing_of(snapshot), competition::kEveryRound);
}

// "round 1", "rounds 1 to 3".
std::string rounds_text(int first, int last) {
  return first == last ? fmt::format("round {}", first) : fmt::format("rounds {} to {}", first, last);
}

// What the final table's total counts: with a final, two things, said by place.
std::string final_counts(const StoreSnapshot& snapshot, const competition::Standings& table) {
  const std::string byes = snapshot.competition.ranking.bye_points != 0 ? " and the byes" : "";
  const auto finalists = snapshot.pairing.finalists.size();
  if (finalists == 0) return fmt::format("total: the points of every game{}.", byes);
  if (finalists >= table.table.size()) return "total: the points of the final's games alone.";
  return fmt::format(
      "total: places 1 to {} are the final's, ranked by the points of its games alone; places {} to {} by the points "
      "of the first stage's games{}.",
      finalists, finalists + 1, table.table.size(), byes);
}

bool adaptive_final(const StoreSnapshot& snapshot) { return snapshot.competition.stages.decide_top > 0; }

// The whole competition with an adaptive final: the field by rating, and how the order was decided.
StandingsReport adaptive_final_report(const StoreSnapshot& snapshot, int latest, int scheduled) {
  StandingsReport report;
  const auto rated = rated_standings(snapshot, latest);
  report.standings = rated.standings;
  report.standings.round = latest;
  report.standings.games_planned = scheduled;
  report.certainty = rated.certainty;
  report.title = final_title(report.standings, scheduled);
  if (!snapshot.pairing.final_end.empty()) {
    const int rounds = competition::adaptive_rounds_decided(snapshot.pairing);
    const auto& stages = snapshot.competition.stages;
    report.title =
        fmt::format("Final standings ({} of {} round{}, then an adaptive final of {} round{} for the top {})",
                    competition::format_name(stages.format), snapshot.rounds, snapshot.rounds == 1 ? "" : "s", rounds,
                    rounds == 1 ? "" : "s", stages.decide_top);
  }
  report.counts = rated_counts(snapshot, rated, true);
  report.title = competition::titled(snapshot.competition.name, report.title);
  report.matches = games_up_to(snapshot, latest);
  return report;
}

}  // namespace

StandingsReport round_report(const StoreSnapshot& snapshot, int round) {
  StandingsReport report;
  if (competition::is_final_round(round) && adaptive_final(snapshot)) {
    // The whole field by rating after the round; its page lists the round's own games (all of
    // them on each of a hundred rounds' pages would repeat the competition a hundred times).
    const auto rated = rated_standings(snapshot, round);
    report.standings = rated.standings;
    report.certainty = rated.certainty;
    report.title = fmt::format("Standings after final round {} (adaptive)", competition::round_in_stage(round));
    report.counts = rated_counts(snapshot, rated, false);
    report.matches = games_between(snapshot, round, round);
  } else if (competition::is_final_round(round)) {
    report.standings = final_stage_standings(snapshot, round);
    report.title = fmt::format("Standings of the final after its round {} of {}", competition::round_in_stage(round),
                               snapshot.competition.stages.final_rounds);
    report.counts = fmt::format("total: the points of the final's games (its {}), and nothing of the first stage.",
                                rounds_text(1, competition::round_in_stage(round)));
    report.matches = games_between(snapshot, competition::final_round(1), round);
  } else {
    report.standings = first_stage_standings(snapshot, round);
    report.title = round_title(report.standings);
    report.counts = fmt::format("total: the points of the games of {}{}.", rounds_text(1, round),
                                snapshot.competition.ranking.bye_points != 0 ? " and the byes" : "");
    report.matches = games_up_to(snapshot, round);
  }
  report.pairings = pairing_table(snapshot, round);
  report.log_prefix = "../";
  report.title = competition::titled(snapshot.competition.name, report.title);
  return report;
}

StandingsReport final_report(const StoreSnapshot& snapshot) {
  int latest = 0;
  for (const auto& row : snapshot.matches) latest = std::max(latest, row.round);
  StandingsReport report;
  const int scheduled = scheduled_games(snapshot);
  if (adaptive_final(snapshot)) return adaptive_final_report(snapshot, latest, scheduled);
  report.standings = combined_standings(snapshot, latest);
  report.title = final_title(report.standings, scheduled);
  if (snapshot.competition.stages.final_top > 0 && report.standings.games >= scheduled) {
    const auto& stages = snapshot.competition.stages;
    report.title =
        fmt::format("Final standings ({} of {} round{}, then a final of the top {} in {} round{})",
                    competition::format_name(stages.format), snapshot.rounds, snapshot.rounds == 1 ? "" : "s",
                    stages.final_top, stages.final_rounds, stages.final_rounds == 1 ? "" : "s");
  }
  report.counts = final_counts(snapshot, report.standings);
  report.title = competition::titled(snapshot.competition.name, report.title);
  report.matches = games_up_to(snapshot, latest);
  if (!snapshot.matches.empty()) report.certainty = certainty_of(snapshot, report.standings);
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
    if (row.log.empty()) continue;  // a forfeit
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
  if (report.pairings) {
    files::write_file_atomically(out_dir / round_directory_name(round) / "pairings.csv",
                                 pairings_csv(*report.pairings));
  }
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

StandingsReport rebuild_standings(const std::filesystem::path& out_dir, const RoundWritten& written) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out_dir), competition::ResultsStore::Access::ReadOnly);
  const auto snapshot = read_snapshot(store);
  // Rounds in play order while complete, as the tournament writes them.
  for (const int round : competition::rounds_in_play_order(competition_of(snapshot), snapshot.pairing)) {
    const auto pairings = competition::decided_pairings(competition_of(snapshot), snapshot.pairing, round);
    if (!pairings || !competition::round_complete(*pairings, snapshot.matches)) break;
    const auto report = write_round_standings(out_dir, snapshot, round);
    if (written) written(report, false);
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
