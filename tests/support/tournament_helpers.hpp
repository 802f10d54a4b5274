#pragma once
// Running whole tournaments with the fake match, and comparing what they leave behind.
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/files/zstd_text.hpp"
#include "amazes/report/standings_files.hpp"
#include "support/fake_match.hpp"
#include "support/files.hpp"

namespace amazes::testing {

// Gives a match setting as the option with that key would: "time_ms", "1".
inline void give_setting(competition::CompetitionRequest& request, std::string_view key, std::string_view value) {
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    if (setting.key != key) continue;
    if (const auto problem = arbiter::set_setting_from_text(setting, request.settings, value)) {
      throw std::invalid_argument(std::string(key) + " " + *problem);
    }
    request.given_settings.emplace(key);
    return;
  }
  throw std::invalid_argument("no setting " + std::string(key));
}

inline competition::TournamentRequest fake_request(const std::filesystem::path& out,
                                                   const std::vector<std::string>& names, int rounds = 2,
                                                   std::uint64_t seed = 11) {
  competition::TournamentRequest request;
  for (const auto& name : names) request.players.push_back({name, "./bots/" + name});
  request.rounds = rounds;
  request.seed = seed;
  request.size = 9;
  give_setting(request, "turns", "30");
  request.out = out;
  return request;
}

inline competition::PlayMatch play_with(const FakeMatch& fake) {
  return [&fake](const arbiter::MatchSpec& spec) { return fake(spec); };
}

// A prepared tournament played as `amazes tournament` plays it: round standings as rounds
// complete, the final standings at the end.
struct TournamentOutcome {
  competition::TournamentSummary summary;
  report::StandingsReport final_standings;
};
inline TournamentOutcome run_with_standings(competition::PreparedRun& tournament, const competition::PlayMatch& play,
                                            int jobs, competition::TournamentHooks hooks = {}) {
  const auto round_complete = hooks.round_complete;
  hooks.round_complete = [&, round_complete, write = report::round_standings_writer(tournament.out, tournament.store)](
                             int round, bool completed_now) {
    write(round, completed_now);
    if (round_complete) round_complete(round, completed_now);
  };
  TournamentOutcome outcome;
  outcome.summary = competition::run_tournament(tournament, competition::LocalExecutor(play, jobs), hooks);
  outcome.final_standings = report::write_final_standings(tournament.out, report::read_snapshot(tournament.store));
  return outcome;
}

inline TournamentOutcome run_fake_tournament(const competition::TournamentRequest& request, const FakeMatch& fake,
                                             int jobs, const competition::TournamentHooks& hooks = {}) {
  auto tournament = competition::prepare_tournament(request);
  return run_with_standings(tournament, play_with(fake), jobs, hooks);
}

// The store's rows without what legitimately differs between runs (timings of the judge).
inline std::vector<competition::MatchRow> stable_rows(const std::filesystem::path& out) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
  auto rows = store.matches();
  for (auto& row : rows) {
    row.duration_ms = 0;
    row.played_at.clear();
  }
  return rows;
}

// The regular files under `out` but the contest site's (whose pages say when they were written).
inline std::vector<std::filesystem::path> files_but_the_site(const std::filesystem::path& out) {
  std::vector<std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(out);
       it != std::filesystem::recursive_directory_iterator(); ++it) {
    const auto& entry = *it;
    if (entry.is_directory() && entry.path() == out / "site") it.disable_recursion_pending();
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  return files;
}

// Every standings file and match log under `out`, by relative path.
inline std::map<std::string, std::string> output_files(const std::filesystem::path& out) {
  std::map<std::string, std::string> files;
  for (const auto& path : files_but_the_site(out)) {
    const auto name = path.filename().string();
    const auto relative = std::filesystem::relative(path, out).string();
    const bool standings =
        name == "standings.txt" || name == "standings.md" || name == "standings.csv" || name == "standings.html";
    // A compressed log counts by its JSON: the same game, whichever format it was written in.
    if (standings || path.extension() == ".json") files[relative] = read_file(path);
    if (path.extension() == ".zst") files[relative] = files::read_text_maybe_compressed(path, 1U << 30);
  }
  return files;
}

// The stored pairings of the rounds that wait for results (Swiss, adaptive).
inline std::vector<competition::StoredPairing> stored_pairings(const std::filesystem::path& out) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
  return store.pairings();
}

// The games as two runs of the same competition must agree on them: stable_rows without the
// logs' places, times and exits.
inline std::vector<competition::MatchRow> comparable_games(const std::filesystem::path& out) {
  auto rows = stable_rows(out);
  for (auto& row : rows) {
    row.log.clear();
    for (auto& side : row.side) {
      side.time_ms = 0;
      side.exit.clear();
    }
  }
  return rows;
}

// The standings files of every stage and of the whole, and the pairings files, by relative path.
inline std::map<std::string, std::string> standings_files(const std::filesystem::path& out) {
  std::map<std::string, std::string> files;
  for (const auto& path : files_but_the_site(out)) {
    const auto name = path.filename().string();
    if (name.rfind("standings.", 0) == 0 || name == "pairings.csv") {
      files[std::filesystem::relative(path, out).string()] = read_file(path);
    }
  }
  return files;
}

}  // namespace amazes::testing
