// Validation of a maze against docs/rules.md §2, and the figures the generator is tuned on.
#include "amazes/checker.hpp"

#include <string>
#include <vector>

namespace amazes {
namespace {

// How many offending places one rule names before the rest is only counted.
constexpr int kMaxDetailsPerRule = 3;

std::string square_text(Square s) { return std::to_string(s.row + 1) + "," + std::to_string(s.col + 1); }

// Interior grid point (r, c), 1 ≤ r, c ≤ N−1, is the corner shared by squares (r−1, c−1),
// (r−1, c), (r, c−1) and (r, c); in 1-based terms it lies between rows r and r+1 and
// columns c and c+1.
std::string grid_point_text(int r, int c) {
  return "grid point between rows " + std::to_string(r) + "-" + std::to_string(r + 1) + " and columns " +
         std::to_string(c) + "-" + std::to_string(c + 1);
}

// Adds the first few violations of one rule; the last one named also counts the rest.
class RuleReport {
 public:
  RuleReport(MazeRule rule, std::string noun, std::vector<RuleViolation>& out)
      : rule_(rule), noun_(std::move(noun)), out_(out), first_(out.size()) {}
  RuleReport(const RuleReport&) = delete;
  RuleReport& operator=(const RuleReport&) = delete;

  void add(std::string detail) {
    if (count_++ < kMaxDetailsPerRule) out_.push_back({rule_, std::move(detail)});
  }

  ~RuleReport() {
    if (count_ > kMaxDetailsPerRule) {
      out_[first_ + kMaxDetailsPerRule - 1].detail +=
          " (and " + std::to_string(count_ - kMaxDetailsPerRule) + " more " + noun_ + ")";
    }
  }

 private:
  MazeRule rule_;
  std::string noun_;
  std::vector<RuleViolation>& out_;
  std::size_t first_;
  int count_ = 0;
};

// Marks every square reachable from square `from` in `reached`; returns how many it marked.
int reach_from(const Maze& maze, int from, std::vector<char>& reached, std::vector<int>& queue) {
  queue.clear();
  queue.push_back(from);
  reached[static_cast<std::size_t>(from)] = 1;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Square s = maze.square_at(queue[head]);
    for (const Direction d : kAllDirections) {
      if (!maze.is_open(s, d)) continue;
      const int next = maze.index_of(step(s, d));
      if (!reached[static_cast<std::size_t>(next)]) {
        reached[static_cast<std::size_t>(next)] = 1;
        queue.push_back(next);
      }
    }
  }
  return static_cast<int>(queue.size());
}

int connected_parts(const Maze& maze) {
  const int total = maze.square_count();
  std::vector<char> reached(static_cast<std::size_t>(total), 0);
  std::vector<int> queue;
  queue.reserve(static_cast<std::size_t>(total));
  int parts = 0;
  for (int i = 0; i < total; ++i) {
    if (!reached[static_cast<std::size_t>(i)]) {
      reach_from(maze, i, reached, queue);
      ++parts;
    }
  }
  return parts;
}

// Rule 2: breadth-first search from the top left square.
void check_connected(const Maze& maze, std::vector<RuleViolation>& out) {
  const int total = maze.square_count();
  std::vector<char> reached(static_cast<std::size_t>(total), 0);
  std::vector<int> queue;
  queue.reserve(static_cast<std::size_t>(total));
  const int unreachable = total - reach_from(maze, 0, reached, queue);
  if (unreachable == 0) return;
  int first = 0;
  while (reached[first]) ++first;
  out.push_back({MazeRule::Connected, "square " + square_text(maze.square_at(first)) +
                                          " cannot be reached from square 1,1 (" + std::to_string(unreachable) +
                                          " of " + std::to_string(total) + " squares are unreachable)"});
}

// Rule 3: every interior grid point touches at least one wall.
void check_no_open_corner(const Maze& maze, std::vector<RuleViolation>& out) {
  RuleReport report(MazeRule::NoOpenCorner, "open corners", out);
  const int n = maze.size();
  for (int r = 1; r < n; ++r) {
    for (int c = 1; c < n; ++c) {
      const Square top_left{r - 1, c - 1};
      const Square bottom_right{r, c};
      const bool open = maze.is_open(top_left, Direction::East) && maze.is_open(top_left, Direction::South) &&
                        maze.is_open(bottom_right, Direction::West) && maze.is_open(bottom_right, Direction::North);
      if (open) report.add(grid_point_text(r, c) + " has no wall");
    }
  }
}

// Rule 4, literally: more openings than a spanning tree has.
void check_has_loop(const Maze& maze, std::vector<RuleViolation>& out) {
  if (!loop_required(maze.size())) return;
  const int openings = maze.opening_count();
  const int tree = maze.square_count() - 1;
  if (openings > tree) return;
  out.push_back({MazeRule::HasLoop,
                 std::to_string(openings) + " openings, but a loop needs more than N*N-1 = " + std::to_string(tree)});
}

}  // namespace

std::string rule_name(MazeRule rule) {
  switch (rule) {
    case MazeRule::OuterWalls: return "2.1 outer walls";
    case MazeRule::Connected: return "2.2 connected";
    case MazeRule::NoOpenCorner: return "2.3 no open corner";
    case MazeRule::HasLoop: return "2.4 at least one loop";
  }
  return "2.? unknown rule";
}

MazeStatistics maze_statistics(const Maze& maze) {
  MazeStatistics stats;
  stats.size = maze.size();
  stats.openings = maze.opening_count();
  stats.loops = stats.openings - maze.square_count() + connected_parts(maze);
  stats.dead_ends = maze.dead_end_count();
  return stats;
}

std::string describe_violations(const std::vector<RuleViolation>& violations) {
  std::string text;
  for (const auto& violation : violations) {
    if (!text.empty()) text += "; ";
    text += "rule " + rule_name(violation.rule) + ": " + violation.detail;
  }
  return text;
}

std::vector<RuleViolation> check_maze(const Maze& maze) {
  std::vector<RuleViolation> violations;
  check_connected(maze, violations);
  check_no_open_corner(maze, violations);
  check_has_loop(maze, violations);
  return violations;
}

}  // namespace amazes
