// Completing a tournament request from the store and checking it against the store.
#include "amazes/competition/tournament_setup.hpp"

#include <algorithm>
#include <map>

#include <fmt/ranges.h>

#include <fmt/format.h>

#include "amazes/competition/contest_name.hpp"
#include "amazes/competition/late_players.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/maze_io.hpp"
#include "submissions/program_fingerprint.hpp"

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

// The format, the final and the ranking: given, else stored, else the defaults. Only the
// final's rounds may grow; anything else that differs from the store is refused, as it would
// change who plays whom or who is ahead.
void resolve_stages_and_ranking(const TournamentRequest& request, const std::optional<Competition>& stored,
                                const std::filesystem::path& store_file, std::vector<std::string>& notes,
                                Competition& competition) {
  StagePlan stages = stored ? stored->stages : StagePlan{};
  if (request.format) stages.format = *request.format;
  if (request.final_top) stages.final_top = *request.final_top;
  if (request.final_rounds) stages.final_rounds = *request.final_rounds;
  if (request.decide_top) stages.decide_top = *request.decide_top;
  if (request.max_games) stages.max_games = *request.max_games;
  if (stages.final_top > 0 && stages.final_rounds == 0) stages.final_rounds = 1;
  if (stages.final_top == 0) stages.final_rounds = 0;
  if (stages.final_top > 0 && stages.decide_top > 0) {
    throw PlayerListError("--final-top and --decide-top are two kinds of final: give one");
  }
  if (stages.decide_top > 0 && stages.max_games == 0) {
    throw PlayerListError("--decide-top needs --max-games N: the games the competition may play in all");
  }
  RankingRules ranking = stored ? stored->ranking : RankingRules{};
  if (request.ranking) ranking = ranking_preset(*request.ranking);
  if (request.points) parse_points(*request.points, ranking);
  if (request.tie_breaks) ranking.tie_breaks = parse_tie_breaks(*request.tie_breaks);
  if (request.bye_points) ranking.bye_points = *request.bye_points;
  if (stored) {
    const auto& was = stored->stages;
    if (stages.format != was.format) {
      throw competition_mismatch(store_file, "format", std::string(format_name(was.format)),
                                 std::string(format_name(stages.format)));
    }
    if (stages.final_top != was.final_top) {
      throw competition_mismatch(store_file, "final-top", std::to_string(was.final_top),
                                 std::to_string(stages.final_top));
    }
    if (stages.final_rounds < was.final_rounds) {
      notes.push_back(fmt::format("the store's final has {} rounds; all of them stay", was.final_rounds));
      stages.final_rounds = was.final_rounds;
    }
    if (stages.decide_top != was.decide_top) {
      throw competition_mismatch(store_file, "decide-top", std::to_string(was.decide_top),
                                 std::to_string(stages.decide_top));
    }
    if (stages.max_games < was.max_games) {
      notes.push_back(fmt::format("the store's competition may play {} games; that stays", was.max_games));
      stages.max_games = was.max_games;
    }
    if (points_text(ranking) != points_text(stored->ranking)) {
      throw competition_mismatch(store_file, "points", points_text(stored->ranking), points_text(ranking));
    }
    if (ranking.tie_breaks != stored->ranking.tie_breaks) {
      throw competition_mismatch(store_file, "tie-breaks", tie_breaks_text(stored->ranking.tie_breaks),
                                 tie_breaks_text(ranking.tie_breaks));
    }
    if (ranking.bye_points != stored->ranking.bye_points) {
      throw competition_mismatch(store_file, "bye-points", std::to_string(stored->ranking.bye_points),
                                 std::to_string(ranking.bye_points));
    }
  }
  competition.stages = stages;
  competition.ranking = ranking;
}

// True once the final has its players, or an adaptive final its first round (or its end).
bool final_decided(const ResultsStore& store) {
  if (store.meta(kFinalistsKey) || !store.meta(kFinalEndKey).value_or("").empty()) return true;
  const auto pairings = store.pairings();
  return std::any_of(pairings.begin(), pairings.end(), [](const auto& p) { return is_final_round(p.round); });
}

std::vector<StoredRound> stored_rounds(const Schedule& schedule) {
  std::vector<StoredRound> rounds;
  for (const auto& round : schedule.rounds) rounds.push_back(stored_round(round));
  return rounds;
}

// Every stored round and match must be what this schedule would play.
void check_against_store(const ResultsStore& store, const Schedule& schedule) {
  std::map<int, StoredRound> planned;
  for (auto& round : stored_rounds(schedule)) planned.emplace(round.round, std::move(round));
  for (const auto& round : store.rounds()) {
    const auto mine = planned.find(round.round);
    if (mine == planned.end()) continue;
    refuse_another_setup(store, "round", round, mine->second, "competition");
  }
  std::map<std::string, const ScheduledMatch*> by_id;
  for (const auto& match : schedule.matches) by_id.emplace(match.id, &match);
  for (const auto& row : store.matches()) {
    const auto found = by_id.find(row.id);
    if (found == by_id.end()) continue;
    const auto& match = *found->second;
    const bool other_starts =
        match.starts && (row.side[0].start != match.starts->red || row.side[1].start != match.starts->blue);
    if (other_starts || row.seed != match.seed) {
      throw CompetitionMismatch(fmt::format(
          "{}: match {} was played from other starts than this run would use; use another --out for a new competition",
          store.path().string(), row.id));
    }
  }
}

// The store's exclusions and withdrawals with what this run asks (player_policy.hpp).
PlayerPolicy resolve_policy(const TournamentRequest& request, const std::optional<ResultsStore>& store,
                            const std::vector<PlayerSpec>& players) {
  PlayerPolicy policy = store ? stored_policy(*store) : PlayerPolicy{};
  if (request.exclude_after) policy.exclude_after = *request.exclude_after;
  const auto names = player_names(players);
  for (const auto& name : request.withdraw) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      throw PlayerListError(fmt::format("--withdraw '{}': no such player in this tournament (its players: {})", name,
                                        fmt::join(names, ", ")));
    }
    policy.withdrawn.insert(name);
  }
  return policy;
}

std::vector<PlayerSpec> players_still_playing(const Competition& competition) {
  std::vector<PlayerSpec> playing;
  for (const auto& player : competition.players) {
    if (competition.policy.withdrawn.count(player.name) == 0) playing.push_back(player);
  }
  return playing;
}

void store_policy(ResultsStore& store, const PlayerPolicy& policy) {
  const std::string exclude_after = std::to_string(policy.exclude_after);
  if (store.meta(kExcludeAfterKey).value_or("0") != exclude_after) store.set_meta(kExcludeAfterKey, exclude_after);
  const std::string withdrawn = withdrawn_text(policy.withdrawn);
  if (store.meta(kWithdrawnKey).value_or("") != withdrawn) store.set_meta(kWithdrawnKey, withdrawn);
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
  resolve_stages_and_ranking(request, stored, path, notes, competition);
  if (store && stored && competition.rounds > stored->rounds && final_decided(*store)) {
    throw CompetitionMismatch(fmt::format(
        "{}: the final of this competition has its players already: the first stage keeps its {} rounds (give "
        "--final-rounds to play more of the final, or use another --out)",
        path.string(), stored->rounds));
  }
  check_players(competition.players);
  competition.policy = resolve_policy(request, store, competition.players);
  if (competition.players.size() < 2) {
    throw PlayerListError(fmt::format("a tournament needs at least two players, {} given", competition.players.size()));
  }
  if (competition.stages.final_top > static_cast<int>(competition.players.size())) {
    throw PlayerListError(fmt::format("a final of the top {} needs at least {} players, {} given",
                                      competition.stages.final_top, competition.stages.final_top,
                                      competition.players.size()));
  }
  if (competition.stages.decide_top >= static_cast<int>(competition.players.size())) {
    throw PlayerListError(fmt::format("--decide-top {} needs more players than that, {} given",
                                      competition.stages.decide_top, competition.players.size()));
  }
  // What the stored results decide already (the next Swiss round, the finalists), stored once
  // the store is settled below. An adaptive final that stopped at its most games goes on when
  // they grow.
  PairingState state = store ? pairing_state(*store) : PairingState{};
  const bool final_goes_on =
      stored && state.final_end == kFinalMaxGames && competition.stages.max_games > stored->stages.max_games;
  if (final_goes_on) state.final_end.clear();
  if (stored && state.final_end == kFinalSettled && competition.stages.max_games > stored->stages.max_games) {
    notes.push_back("the adaptive final is decided already (each of its places is sure): more games change nothing");
  }
  const int joined_after = rounds_before_joining(competition, state);
  const auto decisions = decide_rounds(competition, state, rounds_in_play_order(competition, state));
  Schedule schedule = make_schedule(competition, state);
  const auto rounds = stored_rounds(schedule);
  if (store) check_against_store(*store, schedule);
  // Every player plays in the games still missing: each command is checked first (a script gone is said as such,
  // not as a changed program), then each must be the build whose games are stored. A withdrawn player plays no more:
  // its program may be gone or rebuilt.
  if (check) check(competition, schedule);
  const ProgramFingerprints unrecorded =
      check_programs(store ? &*store : nullptr, players_still_playing(competition), request.out);
  if (!settle_store(lock, store, request.out, competition, rounds)) return prepare_tournament(request, check);
  record_programs(*store, unrecorded);
  store_policy(*store, competition.policy);
  if (stored) {
    for (auto& line : record_late_players(*store, competition, *stored, joined_after)) notes.push_back(std::move(line));
  }
  if (request.name && store->meta(std::string(kContestNameKey)) != *request.name) {
    store->set_meta(std::string(kContestNameKey), *request.name);
  }
  competition.name = store->meta(std::string(kContestNameKey)).value_or("");
  if (store->meta("final_rounds") != std::to_string(competition.stages.final_rounds)) {
    store->set_meta("final_rounds", std::to_string(competition.stages.final_rounds));
  }
  if (store->meta("max_games") != std::to_string(competition.stages.max_games)) {
    store->set_meta("max_games", std::to_string(competition.stages.max_games));
  }
  if (final_goes_on) store->set_meta(kFinalEndKey, "");
  for (const auto& decision : decisions) save_decision(*store, decision);
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
