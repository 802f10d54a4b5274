// Start positions (docs/rules.md §3): the draw and the checks. The "R,C,D" text is in start_text.cpp.
#include "amazes/starts.hpp"

#include <array>
#include <string>
#include <vector>

namespace amazes {
namespace {

std::string square_text(Square s) { return std::to_string(s.row + 1) + "," + std::to_string(s.col + 1); }

// A start can only stand on a square with an opening: its back edge must be open. In a
// valid maze every square has one; the restriction only matters for broken mazes.
bool usable(const Maze& maze, Square s) { return maze.open_mask(s) != 0; }

bool has_far_partner(const Maze& maze, Square s, int min_distance2) {
  const int last = maze.size() - 1;
  // The farthest square is a corner: on valid mazes this settles it at once.
  const std::array<Square, 4> corners = {Square{0, 0}, Square{0, last}, Square{last, 0}, Square{last, last}};
  for (const Square c : corners) {
    if (usable(maze, c) && squared_distance(s, c) >= min_distance2) return true;
  }
  for (int i = 0; i < maze.square_count(); ++i) {
    const Square t = maze.square_at(i);
    if (usable(maze, t) && squared_distance(s, t) >= min_distance2) return true;
  }
  return false;
}

// Uniform over the directions whose back edge is open (the square must be usable).
Direction draw_facing(const Maze& maze, Square s, Rng& rng) {
  std::array<Direction, 4> choices{};
  int count = 0;
  for (const Direction d : kAllDirections) {
    if (maze.is_open(s, reverse(d))) choices[count++] = d;
  }
  return choices[rng.below(count)];
}

}  // namespace

int default_min_start_distance2(int size) {
  if (size >= 25) return kOfficialMinStartDistance2;
  // 288 · (N/25)², rounded to nearest; at least 1 so that the two squares differ.
  const int scaled = (kOfficialMinStartDistance2 * size * size + 312) / 625;
  return scaled < 1 ? 1 : scaled;
}

std::optional<Starts> draw_starts(const Maze& maze, Rng& rng, int min_distance2) {
  if (min_distance2 < 1) min_distance2 = 1;  // the squares must differ in any case
  std::vector<Square> candidates;
  candidates.reserve(static_cast<std::size_t>(maze.square_count()));
  for (int i = 0; i < maze.square_count(); ++i) {
    const Square s = maze.square_at(i);
    if (usable(maze, s) && has_far_partner(maze, s, min_distance2)) candidates.push_back(s);
  }
  if (candidates.empty()) return std::nullopt;

  Starts starts;
  starts.red.square = candidates[rng.below(static_cast<int>(candidates.size()))];
  starts.red.facing = draw_facing(maze, starts.red.square, rng);

  candidates.clear();
  for (int i = 0; i < maze.square_count(); ++i) {
    const Square s = maze.square_at(i);
    if (usable(maze, s) && squared_distance(s, starts.red.square) >= min_distance2) candidates.push_back(s);
  }
  starts.blue.square = candidates[rng.below(static_cast<int>(candidates.size()))];
  starts.blue.facing = draw_facing(maze, starts.blue.square, rng);
  return starts;
}

std::optional<Starts> draw_starts_for_seed(const Maze& maze, std::uint64_t seed) {
  constexpr std::uint64_t kStartsStream = 0x5354415254ULL;  // "START": a stream apart from the maze's
  Rng rng(derive_seed(seed, {kStartsStream}));
  return draw_starts(maze, rng, default_min_start_distance2(maze.size()));
}

std::optional<std::string> start_problem(const Maze& maze, const Start& start) {
  const std::string prefix = "start " + format_start(start) + ": ";
  if (!maze.contains(start.square)) {
    const std::string n = std::to_string(maze.size());
    return prefix + "square " + square_text(start.square) + " is outside the " + n + "x" + n + " maze";
  }
  const Direction behind = reverse(start.facing);
  if (maze.is_wall(start.square, behind)) {
    return prefix + "the edge behind (" + std::string(1, to_char(behind)) + ") is a wall";
  }
  return std::nullopt;
}

std::optional<std::string> starts_problem(const Maze& maze, const Starts& starts, int min_distance2) {
  if (auto problem = start_problem(maze, starts.red)) return "red " + *problem;
  if (auto problem = start_problem(maze, starts.blue)) return "blue " + *problem;
  const Square red = starts.red.square;
  const Square blue = starts.blue.square;
  if (red == blue) return "red and blue start on the same square " + square_text(red);
  const int distance2 = squared_distance(red, blue);
  if (distance2 < min_distance2) {
    return "red start " + square_text(red) + " and blue start " + square_text(blue) +
           " are too close: squared distance " + std::to_string(distance2) + " < " + std::to_string(min_distance2);
  }
  return std::nullopt;
}

}  // namespace amazes
