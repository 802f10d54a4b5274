// Round setups, the setup of each pairing and the order of the games.
#include "amazes/competition/schedule.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "amazes/competition/game_setups.hpp"
#include "amazes/competition/match_source.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/random.hpp"
#include "formats/stage.hpp"

namespace amazes::competition {
namespace {

// Streams of the competition seed, so that mazes and starts never share random numbers.
constexpr std::uint64_t kMazeStream = 1;
constexpr std::uint64_t kStartsStream = 2;

}  // namespace

std::uint64_t name_hash(std::string_view name) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : name) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::vector<std::filesystem::path> maze_files(const std::filesystem::path& directory) {
  std::error_code error;
  if (!std::filesystem::is_directory(directory, error)) {
    throw ScheduleError(fmt::format("{}: not a directory of maze files", directory.string()));
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    const auto extension = entry.path().extension();
    if (entry.is_regular_file() && (extension == ".txt" || extension == ".maze")) files.push_back(entry.path());
  }
  // Byte order of the file names: the same on every machine and locale.
  std::sort(files.begin(), files.end(),
            [](const auto& a, const auto& b) { return a.filename().string() < b.filename().string(); });
  if (files.empty()) throw ScheduleError(fmt::format("{}: no maze files (*.txt, *.maze)", directory.string()));
  return files;
}

std::uint64_t maze_seed(std::uint64_t competition_seed, int round) {
  return derive_seed(competition_seed, {kMazeStream, static_cast<std::uint64_t>(round)});
}

std::uint64_t pair_seed(std::uint64_t competition_seed, int round, std::string_view a, std::string_view b) {
  if (b < a) std::swap(a, b);
  return derive_seed(competition_seed, {kStartsStream, static_cast<std::uint64_t>(round), name_hash(a), name_hash(b)});
}

std::string describe_stored_maze(const std::string& name, const std::string& maze_text) {
  try {
    const int n = parse_maze(maze_text, name).maze.size();
    return fmt::format("{} ({}x{})", name, n, n);
  } catch (const MazeParseError&) {
    return name;
  }
}

std::vector<RoundSetup> parsed_maze_files(const Competition& competition) {
  std::vector<RoundSetup> files;
  if (!competition.mazes.directory) return files;
  for (const auto& file : maze_files(*competition.mazes.directory)) {
    try {
      GameMaze source = maze_from_file(file);
      files.push_back({0, std::string(arbiter::kAmazesGame), std::move(source.name), std::move(source.maze),
                       source.starts, source.maze_seed});
    } catch (const MazeSourceError& e) {
      throw ScheduleError(e.what());
    }
  }
  return files;
}

namespace {

std::vector<RoundSetup> round_setups(const Competition& competition, const PairingState& state,
                                     const GameSetups& game) {
  std::vector<RoundSetup> rounds;
  for (const int round : rounds_in_play_order(competition, state)) {
    rounds.push_back(game.round(round, play_order_place(round, competition.rounds)));
  }
  return rounds;
}

}  // namespace

std::vector<RoundSetup> round_setups(const Competition& competition) {
  return round_setups(competition, PairingState{}, *game_setups(competition));
}

std::vector<RoundSetup> add_round_setups(const Competition& competition, const PairingState& state,
                                         Schedule& schedule) {
  std::set<int> known;
  for (const auto& setup : schedule.rounds) known.insert(setup.round);
  std::vector<RoundSetup> added;
  for (const int round : rounds_in_play_order(competition, state)) {
    if (known.count(round) != 0) continue;
    added.push_back(schedule.game->round(round, play_order_place(round, competition.rounds)));
    schedule.rounds.push_back(added.back());
  }
  return added;
}

const RoundSetup& Schedule::setup_of(int round) const {
  for (const auto& setup : rounds) {
    if (setup.round == round) return setup;
  }
  throw std::out_of_range(fmt::format("no setup for {}", round_label(round)));
}

std::string versus_match_id(int pair, std::string_view red, std::string_view blue) {
  return fmt::format("p{:04}-{}-{}", pair, red, blue);
}

StoredRound stored_round(const RoundSetup& round) {
  const std::string maze = round.maze ? format_maze(*round.maze, round.starts) : std::string();
  return {round.round, round.name, maze, round.seed, round.game};
}

void add_round_games(const Competition& competition, Schedule& schedule, const RoundPairings& pairings) {
  std::map<std::string, int> index;
  for (std::size_t i = 0; i < competition.players.size(); ++i)
    index.emplace(competition.players[i].name, static_cast<int>(i));
  const RoundSetup& round = schedule.setup_of(pairings.round);
  const StageSequence stages(competition);
  const Stage& stage = stages.of_round(round.round);
  // Both games of a pairing with the same starts: the starts stay with the colours.
  std::vector<PairingSetup> drawn;
  for (const auto& [first, second] : pairings.pairs) {
    try {
      drawn.push_back(
          schedule.game->pairing(round, stage.setup_name(round), stage.pairing_seed(round.round, first, second)));
    } catch (const MazeSourceError& e) {
      throw ScheduleError(stage.setup_error(round.round, e.what()));
    }
  }
  // Ids of different rounds differ in their prefix (the round number up to the first `-`: r07-,
  // r107-, final-r01-, p0007-): only the ids of this round can collide.
  std::set<std::string> ids;
  for (auto& game : stage.games_of(pairings)) {
    const PairingSetup& setup = drawn[game.pairing];
    ScheduledMatch match{std::move(game.id),  round.round,  index.at(game.red),
                         index.at(game.blue), setup.starts, setup.seed};
    if (!ids.insert(match.id).second) {
      throw ScheduleError(fmt::format("two games would have the match id {}: rename one of the players", match.id));
    }
    schedule.matches.push_back(std::move(match));
  }
}

Schedule make_schedule(const Competition& competition, const PairingState& state) {
  Schedule schedule;
  schedule.game = game_setups(competition);
  schedule.rounds = round_setups(competition, state, *schedule.game);
  for (const auto& round : schedule.rounds) {
    if (const auto pairings = decided_pairings(competition, state, round.round)) {
      add_round_games(competition, schedule, *pairings);
    }
  }
  return schedule;
}

Schedule make_schedule(const Competition& competition) { return make_schedule(competition, PairingState{}); }

arbiter::MatchSpec match_spec(const Competition& competition, const Schedule& schedule, const ScheduledMatch& match) {
  const RoundSetup& round = schedule.setup_of(match.round);
  arbiter::MatchSpec spec;
  spec.id = match.id;
  spec.setup = schedule.game->match(round, match);
  spec.players = {competition.players.at(static_cast<std::size_t>(match.red)),
                  competition.players.at(static_cast<std::size_t>(match.blue))};
  spec.settings = competition.settings;
  return spec;
}

}  // namespace amazes::competition
