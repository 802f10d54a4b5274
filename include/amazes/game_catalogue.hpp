#pragma once
// The games this judge knows, one row each: what the command line, compile's admission, the site
// and the docs need to know of a game beyond its rules. Any other Caia referee's game gets a row
// from a game file (`--game FILE`, docs/referees.md §6), else none: it is then played with the
// judge's defaults.
//
// Adding a game is its rules folder, its referee (`amazes referee NAME`), one row here, a config
// and its docs: docs/architecture.md, "Adding a game", walks that path.
// Pure data: no processes, files or clocks.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace amazes {

// What a game is set up from (arbiter/game_setup.hpp): a maze file with both starts (Amazes'
// referee takes it as {maze}); a seed the referee draws its opening from ({seed}); or nothing,
// for a game with one opening.
enum class SetupKind : std::uint8_t { Maze, Seed, None };

// How a game's length is counted: Amazes' `turns` setting counts each player's turns (150 turns
// is 150 moves each); a referee game ends when its referee says, and counts the moves made.
enum class TurnCount : std::uint8_t { EachPlayersTurns, MovesMade };

// A game's row. A catalogue game's referee is `amazes referee NAME` (the judge's command for it,
// cli/); a game file's is the file's. `--game NAME|FILE` sets the settings from the row (referee,
// scores, move files, time), before any setting given.
struct GameRow {
  std::string name;   // in settings, logs and stores: "more"
  std::string title;  // for people: "More (CodeCup 2017)"
  SetupKind setup = SetupKind::None;
  // The players' folder: a catalogue game's bundled beside the judge ("more-players"), a game
  // file's an absolute path (or "": none).
  std::string players;
  std::string reference;  // the bot in it that compile's admission games are played against
  // Its sides as its rules name them, the first (the judge's red) moving first: "white", "black".
  std::array<std::string, 2> sides{"red", "blue"};
  TurnCount turns = TurnCount::MovesMade;
  std::string scores;       // what its referee may report for a player: "0-20"
  double time_ms = 0;       // each player's time for a game
  std::string move_files;   // "SPEL.IN,SPEL.UIT": its programs run once per move; "": pipes
  double move_time_ms = 0;  // the limit of one move; 0: none
  std::string ranking;      // its contests' points and tie-breaks (competition/ranking.hpp)
  // A game file's referee command (its program's path absolute); "" for a catalogue game.
  std::string referee;
};

std::span<const GameRow> game_catalogue();
// The row of the game called `name`, or nullptr.
const GameRow* find_game(std::string_view name);

}  // namespace amazes
