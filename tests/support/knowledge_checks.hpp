#pragma once
// Independent checks of a player's knowledge for the rule tests:
// - knowledge_problem: does the knowledge contradict the true maze?
// - fixed_point_problem: could any rule of docs/rules.md §7 still add something?
// - ReferenceKnowledge: a deliberately naive implementation of §6.1 and §7 (sight taken
//   straight from the maze, inference by full sweeps until nothing changes) to compare the
//   worklist implementation with.
// Each check returns an empty string when all is well, else what is wrong.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "amazes/knowledge.hpp"
#include "amazes/maze.hpp"

namespace amazes::testing {

inline std::string where(Square s) { return "(" + std::to_string(s.row) + "," + std::to_string(s.col) + ")"; }

// The openings of the true maze that lie on no loop (bridges), by Tarjan's low-link.
inline std::vector<char> bridge_edges(const Maze& maze) {
  const int n = maze.square_count();
  std::vector<int> order(n, -1), low(n, 0);
  std::vector<char> bridge(maze.edge_count(), 0);
  int counter = 0;
  std::function<void(int, int)> visit = [&](int v, int parent_edge) {
    order[v] = low[v] = counter++;
    const Square s = maze.square_at(v);
    for (const Direction d : kAllDirections) {
      if (!maze.is_open(s, d)) continue;
      const int e = maze.edge_id(s, d);
      if (e == parent_edge) continue;
      const int w = maze.index_of(step(s, d));
      if (order[w] < 0) {
        visit(w, e);
        low[v] = std::min(low[v], low[w]);
        if (low[w] > order[v]) bridge[e] = 1;
      } else {
        low[v] = std::min(low[v], order[w]);
      }
    }
  };
  for (int v = 0; v < n; ++v) {
    if (order[v] < 0) visit(v, -1);
  }
  return bridge;
}

// What the knowledge says must be true of the maze: discovered walls are walls, discovered
// openings are openings; a dead-end square has all four edges discovered, at most one
// opening to a square that is not a dead end, and lies on no loop (every opening of it is
// a bridge: it really hangs off the rest of the maze like a branch off a tree);
// a square exists exactly when it is discovered or touches a discovered opening.
inline std::string knowledge_problem(const Maze& maze, const Knowledge& k, const std::vector<char>& bridges) {
  for (int e = 0; e < maze.edge_count(); ++e) {
    const auto side = maze.edge_side(e);
    const bool open = maze.is_open(side.square, side.direction);
    if (k.edge(e) == EdgeState::Wall && open) return "edge " + std::to_string(e) + " known as a wall is open";
    if (k.edge(e) == EdgeState::Opening && !open) return "edge " + std::to_string(e) + " known as open is a wall";
  }
  int discovered = 0;
  int dead_ends = 0;
  for (int i = 0; i < maze.square_count(); ++i) {
    const Square s = maze.square_at(i);
    discovered += k.discovered(s) ? 1 : 0;
    bool touches_opening = false;
    for (const Direction d : kAllDirections) touches_opening |= k.edge(s, d) == EdgeState::Opening;
    if (k.exists(s) != (k.discovered(s) || touches_opening)) return "exists is wrong at " + where(s);
    if (!k.dead_end(s)) continue;
    ++dead_ends;
    if (!k.discovered(s)) return "dead end " + where(s) + " is not discovered";
    int open_to_live = 0;
    for (const Direction d : kAllDirections) {
      if (k.edge(s, d) == EdgeState::Unknown) return "dead end " + where(s) + " has an unknown edge";
      if (k.edge(s, d) == EdgeState::Opening) {
        if (!bridges[maze.edge_id(s, d)]) return "dead end " + where(s) + " lies on a loop";
        if (!k.dead_end(step(s, d))) ++open_to_live;
      }
    }
    if (open_to_live > 1) return "dead end " + where(s) + " has two openings to squares that are not dead ends";
  }
  if (discovered != k.discovered_count()) return "discovered_count is off";
  if (dead_ends != k.dead_end_count()) return "dead_end_count is off";
  return {};
}

// Whether some rule of §7 could still add knowledge.
inline std::string fixed_point_problem(const Knowledge& k) {
  const int n = k.size();
  const int h = (n + 1) * n;
  for (int i = 1; i < n; ++i) {
    for (int j = 1; j < n; ++j) {
      const int edges[4] = {h + (i - 1) * (n + 1) + j, h + i * (n + 1) + j, i * n + j - 1, i * n + j};
      int open = 0, unknown = 0;
      for (const int e : edges) {
        open += k.edge(e) == EdgeState::Opening;
        unknown += k.edge(e) == EdgeState::Unknown;
      }
      if (open == 3 && unknown == 1)
        return "corner rule applies at point (" + std::to_string(i) + "," + std::to_string(j) + ")";
    }
  }
  std::vector<char> row(n, 0), col(n, 0);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const Square s{r, c};
      if (k.exists(s)) row[r] = col[c] = 1;
      if (k.dead_end(s)) continue;
      int closed = 0;
      for (const Direction d : kAllDirections) {
        const Square t = step(s, d);
        const bool inside = t.row >= 0 && t.col >= 0 && t.row < n && t.col < n;
        closed += k.edge(s, d) == EdgeState::Wall || (k.edge(s, d) == EdgeState::Opening && inside && k.dead_end(t));
      }
      if (closed >= 3) return "dead-end rule applies at " + where(s);
    }
  }
  auto side_known = [&](Direction side) {
    for (int x = 0; x < n; ++x) {
      const Square s = side == Direction::North   ? Square{0, x}
                       : side == Direction::South ? Square{n - 1, x}
                       : side == Direction::West  ? Square{x, 0}
                                                  : Square{x, n - 1};
      if (k.edge(s, side) != EdgeState::Wall) return false;
    }
    return true;
  };
  const bool all_rows = std::count(row.begin(), row.end(), 1) == n;
  const bool all_cols = std::count(col.begin(), col.end(), 1) == n;
  if (all_rows && !(side_known(Direction::North) && side_known(Direction::South))) return "rows rule applies";
  if (all_cols && !(side_known(Direction::West) && side_known(Direction::East))) return "columns rule applies";
  for (const Direction side : kAllDirections) {
    if (side_known(side) && !side_known(reverse(side))) return "opposite-edge rule applies";
  }
  return {};
}

// The naive reference: state per square and per edge, sight from the maze, sweeps.
class ReferenceKnowledge {
 public:
  explicit ReferenceKnowledge(const Maze& maze)
      : maze_(maze),
        n_(maze.size()),
        discovered_(maze.square_count(), 0),
        dead_(maze.square_count(), 0),
        edge_(maze.edge_count(), EdgeState::Unknown) {}

  bool discovered(Square s) const { return discovered_[maze_.index_of(s)] != 0; }
  bool dead_end(Square s) const { return dead_[maze_.index_of(s)] != 0; }
  EdgeState edge(int e) const { return edge_[e]; }
  bool exists(Square s) const {
    if (discovered(s)) return true;
    for (const Direction d : kAllDirections) {
      if (edge_[maze_.edge_id(s, d)] == EdgeState::Opening) return true;
    }
    return false;
  }

  // §6.1 in the words of the rules, read off the true maze.
  void see(Square from) {
    discover(from);
    for (const Direction d : kAllDirections) {
      Square s = from;
      while (maze_.is_open(s, d)) {
        set(maze_.edge_id(s, d), EdgeState::Opening);
        s = step(s, d);
        discover(s);
        for (const Direction side : {turn_left(d), turn_right(d)}) {
          const bool open = maze_.is_open(s, side);
          set(maze_.edge_id(s, side), open ? EdgeState::Opening : EdgeState::Wall);
          if (open) discover(step(s, side));
        }
      }
      set(maze_.edge_id(s, d), EdgeState::Wall);
    }
  }
  void walk_onto(Square s) { discover(s); }

  void infer() {
    bool changed = true;
    while (changed) {
      changed = false;
      const int h = (n_ + 1) * n_;
      for (int i = 1; i < n_; ++i) {
        for (int j = 1; j < n_; ++j) {
          const int edges[4] = {h + (i - 1) * (n_ + 1) + j, h + i * (n_ + 1) + j, i * n_ + j - 1, i * n_ + j};
          int open = 0, unknown = -1, unknowns = 0;
          for (const int e : edges) {
            if (edge_[e] == EdgeState::Opening) ++open;
            if (edge_[e] == EdgeState::Unknown) unknown = e, ++unknowns;
          }
          if (open == 3 && unknowns == 1) changed |= set(unknown, EdgeState::Wall);
        }
      }
      for (int i = 0; i < maze_.square_count(); ++i) {
        const Square s = maze_.square_at(i);
        if (dead_[i]) continue;
        int closed = 0;
        for (const Direction d : kAllDirections) {
          const EdgeState e = edge_[maze_.edge_id(s, d)];
          closed +=
              e == EdgeState::Wall || (e == EdgeState::Opening && maze_.contains(step(s, d)) && dead_end(step(s, d)));
        }
        if (closed < 3) continue;
        dead_[i] = 1;
        discover(s);
        for (const Direction d : kAllDirections) set(maze_.edge_id(s, d), EdgeState::Opening);
        changed = true;
      }
      std::vector<char> row(n_, 0), col(n_, 0);
      for (int i = 0; i < maze_.square_count(); ++i) {
        const Square s = maze_.square_at(i);
        if (exists(s)) row[s.row] = col[s.col] = 1;
      }
      if (std::count(row.begin(), row.end(), 1) == n_) {
        changed |= set_side(Direction::North);
        changed |= set_side(Direction::South);
      }
      if (std::count(col.begin(), col.end(), 1) == n_) {
        changed |= set_side(Direction::West);
        changed |= set_side(Direction::East);
      }
      for (const Direction side : kAllDirections) {
        if (side_complete(side)) changed |= set_side(reverse(side));
      }
    }
  }

 private:
  void discover(Square s) { discovered_[maze_.index_of(s)] = 1; }
  bool set(int e, EdgeState state) {
    if (edge_[e] != EdgeState::Unknown) return false;
    edge_[e] = state;
    return true;
  }
  Square side_square(Direction side, int x) const {
    return side == Direction::North   ? Square{0, x}
           : side == Direction::South ? Square{n_ - 1, x}
           : side == Direction::West  ? Square{x, 0}
                                      : Square{x, n_ - 1};
  }
  bool set_side(Direction side) {
    bool changed = false;
    for (int x = 0; x < n_; ++x) changed |= set(maze_.edge_id(side_square(side, x), side), EdgeState::Wall);
    return changed;
  }
  bool side_complete(Direction side) const {
    for (int x = 0; x < n_; ++x) {
      if (edge_[maze_.edge_id(side_square(side, x), side)] != EdgeState::Wall) return false;
    }
    return true;
  }

  const Maze& maze_;
  int n_;
  std::vector<char> discovered_;
  std::vector<char> dead_;
  std::vector<EdgeState> edge_;
};

// The first difference between the worklist knowledge and the reference, if any.
inline std::string difference(const Maze& maze, const Knowledge& k, const ReferenceKnowledge& ref) {
  for (int i = 0; i < maze.square_count(); ++i) {
    const Square s = maze.square_at(i);
    if (k.discovered(s) != ref.discovered(s)) return "discovered differs at " + where(s);
    if (k.dead_end(s) != ref.dead_end(s)) return "dead end differs at " + where(s);
    if (k.exists(s) != ref.exists(s)) return "exists differs at " + where(s);
  }
  for (int e = 0; e < maze.edge_count(); ++e) {
    if (k.edge(e) != ref.edge(e)) return "edge " + std::to_string(e) + " differs";
  }
  return {};
}

}  // namespace amazes::testing
