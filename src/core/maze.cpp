#include "amazes/maze.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace amazes {

Maze::Maze(int size) : size_(size) {
  if (size < kMinMazeSize || size > kMaxMazeSize) {
    throw std::invalid_argument("maze size " + std::to_string(size) + " is outside " + std::to_string(kMinMazeSize) +
                                ".." + std::to_string(kMaxMazeSize));
  }
  open_.assign(static_cast<std::size_t>(size) * size, 0);
}

int Maze::wall_count(Square s) const { return 4 - std::popcount(open_mask(s)); }

bool Maze::set_open(Square s, Direction d, bool open) {
  if (!contains(s) || is_outer_edge(s, d)) return false;
  const Square t = step(s, d);
  const auto bit_here = static_cast<std::uint8_t>(1U << amazes::index_of(d));
  const auto bit_there = static_cast<std::uint8_t>(1U << amazes::index_of(reverse(d)));
  auto& here = open_[index_of(s)];
  auto& there = open_[index_of(t)];
  if (open) {
    here |= bit_here;
    there |= bit_there;
  } else {
    here &= static_cast<std::uint8_t>(~bit_here);
    there &= static_cast<std::uint8_t>(~bit_there);
  }
  return true;
}

int Maze::edge_id(Square s, Direction d) const {
  const int horizontal = (size_ + 1) * size_;
  switch (d) {
    case Direction::North: return s.row * size_ + s.col;
    case Direction::South: return (s.row + 1) * size_ + s.col;
    case Direction::West: return horizontal + s.row * (size_ + 1) + s.col;
    case Direction::East: return horizontal + s.row * (size_ + 1) + s.col + 1;
  }
  return -1;
}

Maze::EdgeSide Maze::edge_side(int id) const {
  const int horizontal = (size_ + 1) * size_;
  if (id < horizontal) {
    const int r = id / size_;
    const int c = id % size_;
    if (r < size_) return {{r, c}, Direction::North};
    return {{r - 1, c}, Direction::South};
  }
  const int v = id - horizontal;
  const int r = v / (size_ + 1);
  const int c = v % (size_ + 1);
  if (c < size_) return {{r, c}, Direction::West};
  return {{r, c - 1}, Direction::East};
}

int Maze::opening_count() const {
  int twice = 0;
  for (const auto mask : open_) twice += std::popcount(mask);
  return twice / 2;
}

int Maze::dead_end_count() const {
  int count = 0;
  for (const auto mask : open_) count += std::popcount(mask) == 1 ? 1 : 0;
  return count;
}

}  // namespace amazes
