#pragma once
// What a player sees at the start of its turn (docs/rules.md §5): four corridor lines, ahead,
// right, behind and left of its facing, and the squared distance to the opponent.
// Fixed-size values, so computing a view allocates nothing.
#include <array>
#include <cstdint>
#include <string_view>

#include "amazes/direction.hpp"
#include "amazes/maze.hpp"

namespace amazes {

// The four corridors in the order they are written, relative to the player's facing.
// The value is the number of clockwise quarter turns from the facing.
enum class Relative : std::uint8_t { Ahead = 0, Right = 1, Behind = 2, Left = 3 };
inline constexpr std::array<Relative, 4> kCorridorOrder = {Relative::Ahead, Relative::Right, Relative::Behind,
                                                           Relative::Left};

constexpr Direction absolute_direction(Direction facing, Relative relative) {
  return direction_from_index(index_of(facing) + static_cast<int>(relative));
}

// The letters of a corridor line: one per corridor square, describing its two side edges
// seen along the corridor direction, then the wall that ends the corridor.
inline constexpr char kBothOpen = 'B';
inline constexpr char kLeftOpen = 'L';
inline constexpr char kRightOpen = 'R';
inline constexpr char kNeitherOpen = 'N';
inline constexpr char kEndWall = 'W';

constexpr char side_letter(bool left_open, bool right_open) {
  return left_open ? (right_open ? kBothOpen : kLeftOpen) : (right_open ? kRightOpen : kNeitherOpen);
}
constexpr bool letter_left_open(char letter) { return letter == kBothOpen || letter == kLeftOpen; }
constexpr bool letter_right_open(char letter) { return letter == kBothOpen || letter == kRightOpen; }

// One corridor: the squares k = 1..length reached from the player's square (square 0)
// in `direction` through openings, then the end wall.
struct Corridor {
  Direction direction = Direction::North;  // absolute
  int length = 0;                          // number of corridor squares, 0..N-1
  // `length` side letters then 'W'; a corridor has at most N-1 ≤ 63 squares.
  std::array<char, kMaxMazeSize> letters{};

  std::string_view line() const { return {letters.data(), static_cast<std::size_t>(length) + 1}; }
};

struct View {
  std::array<Corridor, 4> corridors;  // indexed by Relative: ahead, right, behind, left
  int distance2 = 0;                  // squared Euclidean distance to the opponent

  const Corridor& corridor(Relative r) const { return corridors[static_cast<int>(r)]; }
};

// Walks the corridor from `from` in direction `d` (docs/rules.md §5).
Corridor look_along(const Maze& maze, Square from, Direction d);

// The whole view of a player standing at `self` with the opponent at `opponent`.
View compute_view(const Maze& maze, Start self, Square opponent);

}  // namespace amazes
