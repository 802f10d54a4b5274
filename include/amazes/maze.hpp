#pragma once
// The maze model: N×N squares, a wall or an opening on every edge between two
// adjacent squares, walls all around (docs/rules.md §1). Pure data, no I/O.
#include <cstdint>
#include <optional>
#include <vector>

#include "amazes/direction.hpp"

namespace amazes {

inline constexpr int kMinMazeSize = 2;
inline constexpr int kMaxMazeSize = 64;
inline constexpr int kDefaultMazeSize = 25;

// A square, 0-based (row 0 is the top row). Files and people see 1-based row,col.
struct Square {
  int row = 0;
  int col = 0;
  friend constexpr bool operator==(Square, Square) = default;
};

constexpr Square step(Square s, Direction d) { return {s.row + row_step(d), s.col + col_step(d)}; }

// Edges are numbered so that per-edge knowledge can live in flat arrays:
// first the (N+1)·N horizontal edges (the edge above row r, column c is r·N + c),
// then the N·(N+1) vertical edges (the edge left of row r, column c is H + r·(N+1) + c).
class Maze {
 public:
  // A maze of the given size with every edge a wall.
  explicit Maze(int size = kDefaultMazeSize);

  int size() const { return size_; }
  int square_count() const { return size_ * size_; }
  bool contains(Square s) const { return s.row >= 0 && s.col >= 0 && s.row < size_ && s.col < size_; }
  int index_of(Square s) const { return s.row * size_ + s.col; }
  Square square_at(int index) const { return {index / size_, index % size_}; }

  // True when the edge of s in direction d is a wall; the outer boundary is always a wall.
  bool is_wall(Square s, Direction d) const { return !is_open(s, d); }
  bool is_open(Square s, Direction d) const { return (open_[index_of(s)] >> amazes::index_of(d)) & 1U; }
  // The four bits of open directions of s (bit i = direction i).
  std::uint8_t open_mask(Square s) const { return open_[index_of(s)]; }
  int wall_count(Square s) const;

  // True when the edge of s in direction d lies on the outer boundary.
  bool is_outer_edge(Square s, Direction d) const { return !contains(step(s, d)); }
  // Sets an interior edge (both sides). Returns false, changing nothing, for an outer edge.
  bool set_open(Square s, Direction d, bool open);

  int edge_count() const { return 2 * size_ * (size_ + 1); }
  int edge_id(Square s, Direction d) const;
  // The two sides of an edge: the square it belongs to and the direction from it.
  // For outer edges the square is the one inside the maze.
  struct EdgeSide {
    Square square;
    Direction direction;
  };
  EdgeSide edge_side(int edge_id) const;

  int opening_count() const;
  int dead_end_count() const;  // squares with exactly three walls

  friend bool operator==(const Maze&, const Maze&) = default;

 private:
  int size_;
  std::vector<std::uint8_t> open_;  // per square, bit per direction
};

// A player's start: a square and the direction it faces (docs/rules.md §3).
struct Start {
  Square square;
  Direction facing = Direction::North;
  friend constexpr bool operator==(const Start&, const Start&) = default;
};

struct Starts {
  Start red;
  Start blue;
  friend constexpr bool operator==(const Starts&, const Starts&) = default;
};

// Squared Euclidean distance between two squares (the fifth line of a view).
constexpr int squared_distance(Square a, Square b) {
  const int dr = a.row - b.row;
  const int dc = a.col - b.col;
  return dr * dr + dc * dc;
}

}  // namespace amazes
