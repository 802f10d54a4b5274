#pragma once
// Start positions (docs/rules.md §3).
#include <optional>
#include <string>

#include "amazes/maze.hpp"
#include "amazes/random.hpp"

namespace amazes {

// The official minimum squared distance between the two starts on a 25×25 maze (√288 ≈ 17).
inline constexpr int kOfficialMinStartDistance2 = 288;

// The minimum squared distance used for a maze of size n: 288 for 25 and larger, scaled
// with the square of the size below that so that small test mazes still have starts.
int default_min_start_distance2(int size);

// Draws red uniformly over all squares that have some square far enough away, blue uniformly
// over the squares far enough from red, and each orientation uniformly over the directions
// whose back edge is open. Returns nothing when no pair of squares is far enough apart.
std::optional<Starts> draw_starts(const Maze& maze, Rng& rng, int min_distance2);

// The starts that belong to a seed: draw_starts with the default distance and an Rng derived
// from the seed, so `amazes maze generate --seed S --starts` and `amazes match --seed S` agree.
std::optional<Starts> draw_starts_for_seed(const Maze& maze, std::uint64_t seed);

// Why a single start is unusable, or nothing when it is fine (square exists, back edge open).
std::optional<std::string> start_problem(const Maze& maze, const Start& start);

// Why a pair of starts is unusable: either start's problem, equal squares, or too close.
std::optional<std::string> starts_problem(const Maze& maze, const Starts& starts, int min_distance2);

// "R,C,D" with a 1-based row and column, as in maze files.
std::string format_start(const Start& start);
// Parses "R,C,D" (fields separated by ',' and/or spaces, orientation in either case).
// Returns nothing on malformed text; range is not checked here.
std::optional<Start> parse_start(std::string_view text);

}  // namespace amazes
