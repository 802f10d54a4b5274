#pragma once
// From what the user asked for to a competition ready to run: the request (config file and
// command line) is completed with what the output directory's store already holds, checked
// against it, and turned into a schedule. A store is created only once all of that succeeded.
//
// With a store present, every option left out takes the stored value, so the same command (or
// `--resume` alone) continues the competition. An option given with a value that differs from
// the store's (seed, maze of a played round, turns, time, clock, wall guard, a player's command)
// is refused, and so is a player whose program changed since its games were played (as in
// versus: program_fingerprint.hpp): results of two competitions or two builds are never mixed. Players may be added
// (their games are scheduled in every round), rounds may be added; stored players and rounds always stay.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/competition/competition.hpp"
#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/prepared_run.hpp"
#include "amazes/competition/schedule.hpp"

namespace amazes::competition {

// What the user asked for; nothing = not given.
struct TournamentRequest : CompetitionRequest {
  std::vector<PlayerSpec> players;
  std::optional<int> rounds;
  std::optional<Format> format;
  std::optional<int> final_top;
  std::optional<int> final_rounds;
  std::optional<int> decide_top;  // an adaptive final (stages.hpp); may not be given with final_top
  std::optional<int> max_games;   // its budget: may grow on a later run
  // Ranking (ranking.hpp): a preset, then points and tie-breaks given beside it replace its own.
  std::optional<std::string> ranking;
  std::optional<std::string> points;
  std::optional<std::string> tie_breaks;
  std::optional<int> bye_points;
  // player_policy.hpp: nothing keeps the store's (0 in a new one); a value replaces it for the
  // games still to play. Withdrawals add to the store's: a withdrawn player stays withdrawn.
  std::optional<int> exclude_after;
  std::set<std::string> withdraw;
  std::filesystem::path out = "tournament";
  bool resume = false;  // a store must exist in `out`
  // The contest's name (contest_name.hpp); nothing keeps the store's.
  std::optional<std::string> name;
};

// Takes the output directory's lock, removes temporary files left by a killed run, and
// opens or creates the store. Throws OutputBusy, StoreError (unusable store),
// CompetitionMismatch, PlayerListError or ScheduleError; nothing is created in a directory
// that did not exist when the request is refused.
// `check` (e.g. that every player's command can be started) runs once the competition and
// schedule are known but before anything is written, so a refused player leaves no trace.
using TournamentCheck = std::function<void(const Competition&, const Schedule&)>;
PreparedRun prepare_tournament(const TournamentRequest& request, const TournamentCheck& check = {});

}  // namespace amazes::competition
