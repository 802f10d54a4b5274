#pragma once
// Compass directions and the relative turns of the Amazes move letters.
#include <array>
#include <cstdint>
#include <optional>

namespace amazes {

enum class Direction : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };

inline constexpr std::array<Direction, 4> kAllDirections = {Direction::North, Direction::East, Direction::South,
                                                            Direction::West};

constexpr int index_of(Direction d) { return static_cast<int>(d); }
constexpr Direction direction_from_index(int i) { return static_cast<Direction>(i & 3); }

// Clockwise order N, E, S, W makes every turn a rotation of the index.
constexpr Direction turn_right(Direction d) { return direction_from_index(index_of(d) + 1); }
constexpr Direction reverse(Direction d) { return direction_from_index(index_of(d) + 2); }
constexpr Direction turn_left(Direction d) { return direction_from_index(index_of(d) + 3); }

constexpr int row_step(Direction d) { return d == Direction::North ? -1 : d == Direction::South ? 1 : 0; }
constexpr int col_step(Direction d) { return d == Direction::West ? -1 : d == Direction::East ? 1 : 0; }

constexpr char to_char(Direction d) { return "NESW"[index_of(d)]; }

// Accepts N/E/S/W in either case.
constexpr std::optional<Direction> direction_from_char(char c) {
  switch (c) {
    case 'N':
    case 'n': return Direction::North;
    case 'E':
    case 'e': return Direction::East;
    case 'S':
    case 's': return Direction::South;
    case 'W':
    case 'w': return Direction::West;
    default: return std::nullopt;
  }
}

// The move letters of docs/rules.md §4.2: the new direction relative to the current one.
constexpr std::optional<Direction> apply_move_letter(Direction facing, char letter) {
  switch (letter) {
    case 'F': return facing;
    case 'T': return reverse(facing);
    case 'L': return turn_left(facing);
    case 'R': return turn_right(facing);
    default: return std::nullopt;
  }
}

}  // namespace amazes
