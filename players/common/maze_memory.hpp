#pragma once
// What a bot knows of the maze, kept the way the judge keeps it for the bot (docs/rules.md §6–§7), so
// that the bot knows which squares it has discovered and which would be new. Standard library only.
//
// The bot does not know where it is in the 25×25 maze, nor which way is north. It keeps its map in
// its own frame: the start square is (kOrigin, kOrigin) and its first orientation is "up"
// (direction 0). The real maze then lies somewhere inside rows and columns kOrigin-24..kOrigin+24.
// Once the known squares span 25 rows (columns), the outer walls are where the span ends.
// The frame is large enough for any maze size a judge accepts (up to 64); the size itself must
// be told (25 unless the bot is started for another size), as the protocol does not say it.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "protocol.hpp"

namespace amazes_bot {

// Directions in the bot's own frame, clockwise: 0 up, 1 right, 2 down, 3 left.
inline constexpr int kDr[4] = {-1, 0, 1, 0};
inline constexpr int kDc[4] = {0, 1, 0, -1};
constexpr int turn_right(int d) { return (d + 1) & 3; }
constexpr int reverse(int d) { return (d + 2) & 3; }
constexpr int turn_left(int d) { return (d + 3) & 3; }

// The move letter that turns a player facing `facing` to direction `d` and steps.
constexpr char move_letter(int facing, int d) { return "FRTL"[(d - facing + 4) & 3]; }

inline constexpr int kGrid = 2 * kMaxMazeSize;  // the frame: rows and columns 0..kGrid-1
inline constexpr int kOrigin = kMaxMazeSize;    // the start square

struct Cell {
  int r = 0;
  int c = 0;
  friend constexpr bool operator==(Cell, Cell) = default;
};
constexpr Cell step(Cell s, int d) { return {s.r + kDr[d], s.c + kDc[d]}; }
constexpr int cell_index(Cell s) { return s.r * kGrid + s.c; }

enum class Edge : std::uint8_t { Unknown = 0, Wall = 1, Open = 2 };

class MazeMemory {
 public:
  explicit MazeMemory(int size = kMazeSize) : size_(size), span_(size - 1) {
    for (auto& e : horizontal_) e.fill(Edge::Unknown);
    for (auto& e : vertical_) e.fill(Edge::Unknown);
    for (auto& f : flags_) f.fill(0);
  }

  Cell position() const { return position_; }
  int facing() const { return facing_; }
  int discovered_count() const { return discovered_count_; }
  int size() const { return size_; }
  int square_count() const { return size_ * size_; }

  Edge edge(Cell s, int d) const {
    switch (d) {
      case 0: return horizontal_[s.r][s.c];
      case 2: return horizontal_[s.r + 1][s.c];
      case 3: return vertical_[s.r][s.c];
      default: return vertical_[s.r][s.c + 1];
    }
  }
  bool discovered(Cell s) const { return in_frame(s) && (flags_[s.r][s.c] & kDiscovered); }
  bool dead_end(Cell s) const { return in_frame(s) && (flags_[s.r][s.c] & kDeadEnd); }
  bool exists(Cell s) const { return in_frame(s) && (flags_[s.r][s.c] & kExists); }

  // Rows (columns) that can still belong to the maze, given the squares known to exist.
  int row_low() const { return row_max_ - span_; }
  int row_high() const { return row_min_ + span_; }
  int col_low() const { return col_max_ - span_; }
  int col_high() const { return col_min_ + span_; }
  bool rows_known() const { return row_max_ - row_min_ == span_; }
  bool cols_known() const { return col_max_ - col_min_ == span_; }
  // True when s can be a square of the maze at all (and lies in the frame).
  bool feasible(Cell s) const {
    return s.r >= row_low() && s.r <= row_high() && s.c >= col_low() && s.c <= col_high() && inside(s);
  }

  // Squares the map may hold: a margin of one all around, so that every edge of them exists.
  static bool inside(Cell s) { return s.r >= 1 && s.c >= 1 && s.r < kGrid - 1 && s.c < kGrid - 1; }

  // The information phase: the four corridor lines of the turn (ahead, right, behind, left),
  // seen from the current position. Applies discovery and inference like the judge.
  // Returns the number of squares newly discovered.
  int see(const std::array<std::string, 4>& corridors) {
    const int before = discovered_count_;
    discover(position_);
    for (int i = 0; i < 4; ++i) {
      const int d = (facing_ + i) & 3;
      Cell s = position_;
      for (const char letter : corridors[i]) {
        if (letter == 'W') {
          set_edge(s, d, Edge::Wall);
          break;
        }
        if (!inside(step(s, d))) break;  // only when told a wrong maze size
        set_edge(s, d, Edge::Open);
        s = step(s, d);
        discover(s);
        const bool left = letter == 'L' || letter == 'B';
        const bool right = letter == 'R' || letter == 'B';
        set_edge(s, turn_left(d), left ? Edge::Open : Edge::Wall);
        set_edge(s, turn_right(d), right ? Edge::Open : Edge::Wall);
        if (left && inside(step(s, turn_left(d)))) discover(step(s, turn_left(d)));
        if (right && inside(step(s, turn_right(d)))) discover(step(s, turn_right(d)));
      }
    }
    infer();
    return discovered_count_ - before;
  }

  // The move phase for a line whose steps all follow known openings (the only kind our bots
  // write): moves, discovers the squares walked over, adds the judge's free `T` when the turn
  // would end on its first square. Returns the number of squares newly discovered.
  // A step into an edge not known to be open stops the walk, as a wall would.
  int walk(const std::string& line) {
    const int before = discovered_count_;
    const Cell start = position_;
    for (const char letter : line) {
      const int d = letter == 'F'   ? facing_
                    : letter == 'R' ? turn_right(facing_)
                    : letter == 'T' ? reverse(facing_)
                                    : turn_left(facing_);
      if (edge(position_, d) != Edge::Open) break;
      position_ = step(position_, d);
      facing_ = d;
      discover(position_);
    }
    if (position_ == start) {  // the free T; the edge behind is always open
      facing_ = reverse(facing_);
      position_ = step(position_, facing_);
      discover(position_);
    }
    return discovered_count_ - before;
  }

  // The squares of the frame worth looking at: those known to exist, plus a margin of one.
  int scan_row_begin() const { return std::max(1, row_min_ - 1); }
  int scan_row_end() const { return std::min(kGrid - 2, row_max_ + 1); }
  int scan_col_begin() const { return std::max(1, col_min_ - 1); }
  int scan_col_end() const { return std::min(kGrid - 2, col_max_ + 1); }

  // Set when an observation contradicted what was known (a bug or a broken judge).
  bool inconsistent() const { return inconsistent_; }

 private:
  static constexpr std::uint8_t kDiscovered = 1, kDeadEnd = 2, kExists = 4;

  static bool in_frame(Cell s) { return s.r >= 0 && s.c >= 0 && s.r < kGrid && s.c < kGrid; }

  // horizontal_[r][c]: the edge above (r, c); vertical_[r][c]: the edge left of (r, c).
  Edge& edge_ref(Cell s, int d) {
    switch (d) {
      case 0: return horizontal_[s.r][s.c];
      case 2: return horizontal_[s.r + 1][s.c];
      case 3: return vertical_[s.r][s.c];
      default: return vertical_[s.r][s.c + 1];
    }
  }

  // The squares known to exist are 4-connected (everything known touches something known), so
  // their rows form one interval: "squares in all 25 rows" is "a span of 25 rows".
  void mark_exists(Cell s) {
    std::uint8_t& f = flags_[s.r][s.c];
    if (f & kExists) return;
    f |= kExists;
    row_min_ = std::min(row_min_, s.r);
    row_max_ = std::max(row_max_, s.r);
    col_min_ = std::min(col_min_, s.c);
    col_max_ = std::max(col_max_, s.c);
  }

  void discover(Cell s) {
    std::uint8_t& f = flags_[s.r][s.c];
    if (!(f & kDiscovered)) {
      f |= kDiscovered;
      ++discovered_count_;
    }
    mark_exists(s);
  }

  // Returns true when the edge changed.
  bool set_edge(Cell s, int d, Edge state) {
    Edge& e = edge_ref(s, d);
    if (e == state) return false;
    if (e != Edge::Unknown) {
      inconsistent_ = true;
      return false;
    }
    e = state;
    if (state == Edge::Open) {
      mark_exists(s);
      mark_exists(step(s, d));
    }
    return true;
  }

  // docs/rules.md §7, applied until nothing changes.
  void infer() {
    for (bool changed = true; changed;) {
      changed = false;
      changed |= infer_corners();
      changed |= infer_dead_ends();
      changed |= infer_outer_walls();
    }
  }

  // §7.1: a grid point with three open edges has a wall as its fourth.
  bool infer_corners() {
    bool changed = false;
    for (int r = scan_row_begin() + 1; r <= scan_row_end(); ++r) {
      for (int c = scan_col_begin() + 1; c <= scan_col_end(); ++c) {
        // The grid point at the top left corner of (r, c).
        Edge* e[4] = {&vertical_[r - 1][c], &vertical_[r][c], &horizontal_[r][c - 1], &horizontal_[r][c]};
        int open = 0;
        Edge* unknown = nullptr;
        for (Edge* x : e) {
          if (*x == Edge::Open)
            ++open;
          else if (*x == Edge::Unknown)
            unknown = x;
        }
        if (open == 3 && unknown) {
          *unknown = Edge::Wall;
          changed = true;
        }
      }
    }
    return changed;
  }

  // §7.2: three edges closed (walls, or openings to dead ends) make a dead end.
  bool infer_dead_ends() {
    bool changed = false;
    for (int r = scan_row_begin(); r <= scan_row_end(); ++r) {
      for (int c = scan_col_begin(); c <= scan_col_end(); ++c) {
        const Cell s{r, c};
        if (dead_end(s) || !feasible(s)) continue;
        int closed = 0;
        for (int d = 0; d < 4; ++d) {
          const Edge e = edge(s, d);
          if (e == Edge::Wall || (e == Edge::Open && dead_end(step(s, d)))) ++closed;
        }
        if (closed < 3) continue;
        flags_[r][c] |= kDeadEnd;
        discover(s);
        for (int d = 0; d < 4; ++d)
          if (edge(s, d) != Edge::Wall) set_edge(s, d, Edge::Open);
        changed = true;
      }
    }
    return changed;
  }

  // §7.3–§7.5: the outer walls, once the known squares span all rows or columns, or once one
  // outer edge is fully known.
  bool infer_outer_walls() {
    bool changed = false;
    if (rows_known()) {  // the top and bottom edges, over every column that can be real
      for (int c = std::max(1, col_low()); c <= std::min(kGrid - 2, col_high()); ++c) {
        changed |= set_edge({row_min_, c}, 0, Edge::Wall);
        changed |= set_edge({row_max_, c}, 2, Edge::Wall);
      }
    }
    if (cols_known()) {
      for (int r = std::max(1, row_low()); r <= std::min(kGrid - 2, row_high()); ++r) {
        changed |= set_edge({r, col_min_}, 3, Edge::Wall);
        changed |= set_edge({r, col_max_}, 1, Edge::Wall);
      }
    }
    // A horizontal line of 25 walls across the whole width can only be an outer edge (the maze
    // is connected); its opposite edge lies 25 rows away on the side with no squares.
    if (cols_known() && !rows_known()) {
      for (int line = scan_row_begin(); line <= scan_row_end() + 1; ++line) {
        bool full = true;
        for (int c = col_min_; c <= col_max_ && full; ++c) full = horizontal_[line][c] == Edge::Wall;
        if (!full) continue;
        if (row_min_ < line && row_max_ >= line) continue;  // squares on both sides: impossible
        const int opposite = row_min_ >= line ? line + size_ : line - size_;
        if (opposite < 0 || opposite > kGrid) continue;
        for (int c = col_min_; c <= col_max_; ++c) {
          if (horizontal_[opposite][c] == Edge::Unknown) horizontal_[opposite][c] = Edge::Wall, changed = true;
        }
      }
    }
    if (rows_known() && !cols_known()) {
      for (int line = scan_col_begin(); line <= scan_col_end() + 1; ++line) {
        bool full = true;
        for (int r = row_min_; r <= row_max_ && full; ++r) full = vertical_[r][line] == Edge::Wall;
        if (!full) continue;
        if (col_min_ < line && col_max_ >= line) continue;
        const int opposite = col_min_ >= line ? line + size_ : line - size_;
        if (opposite < 0 || opposite > kGrid) continue;
        for (int r = row_min_; r <= row_max_; ++r) {
          if (vertical_[r][opposite] == Edge::Unknown) vertical_[r][opposite] = Edge::Wall, changed = true;
        }
      }
    }
    return changed;
  }

  std::array<std::array<Edge, kGrid>, kGrid + 1> horizontal_;
  std::array<std::array<Edge, kGrid + 1>, kGrid> vertical_;
  std::array<std::array<std::uint8_t, kGrid>, kGrid> flags_;
  int size_;
  int span_;  // size_ - 1
  int row_min_ = kOrigin, row_max_ = kOrigin, col_min_ = kOrigin, col_max_ = kOrigin;
  Cell position_{kOrigin, kOrigin};
  int facing_ = 0;
  int discovered_count_ = 0;
  bool inconsistent_ = false;
};

}  // namespace amazes_bot
