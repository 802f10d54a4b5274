#include "amazes/knowledge.hpp"

#include <stdexcept>
#include <string>

namespace amazes {

Knowledge::Knowledge(int size) : size_(size) {
  if (size < kMinMazeSize || size > kMaxMazeSize) {
    throw std::invalid_argument("knowledge size " + std::to_string(size) + " is outside " +
                                std::to_string(kMinMazeSize) + ".." + std::to_string(kMaxMazeSize));
  }
  square_.assign(static_cast<std::size_t>(size) * size, 0);
  edge_.assign(2 * static_cast<std::size_t>(size) * static_cast<std::size_t>(size + 1),
               static_cast<std::uint8_t>(EdgeState::Unknown));
  square_work_.reserve(64);
  point_work_.reserve(64);
  discoveries_.reserve(64);
}

int Knowledge::edge_id(Square s, Direction d) const {
  switch (d) {
    case Direction::North: return s.row * size_ + s.col;
    case Direction::South: return (s.row + 1) * size_ + s.col;
    case Direction::West: return horizontal_edges() + s.row * (size_ + 1) + s.col;
    case Direction::East: return horizontal_edges() + s.row * (size_ + 1) + s.col + 1;
  }
  return -1;
}

bool operator==(const Knowledge& a, const Knowledge& b) {
  // The worklists and the discovery log are scratch space, not knowledge.
  return a.size_ == b.size_ && a.square_ == b.square_ && a.edge_ == b.edge_;
}

// ---------------------------------------------------------------------------------------
// Facts

bool Knowledge::discover(Square s) { return discover_index(index(s)); }

bool Knowledge::walk_onto(Square s) { return discover_index(index(s)); }

bool Knowledge::discover_index(int square) {
  if (square_[square] & kDiscovered) return false;
  square_[square] |= kDiscovered;
  ++discovered_count_;
  mark_exists(square);
  discoveries_.push_back(square);
  return true;
}

void Knowledge::mark_exists(int square) {
  if (square_[square] & kExists) return;
  square_[square] |= kExists;
  if (row_exists_[square / size_]++ == 0) ++rows_covered_;
  if (col_exists_[square % size_]++ == 0) ++cols_covered_;
}

bool Knowledge::learn_edge(Square s, Direction d, EdgeState state) { return learn(edge_id(s, d), state); }

// Records an edge and queues what it can influence: the dead-end rule of its two squares
// and the corner rule of its two end points (interior ones only; the border points always
// touch the outer wall). Knowledge is never overwritten: the first state learnt stays.
bool Knowledge::learn(int edge, EdgeState state) {
  if (state == EdgeState::Unknown || edge_[edge] != static_cast<std::uint8_t>(EdgeState::Unknown)) return false;
  edge_[edge] = static_cast<std::uint8_t>(state);
  const int n = size_;
  const bool open = state == EdgeState::Opening;
  auto touch = [&](int square) {
    square_work_.push_back(square);
    if (open) mark_exists(square);
  };
  if (edge < horizontal_edges()) {  // the edge above square (r, c), r = 0..n
    const int r = edge / n;
    const int c = edge % n;
    if (r > 0) touch((r - 1) * n + c);
    if (r < n) touch(r * n + c);
    if (r == 0 || r == n) {
      if (!open) ++side_walls_[index_of(r == 0 ? Direction::North : Direction::South)];
    } else {
      if (c >= 1) point_work_.push_back(r * (n + 1) + c);
      if (c + 1 <= n - 1) point_work_.push_back(r * (n + 1) + c + 1);
    }
  } else {  // the edge left of square (r, c), c = 0..n
    const int v = edge - horizontal_edges();
    const int r = v / (n + 1);
    const int c = v % (n + 1);
    if (c > 0) touch(r * n + c - 1);
    if (c < n) touch(r * n + c);
    if (c == 0 || c == n) {
      if (!open) ++side_walls_[index_of(c == 0 ? Direction::West : Direction::East)];
    } else {
      if (r >= 1) point_work_.push_back(r * (n + 1) + c);
      if (r + 1 <= n - 1) point_work_.push_back((r + 1) * (n + 1) + c);
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------
// §6.1: what the player sees, decoded from the view it is given.

void Knowledge::see(Square from, const View& view) {
  discover(from);
  for (const Corridor& corridor : view.corridors) {
    const Direction d = corridor.direction;
    const Direction left = turn_left(d);
    const Direction right = turn_right(d);
    Square s = from;
    for (int k = 0; k < corridor.length; ++k) {
      const Square next = step(s, d);
      if (next.row < 0 || next.col < 0 || next.row >= size_ || next.col >= size_) {
        throw std::logic_error("a corridor of the view leaves the board");
      }
      learn(edge_id(s, d), EdgeState::Opening);
      s = next;
      discover(s);
      const char letter = corridor.letters[k];
      const bool left_open = letter_left_open(letter);
      const bool right_open = letter_right_open(letter);
      learn(edge_id(s, left), left_open ? EdgeState::Opening : EdgeState::Wall);
      learn(edge_id(s, right), right_open ? EdgeState::Opening : EdgeState::Wall);
      // The squares just behind open side edges are discovered too.
      if (left_open) discover(step(s, left));
      if (right_open) discover(step(s, right));
    }
    learn(edge_id(s, d), EdgeState::Wall);  // the wall that ends the corridor
  }
}

std::span<const int> Knowledge::observe(Square from, const View& view) {
  discoveries_.clear();
  see(from, view);
  infer();
  return discoveries_;
}

// ---------------------------------------------------------------------------------------
// §7: inference.

void Knowledge::infer() {
  for (;;) {
    for (;;) {
      if (!point_work_.empty()) {
        const int point = point_work_.back();
        point_work_.pop_back();
        check_point(point);
      } else if (!square_work_.empty()) {
        const int square = square_work_.back();
        square_work_.pop_back();
        check_square(square);
      } else {
        break;
      }
    }
    if (!apply_global_rules()) return;
  }
}

// §7.1 Corner: an interior grid point touches at least one wall, so three discovered
// openings there make the fourth edge a wall.
void Knowledge::check_point(int point) {
  const int n = size_;
  const int i = point / (n + 1);
  const int j = point % (n + 1);
  const int h = horizontal_edges();
  const std::array<int, 4> edges = {
      h + (i - 1) * (n + 1) + j,  // up: between squares (i-1, j-1) and (i-1, j)
      h + i * (n + 1) + j,        // down: between (i, j-1) and (i, j)
      i * n + j - 1,              // left: between (i-1, j-1) and (i, j-1)
      i * n + j,                  // right: between (i-1, j) and (i, j)
  };
  int openings = 0;
  int unknown = -1;
  for (const int e : edges) {
    const auto state = static_cast<EdgeState>(edge_[e]);
    if (state == EdgeState::Opening) {
      ++openings;
    } else if (state == EdgeState::Unknown) {
      if (unknown >= 0) return;  // two unknown edges: nothing to say
      unknown = e;
    }
  }
  if (openings == 3 && unknown >= 0) learn(unknown, EdgeState::Wall);
}

// §7.2 Dead end: an edge is closed for s when it is a discovered wall or a discovered
// opening to a dead-end square. Three closed edges make s a dead end: everything beyond
// them is a pocket, so (the maze being connected) the rest of s must be open.
void Knowledge::check_square(int square) {
  if (square_[square] & kDeadEnd) return;
  const Square s{square / size_, square % size_};
  int closed = 0;
  for (const Direction d : kAllDirections) {
    const auto state = static_cast<EdgeState>(edge_[edge_id(s, d)]);
    if (state == EdgeState::Wall) {
      ++closed;
    } else if (state == EdgeState::Opening) {
      const Square t = step(s, d);
      if (t.row >= 0 && t.col >= 0 && t.row < size_ && t.col < size_ && (square_[index(t)] & kDeadEnd)) ++closed;
    }
  }
  if (closed < 3) return;

  square_[square] |= kDeadEnd;
  ++dead_end_count_;
  discover_index(square);
  for (const Direction d : kAllDirections) {
    const int e = edge_id(s, d);
    const auto state = static_cast<EdgeState>(edge_[e]);
    if (state == EdgeState::Unknown) {
      learn(e, EdgeState::Opening);  // queues the square across
    } else if (state == EdgeState::Opening) {
      const Square t = step(s, d);  // its edge to s just became closed
      if (t.row >= 0 && t.col >= 0 && t.row < size_ && t.col < size_) square_work_.push_back(index(t));
    }
  }
}

void Knowledge::learn_outer_side(Direction side) {
  const int n = size_;
  for (int k = 0; k < n; ++k) {
    switch (side) {
      case Direction::North: learn(edge_id({0, k}, Direction::North), EdgeState::Wall); break;
      case Direction::South: learn(edge_id({n - 1, k}, Direction::South), EdgeState::Wall); break;
      case Direction::West: learn(edge_id({k, 0}, Direction::West), EdgeState::Wall); break;
      case Direction::East: learn(edge_id({k, n - 1}, Direction::East), EdgeState::Wall); break;
    }
  }
}

// §7.3 Rows, §7.4 Columns, §7.5 Opposite edge. Each fires at most once per game.
bool Knowledge::apply_global_rules() {
  bool applied = false;
  if (!rows_applied_ && rows_covered_ == size_) {
    rows_applied_ = true;
    learn_outer_side(Direction::North);
    learn_outer_side(Direction::South);
    applied = true;
  }
  if (!cols_applied_ && cols_covered_ == size_) {
    cols_applied_ = true;
    learn_outer_side(Direction::West);
    learn_outer_side(Direction::East);
    applied = true;
  }
  for (const Direction side : kAllDirections) {
    const int i = index_of(side);
    if (!side_applied_[i] && side_walls_[i] == size_) {
      side_applied_[i] = true;
      learn_outer_side(reverse(side));
      applied = true;
    }
  }
  return applied;
}

}  // namespace amazes
