#pragma once
// The schedule of a competition (docs/rules.md §3): one game setup per round (game_setup.hpp):
// for Amazes a maze, for a game whose referee draws its own setup only the game; every ordered
// pair of players once per round, so each pair plays both colours; the two games of a pair share
// the same setup (Amazes: the same two starts, which stay with the colours while the players
// swap; another game: the same seed). Everything is derived from the competition seed, so a
// schedule is reproduced exactly from the same competition.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/competition.hpp"
#include "amazes/competition/match_source.hpp"
#include "amazes/competition/pairing.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/stages.hpp"
#include "amazes/maze.hpp"

namespace amazes::competition {

// A schedule that cannot be made (no maze files, an invalid maze, no room for starts,
// colliding match ids); what() is one line.
class ScheduleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the games of a round share. Amazes: the round's maze, from which each pairing's starts
// are drawn. A game whose referee draws its own setup: nothing but the game.
struct RoundSetup {
  int round = 0;
  std::string game;
  std::string name;                   // the maze file's name, "generated-<seed>"; else the game's name
  std::optional<Maze> maze;           // Amazes'
  std::optional<Starts> starts;       // from the maze file: then every game of the round uses them
  std::optional<std::uint64_t> seed;  // the generator seed of a generated maze
};

struct ScheduledMatch {
  std::string id;
  int round = 0;
  int red = 0;  // index into Competition::players
  int blue = 0;
  std::optional<Starts> starts;       // Amazes'
  std::optional<std::uint64_t> seed;  // what the game was drawn from (nothing: all from the maze file)
};

class GameSetups;  // game_setups.hpp

struct Schedule {
  std::shared_ptr<const GameSetups> game;  // what its rounds and pairings are set up from
  std::vector<RoundSetup> rounds;          // every round, in the order they are played
  std::vector<ScheduledMatch> matches;  // of the decided rounds, by round; within a round by pair, red-first game first
  const RoundSetup& setup_of(int round) const;
};

// "p0007-red-blue": a versus game's id, the pair number and both names, red first.
std::string versus_match_id(int pair, std::string_view red, std::string_view blue);

// A round's entry in the store's rounds table.
StoredRound stored_round(const RoundSetup& round);

// FNV-1a: a fixed, platform-independent hash of a name (std::hash is neither).
std::uint64_t name_hash(std::string_view name);

// The seed of a round's generated maze.
std::uint64_t maze_seed(std::uint64_t competition_seed, int round);
// The seed the starts of a pair are drawn from in a round: the same for both colour orders,
// and derived from the names (not from positions in the player list) so that adding a player
// does not change the games of the others.
std::uint64_t pair_seed(std::uint64_t competition_seed, int round, std::string_view a, std::string_view b);

// The maze files of a directory (*.txt, *.maze) in byte order of their names. Throws
// ScheduleError when the directory is missing or holds none.
std::vector<std::filesystem::path> maze_files(const std::filesystem::path& directory);

// A stored round's maze for a message: its name and size, "generated-42 (25x25)" (generated
// mazes of another --size share their name).
std::string describe_stored_maze(const std::string& name, const std::string& maze_text);

// The maze files of competition.mazes.directory, parsed, one per file (round 0); empty for
// generated mazes. Throws ScheduleError naming a bad file.
std::vector<RoundSetup> parsed_maze_files(const Competition& competition);

// The setup of every round known before any result, in the order they are played (the final's
// after the first stage's),
// as the game sets them up (game_setups.hpp): Amazes' round played k-th takes the maze file
// (k - 1) mod K, starting again at the first when there are more rounds than files, else a maze
// generated from maze_seed(seed, round). Throws ScheduleError naming the file for a missing
// directory, no maze files or a bad maze, or maze files given for a game on no maze.
std::vector<RoundSetup> round_setups(const Competition& competition);
// Adds to the schedule the setups of the rounds `state` lists that it lacks (an adaptive final's
// next round), in play order; returns them.
std::vector<RoundSetup> add_round_setups(const Competition& competition, const PairingState& state, Schedule& schedule);

// The games of every round whose pairings are decided (pairing.hpp). Throws ScheduleError when a
// maze has no two squares far enough apart or when two match ids collide (names like "a-b" and
// "a" + "b-…").
Schedule make_schedule(const Competition& competition, const PairingState& state);
// A competition whose rounds wait for no result (a round robin without a final): every game.
Schedule make_schedule(const Competition& competition);
// Adds the games of a round just decided, both colours of each pairing with the same starts,
// with the ids and seeds of the round's format (src/competition/formats/): a tournament's
// rNN-RED-BLUE (final-rNN-…) from pair_seed, a versus run's pNNNN-RED-BLUE all from the pair's
// maze seed.
void add_round_games(const Competition& competition, Schedule& schedule, const RoundPairings& pairings);

// What the match driver needs to play a scheduled match: a tournament's and a versus run's.
arbiter::MatchSpec match_spec(const Competition& competition, const Schedule& schedule, const ScheduledMatch& match);

}  // namespace amazes::competition
