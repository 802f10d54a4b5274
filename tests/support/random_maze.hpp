#pragma once
// Test-only maze maker and helpers for randomized rule tests and benchmarks: a random
// spanning tree (so: connected, no open corner) plus extra openings that keep every
// interior grid point touching a wall (so: loops, as in real mazes). Not the generator of
// docs/rules.md §2 (no loop-density target), just mazes on which every rule of §7 is sound.
#include <string>
#include <utility>
#include <vector>

#include "amazes/maze.hpp"
#include "amazes/random.hpp"

namespace amazes::testing {

// The four edges at the interior grid point (i, j): the point at the top-left of square (i, j).
inline bool open_corner(const Maze& maze, int i, int j) {
  return maze.is_open({i - 1, j - 1}, Direction::East) && maze.is_open({i, j - 1}, Direction::East) &&
         maze.is_open({i - 1, j - 1}, Direction::South) && maze.is_open({i - 1, j}, Direction::South);
}

inline bool has_open_corner(const Maze& maze) {
  for (int i = 1; i < maze.size(); ++i) {
    for (int j = 1; j < maze.size(); ++j) {
      if (open_corner(maze, i, j)) return true;
    }
  }
  return false;
}

inline bool is_connected(const Maze& maze) {
  std::vector<char> seen(maze.square_count(), 0);
  std::vector<Square> stack{{0, 0}};
  seen[0] = 1;
  int count = 1;
  while (!stack.empty()) {
    const Square s = stack.back();
    stack.pop_back();
    for (const Direction d : kAllDirections) {
      if (!maze.is_open(s, d)) continue;
      const Square t = step(s, d);
      if (!seen[maze.index_of(t)]) {
        seen[maze.index_of(t)] = 1;
        ++count;
        stack.push_back(t);
      }
    }
  }
  return count == maze.square_count();
}

// A connected maze without open corners with about `extra` more openings than a tree.
inline Maze random_test_maze(Rng& rng, int n, int extra) {
  Maze maze(n);
  // Interior edges as (square, East|South).
  struct Edge {
    Square s;
    Direction d;
  };
  std::vector<Edge> edges;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) edges.push_back({{r, c}, Direction::East});
      if (r + 1 < n) edges.push_back({{r, c}, Direction::South});
    }
  }
  for (int i = static_cast<int>(edges.size()) - 1; i > 0; --i) std::swap(edges[i], edges[rng.below(i + 1)]);

  // Randomized Kruskal: a uniform-ish spanning tree.
  std::vector<int> parent(n * n);
  for (int i = 0; i < n * n; ++i) parent[i] = i;
  auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  std::vector<Edge> rest;
  for (const Edge& e : edges) {
    const int a = find(maze.index_of(e.s));
    const int b = find(maze.index_of(step(e.s, e.d)));
    if (a != b) {
      parent[a] = b;
      maze.set_open(e.s, e.d, true);
    } else {
      rest.push_back(e);
    }
  }
  // Loops: open more edges, never completing an open corner.
  int added = 0;
  for (const Edge& e : rest) {
    if (added >= extra) break;
    maze.set_open(e.s, e.d, true);
    // The edge's two end points are the only grid points it can complete: for an East
    // edge of (r, c) the points (r, c+1) and (r+1, c+1), for a South edge (r+1, c) and (r+1, c+1).
    const int r = e.s.row, c = e.s.col;
    const bool east = e.d == Direction::East;
    bool bad = false;
    for (const auto& [i, j] : {std::pair{east ? r : r + 1, east ? c + 1 : c}, std::pair{r + 1, c + 1}}) {
      if (i >= 1 && j >= 1 && i < n && j < n && open_corner(maze, i, j)) bad = true;
    }
    if (bad) {
      maze.set_open(e.s, e.d, false);
    } else {
      ++added;
    }
  }
  return maze;
}

// Two different squares, each facing away from an open edge.
inline Starts random_test_starts(const Maze& maze, Rng& rng) {
  auto draw = [&](Square avoid) {
    for (;;) {
      const Square s = maze.square_at(rng.below(maze.square_count()));
      if (s == avoid) continue;
      std::vector<Direction> facings;
      for (const Direction d : kAllDirections) {
        if (maze.is_open(s, reverse(d))) facings.push_back(d);
      }
      if (facings.empty()) continue;  // cannot happen in a connected maze
      return Start{s, facings[rng.below(static_cast<int>(facings.size()))]};
    }
  };
  const Start red = draw({-1, -1});
  const Start blue = draw(red.square);
  return {red, blue};
}

// A legal move line of 1..max_length random letters.
inline std::string random_line(Rng& rng, int max_length) {
  static constexpr char kLetters[] = {'F', 'T', 'L', 'R'};
  std::string line(1 + rng.below(max_length), 'F');
  for (char& c : line) c = kLetters[rng.below(4)];
  return line;
}

// A line that only walks through openings, never straight back unless at a dead end: an
// explorer that covers much of the maze, so that the inference rules keep firing.
inline std::string walking_line(const Maze& maze, Start at, Rng& rng, int length) {
  std::string line;
  for (int i = 0; i < length; ++i) {
    Direction options[4];
    int n = 0;
    for (const Direction d : kAllDirections) {
      if (d != reverse(at.facing) && maze.is_open(at.square, d)) options[n++] = d;
    }
    const Direction d = n > 0 ? options[rng.below(n)] : reverse(at.facing);
    line += d == at.facing ? 'F' : d == reverse(at.facing) ? 'T' : d == turn_left(at.facing) ? 'L' : 'R';
    at = {step(at.square, d), d};
  }
  return line;
}

}  // namespace amazes::testing
