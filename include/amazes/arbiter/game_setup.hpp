#pragma once
// What one game is played on, as a competition or `amazes match` hands it to the match driver:
// which game, the seed its setup was drawn from, and the setup itself in the game's own text.
//
//   Amazes (the built-in game, or a referee     the payload is a maze file (docs/formats.md): the
//   whose command takes {maze})                 maze and both start lines
//   a game whose referee draws its own setup    no payload: the referee is given {seed}, or
//   (More, Lamistra, Susan)                     nothing (a game with one opening)
//
// A new game needs nothing here: its catalogue row and its referee's command say which kind it is
// (game_choice.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/game.hpp"
#include "amazes/maze.hpp"

namespace amazes::arbiter {

struct GameSetup {
  std::string game{kAmazesGame};
  std::optional<std::uint64_t> seed;  // nothing: the payload fixes everything (a maze file's starts)
  std::string payload;
  friend bool operator==(const GameSetup&, const GameSetup&) = default;
};

// The setup of a game played on no maze: its game and its seed.
GameSetup seed_setup(const MatchSettings& settings, std::optional<std::uint64_t> seed);

// Amazes' setup: the maze and both starts as a maze file's text.
GameSetup amazes_setup(const Maze& maze, const Starts& starts, std::optional<std::uint64_t> seed);

// The maze and starts of an Amazes setup. Throws std::invalid_argument when the payload is not a
// maze file with both start lines (whoever made the setup has a bug: every maze is checked before).
struct AmazesBoard {
  Maze maze;
  Starts starts;
};
AmazesBoard amazes_board(const GameSetup& setup);

}  // namespace amazes::arbiter
