#pragma once
// What one player knows about the maze, in absolute coordinates (docs/rules.md §6, §7):
// discovered squares, dead-end squares, squares that exist, and the state of every edge.
// The judge keeps one per player; it never looks at the true maze, only at what the
// player was shown (a View) and where the player walked.
//
// Inference (§7) is a worklist: every fact that changes queues exactly the places whose
// rule could now fire (an edge: its two squares and its two grid points; a new dead end:
// its neighbours; row, column and outer-side counters for the global rules), so an
// information phase costs what it changes, not a sweep of the board. All rules only add
// knowledge and their conditions only grow with it, so the fixed point does not depend on
// the order in which the worklist is processed.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "amazes/direction.hpp"
#include "amazes/maze.hpp"
#include "amazes/view.hpp"

namespace amazes {

enum class EdgeState : std::uint8_t { Unknown = 0, Wall = 1, Opening = 2 };

class Knowledge {
 public:
  // An empty knowledge of size 0 (a placeholder to assign to).
  Knowledge() = default;
  // Nothing known about an N×N maze.
  explicit Knowledge(int size);

  int size() const { return size_; }
  int square_count() const { return size_ * size_; }

  bool discovered(Square s) const { return (square_[index(s)] & kDiscovered) != 0; }
  bool dead_end(Square s) const { return (square_[index(s)] & kDeadEnd) != 0; }
  // Discovered, or an end of a discovered opening (§6).
  bool exists(Square s) const { return (square_[index(s)] & kExists) != 0; }
  bool discovered(int square_index) const { return (square_[square_index] & kDiscovered) != 0; }

  // Edge ids are those of Maze::edge_id for a maze of the same size.
  EdgeState edge(int edge_id) const { return static_cast<EdgeState>(edge_[edge_id]); }
  EdgeState edge(Square s, Direction d) const { return edge(edge_id(s, d)); }
  int edge_count() const { return static_cast<int>(edge_.size()); }

  int discovered_count() const { return discovered_count_; }
  bool all_discovered() const { return discovered_count_ == square_count(); }
  int dead_end_count() const { return dead_end_count_; }

  // The information phase: applies what the player sees standing on `from` (§6.1), then
  // the inference rules to a fixed point (§7). Returns the squares (Maze::index_of)
  // newly discovered by this phase, in order of discovery; valid until the next change.
  std::span<const int> observe(Square from, const View& view);

  // The move phase: the player entered `s` (§6.2). Discovers it (no edges, no inference:
  // walked squares feed the inference at the next information phase). True when new.
  bool walk_onto(Square s);

  // Building blocks of the two phases above, public so that tests can set up a position
  // by hand. Each discovery they make is appended to discoveries().
  void see(Square from, const View& view);                  // §6.1 only; throws std::logic_error
                                                            // for a corridor that leaves the board
  bool discover(Square s);                                  // true when new
  bool learn_edge(Square s, Direction d, EdgeState state);  // true when it was unknown
  void infer();                                             // §7 to a fixed point
  std::span<const int> discoveries() const { return discoveries_; }
  void clear_discoveries() { discoveries_.clear(); }

  // Geometry shared with Maze (same numbering, so knowledge and maze line up).
  int edge_id(Square s, Direction d) const;

  friend bool operator==(const Knowledge&, const Knowledge&);

 private:
  static constexpr std::uint8_t kDiscovered = 1;
  static constexpr std::uint8_t kDeadEnd = 2;
  static constexpr std::uint8_t kExists = 4;

  int index(Square s) const { return s.row * size_ + s.col; }
  int horizontal_edges() const { return (size_ + 1) * size_; }

  bool discover_index(int square);
  void mark_exists(int square);
  bool learn(int edge, EdgeState state);
  void learn_outer_side(Direction side);

  void check_square(int square);  // §7.2
  void check_point(int point);    // §7.1, point = i·(N+1) + j
  bool apply_global_rules();      // §7.3–§7.5; true when something was learnt

  int size_ = 0;
  std::vector<std::uint8_t> square_;  // kDiscovered | kDeadEnd | kExists per square
  std::vector<std::uint8_t> edge_;    // EdgeState per edge
  int discovered_count_ = 0;
  int dead_end_count_ = 0;

  // §7.3/§7.4: existing squares per row and column, and how many rows/columns have one.
  std::array<std::uint8_t, kMaxMazeSize> row_exists_{};
  std::array<std::uint8_t, kMaxMazeSize> col_exists_{};
  int rows_covered_ = 0;
  int cols_covered_ = 0;
  bool rows_applied_ = false;
  bool cols_applied_ = false;
  // §7.5: discovered walls on each outer side (indexed by the Direction that faces out).
  std::array<int, 4> side_walls_{};
  std::array<bool, 4> side_applied_{};

  std::vector<int> square_work_;  // squares whose dead-end rule may now fire
  std::vector<int> point_work_;   // grid points whose corner rule may now fire
  std::vector<int> discoveries_;  // squares discovered since clear_discoveries()
};

}  // namespace amazes
