// Completing a tournament request from the store and checking it against the store.
#include "amazes/competition/tournament_setup.hpp"

#include <algorithm>
#include <map>

#include <fmt/ranges.h>

#include <fmt/format.h>

#include "amazes/maze_io.hpp"
#include "program_fingerprint.hpp"

namespace amazes::competition {
namespace {

// The rounds and players of `competition` (its common part resolved already).
void resolve_rounds_and_players(const TournamentRequest& request, const std::optional<Competition>& stored,
                                const std::filesystem::path& store_file, std::vector<std::string>& notes,
                                Competition& competition) {
  const Competition defaults;

  // Rounds: a maze directory without --rounds gives one round per file; rounds only grow.
  int rounds = defaults.rounds;
  if (request.rounds) {
    rounds = *request.rounds;
  } else if (stored) {
    rounds = stored->rounds;
  } else if (competition.mazes.directory) {
    rounds = static_cast<int>(maze_files(*competition.mazes.directory).size());
  }
  if (stored && rounds < stored->rounds) {
    notes.push_back(
        fmt::format("the store already has {} rounds; all of them stay in the competition", stored->rounds));
    rounds = stored->rounds;
  }
  competition.rounds = rounds;

  // Players: the stored ones in their order, then the new ones.
  if (stored) competition.players = stored->players;
  std::vector<std::string> kept;
  for (const auto& player : competition.players) {
    const bool asked = std::any_of(request.players.begin(), request.players.end(),
                                   [&](const PlayerSpec& p) { return p.name == player.name; });
    if (!asked) kept.push_back(player.name);
  }
  for (const auto& player : request.players) {
    const auto same = std::find_if(competition.players.begin(), competition.players.end(),
                                   [&](const PlayerSpec& p) { return p.name == player.name; });
    if (same == competition.players.end()) {
      competition.players.push_back(player);
    } else if (same->command != player.command) {
      throw competition_mismatch(store_file, fmt::format("player {} with the command", player.name),
                                 "'" + same->command + "'", "'" + player.command + "'");
    }
  }
  if (!request.players.empty() && !kept.empty()) {
    notes.push_back(fmt::format("players kept from the store: {}", fmt::join(kept, ", ")));
  }
}

std::vector<StoredRound> stored_rounds(const Schedule& schedule) {
  std::vector<StoredRound> rounds;
  for (const auto& round : schedule.rounds) {
    rounds.push_back({round.round, round.name, format_maze(round.maze, round.starts), round.seed});
  }
  return rounds;
}

// Every stored round and match must be what this schedule would play.
void check_against_store(const ResultsStore& store, const Schedule& schedule) {
  const auto planned = stored_rounds(schedule);
  for (const auto& round : store.rounds()) {
    if (round.round > static_cast<int>(planned.size())) continue;
    const auto& mine = planned[static_cast<std::size_t>(round.round - 1)];
    refuse_another_maze(store, "round", round, mine, "competition");
  }
  std::map<std::string, const ScheduledMatch*> by_id;
  for (const auto& match : schedule.matches) by_id.emplace(match.id, &match);
  for (const auto& row : store.matches()) {
    const auto found = by_id.find(row.id);
    if (found == by_id.end()) continue;
    const auto& match = *found->second;
    if (row.side[0].start != match.starts.red || row.side[1].start != match.starts.blue || row.seed != match.seed) {
      throw CompetitionMismatch(fmt::format(
          "{}: match {} was played from other starts than this run would use; use another --out for a new competition",
          store.path().string(), row.id));
    }
  }
}

}  // namespace

PreparedRun prepare_tournament(const TournamentRequest& given, const TournamentCheck& check) {
  // Commands as stored: independent of the directory this judge runs in.
  TournamentRequest request = given;
  for (auto& player : request.players) player.command = anchored_command(player.command);
  const auto path = store_path(request.out);
  auto [lock, store, stored] = open_existing_store(request.out, CompetitionKind::Tournament);
  if (request.resume && !stored) {
    throw StoreError(fmt::format("{}: no results store to resume", path.string()));
  }

  std::vector<std::string> notes;
  Competition competition;
  const bool seed_drawn = resolve_common(request, stored, path, competition);
  resolve_rounds_and_players(request, stored, path, notes, competition);
  check_players(competition.players);
  if (competition.players.size() < 2) {
    throw PlayerListError(fmt::format("a tournament needs at least two players, {} given", competition.players.size()));
  }
  Schedule schedule = make_schedule(competition, round_mazes(competition));
  const auto rounds = stored_rounds(schedule);
  if (store) check_against_store(*store, schedule);
  // Every player plays in the games still missing: each must be the build whose games are stored.
  const ProgramFingerprints unrecorded = check_programs(store ? &*store : nullptr, competition.players, request.out);
  if (check) check(competition, schedule);
  if (!settle_store(lock, store, request.out, competition, rounds)) return prepare_tournament(request, check);
  record_programs(*store, unrecorded);
  return PreparedRun{.lock = std::move(*lock),
                     .competition = std::move(competition),
                     .schedule = std::move(schedule),
                     .versus = {},
                     .store = std::move(*store),
                     .out = request.out,
                     .log_format = request.log_format,
                     .resumed = stored.has_value(),
                     .seed_drawn = seed_drawn,
                     .notes = std::move(notes)};
}

}  // namespace amazes::competition
