// Completing a versus request from the store, checking it, and creating or extending the store.
#include "amazes/competition/versus_setup.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "amazes/competition/game_setups.hpp"
#include "amazes/competition/pairing.hpp"
#include "amazes/competition/versus_question.hpp"
#include "formats/gauntlet.hpp"
#include "submissions/program_fingerprint.hpp"

namespace amazes::competition {
namespace {

const PlayerSpec* find_player(const std::vector<PlayerSpec>& players, const std::string& name) {
  const auto found = std::find_if(players.begin(), players.end(), [&](const PlayerSpec& p) { return p.name == name; });
  return found == players.end() ? nullptr : &*found;
}

// The players of the competition: the stored ones (NEW first) and this run's new opponents.
std::vector<PlayerSpec> resolve_players(const VersusRequest& request, const std::optional<Competition>& stored,
                                        const std::filesystem::path& store_file, std::vector<std::string>& notes) {
  std::vector<PlayerSpec> players;
  if (stored && !stored->players.empty()) {
    players = stored->players;
    const PlayerSpec& stored_new = players.front();
    if (stored_new.name != request.new_player.name) {
      throw CompetitionMismatch(
          fmt::format("{}: this store compares {} against its opponents, this run's NEW is {}; use another --out",
                      store_file.string(), stored_new.name, request.new_player.name));
    }
  } else {
    players.push_back(request.new_player);
  }
  for (const auto& player : request.opponents) {
    if (player.name == request.new_player.name) {
      throw PlayerListError(fmt::format("player name '{}' is given twice", player.name));
    }
  }
  std::vector<PlayerSpec> asked = {request.new_player};
  asked.insert(asked.end(), request.opponents.begin(), request.opponents.end());
  for (const auto& player : asked) {
    const PlayerSpec* same = find_player(players, player.name);
    if (same == nullptr) {
      players.push_back(player);
    } else if (same->command != player.command) {
      throw competition_mismatch(store_file, fmt::format("player {} with the command", player.name),
                                 "'" + same->command + "'", "'" + player.command + "'");
    }
  }
  std::vector<std::string> others;
  for (std::size_t i = 1; i < players.size(); ++i) {
    if (find_player(request.opponents, players[i].name) == nullptr) others.push_back(players[i].name);
  }
  if (!others.empty()) {
    notes.push_back(
        fmt::format("opponents in the store but not in this run (kept, not reported): {}", fmt::join(others, ", ")));
  }
  return players;
}

// Pair p's setup and its games against `opponent` (NEW, the first player, red first).
Schedule pair_against(const Competition& competition, const std::shared_ptr<const GameSetups>& game, int pair,
                      const std::string& opponent) {
  Schedule schedule;
  schedule.game = game;
  schedule.rounds.push_back(game->round(pair, pair));
  add_round_games(competition, schedule, GauntletStage(competition, {opponent}).pairings(pair));
  return schedule;
}

// Every stored pair this run counts, and every stored game of this run's players, must be what
// this run would play.
void check_against_store(const ResultsStore& store, const Competition& competition,
                         const std::shared_ptr<const GameSetups>& game, int pairs) {
  std::map<int, Schedule> planned;
  const auto plan = [&](int pair) -> const Schedule& {
    auto found = planned.find(pair);
    if (found == planned.end()) {
      found = planned.emplace(pair, pair_against(competition, game, pair, competition.players.at(1).name)).first;
    }
    return found->second;
  };
  for (const auto& round : store.rounds()) {
    if (round.round > pairs) continue;
    refuse_another_setup(store, "pair", round, stored_round(plan(round.round).rounds.front()), "run");
  }
  for (const auto& row : store.matches()) {
    if (row.round > pairs) continue;
    // Every game of a pair starts from the same squares, whoever the opponent.
    const ScheduledMatch& pair = plan(row.round).matches.front();
    const bool other_starts =
        pair.starts && (row.side[0].start != pair.starts->red || row.side[1].start != pair.starts->blue);
    if (other_starts || row.seed != pair.seed) {
      throw CompetitionMismatch(fmt::format(
          "{}: game {} was played from other starts than this run would use; use another --out for a new run",
          store.path().string(), row.id));
    }
  }
}

// The ids of pair 1 (every pair's have the same shape) must be distinct: names such as "a-b"
// and "b" could otherwise produce the same id for two games.
void check_ids(const Competition& competition, const std::vector<PlayerSpec>& opponents) {
  const GauntletStage gauntlet(competition, player_names(opponents));
  std::set<std::string> ids;
  for (const auto& game : gauntlet.games_of(gauntlet.pairings(1))) {
    if (!ids.insert(game.id).second) {
      throw ScheduleError(fmt::format("two games would have the match id {}: rename one of the players", game.id));
    }
  }
}

// The game's setups of the pairs, and a note when every maze file fixes the starts, as pairs beyond
// them repeat earlier pairs exactly.
std::shared_ptr<const GameSetups> versus_setups(const Competition& competition, int pairs,
                                                std::vector<std::string>& notes) {
  std::shared_ptr<const GameSetups> game = game_setups(competition);
  if (!competition.mazes.directory) return game;
  const std::vector<RoundSetup> files = parsed_maze_files(competition);
  const bool fixed_starts =
      std::all_of(files.begin(), files.end(), [](const RoundSetup& m) { return m.starts.has_value(); });
  if (fixed_starts && pairs > static_cast<int>(files.size())) {
    notes.push_back(fmt::format(
        "the {} maze files all fix the starts: pairs beyond {} repeat earlier pairs exactly (deterministic bots then "
        "play the same games again, which narrows the interval without new information)",
        files.size(), files.size()));
  }
  return game;
}

}  // namespace

std::filesystem::path default_versus_out(const std::string& new_player, const std::vector<PlayerSpec>& opponents) {
  std::string out = fmt::format("versus-{}-vs-{}", new_player, fmt::join(player_names(opponents), "-"));
  if (out.size() > 120) out = fmt::format("versus-{}-vs-{}-opponents", new_player, opponents.size());
  return out;
}

PreparedRun prepare_versus(const VersusRequest& given, const VersusCheck& check) {
  // Commands as stored: independent of the directory this judge runs in.
  VersusRequest request = given;
  request.new_player.command = anchored_command(request.new_player.command);
  for (auto& player : request.opponents) player.command = anchored_command(player.command);
  if (request.opponents.empty()) throw PlayerListError("amazes versus needs NEW and at least one OLD player");
  if (request.pairs < 1) throw std::invalid_argument("a versus run needs at least one pair of games");
  {
    // Checks the settings and margin before anything is touched.
    OpponentTally probe(request.new_player.name, request.opponents.front().name, 0, request.rule);
  }
  const std::filesystem::path out =
      request.out.value_or(default_versus_out(request.new_player.name, request.opponents));
  const auto path = store_path(out);
  auto [lock, store, stored] = open_existing_store(out, CompetitionKind::Versus);

  std::vector<std::string> notes;
  Competition competition;
  competition.kind = CompetitionKind::Versus;
  const bool seed_drawn = resolve_common(request, stored, path, competition);
  check_players(std::vector<PlayerSpec>{request.new_player});
  check_players(request.opponents);
  competition.players = resolve_players(request, stored, path, notes);
  check_players(competition.players);
  competition.rounds = request.pairs;
  check_ids(competition, request.opponents);

  std::shared_ptr<const GameSetups> game = versus_setups(competition, request.pairs, notes);
  const Schedule first = pair_against(competition, game, 1, request.opponents.front().name);
  if (store) check_against_store(*store, competition, game, request.pairs);

  // Programs: this run's must be the ones whose games are stored.
  std::vector<PlayerSpec> run_players = {request.new_player};
  run_players.insert(run_players.end(), request.opponents.begin(), request.opponents.end());
  const ProgramFingerprints unrecorded = check_programs(store ? &*store : nullptr, run_players, out);

  if (check) check(match_spec(competition, first, first.matches.front()), run_players);
  if (!settle_store(lock, store, out, competition, {})) return prepare_versus(request, check);
  record_programs(*store, unrecorded);
  record_versus_question(*store,
                         {request.new_player.name, player_names(request.opponents), request.pairs, request.rule});

  return PreparedRun{.lock = std::move(*lock),
                     .competition = std::move(competition),
                     .schedule = {},
                     .versus = {request.opponents, request.pairs, request.rule, std::move(game)},
                     .store = std::move(*store),
                     .out = out,
                     .log_format = request.log_format,
                     .resumed = stored.has_value(),
                     .seed_drawn = seed_drawn,
                     .notes = std::move(notes)};
}

}  // namespace amazes::competition
