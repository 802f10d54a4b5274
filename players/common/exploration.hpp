#pragma once
// Choosing where to walk: the exploring part of the sample bots "explorer" and "hunter".
//
// Every turn costs at least one point (one letter), and the information phase at the start of the
// next turn is free: everything visible from where this turn ends is discovered then. So a turn is
// worth what it discovers on the way and at its end (the expected view from the end square), less
// its letters beyond the first. The planner runs a breadth-first search over the openings it
// knows, values every square it can reach that way, looks one turn further for the best few, and
// writes the path to the best one as one line. When nothing near is worth its steps, it heads for
// the best prospect further away.
//
// Expected view: the corridors from a square are followed in the four directions through known
// openings and, with an estimated probability, through edges not known yet; every square not
// discovered yet that would come into view counts with the probability of seeing it. A square
// discovered first is worth 2 points, 1 otherwise; the bot cannot know what the opponent has
// seen, so it counts 1 + first_bonus × (the share of the maze it has not discovered itself).
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "maze_memory.hpp"

namespace amazes_bot {

struct ExplorerParams {
  double open_probability = 0.541;  // the base chance that an edge not known yet is open
  double step_cost = 1.0;           // what one more letter costs, in points
  double min_probability = 0.03;    // squares seen less likely than this are not counted
  double first_bonus = 1.0;         // weight of the first-discovery bonus estimate
  int lookahead = 8;                // how many of the best squares get a look one turn further
  int lookahead_radius = 24;        // how far that look goes
  double future_weight = 0.5;       // weight of the turn after
  double travel_threshold = 0.5;    // below this immediate score, head for the best prospect
  double travel_step = 0.5;         // how much a prospect loses per step of distance
  double travel_ratio = 1.0;        // > 0: rank prospects by value / (distance + this)
  int travel_steps = 5;             // steps per turn when heading for a prospect (then look again)
};

class Explorer {
 public:
  explicit Explorer(ExplorerParams params = {}) : params_(params) {}

  ExplorerParams& params() { return params_; }

  // Extra value a caller may add to ending the turn on some squares (the hunter's catch).
  using Bonus = std::vector<std::pair<Cell, double>>;

  // Per square, the chance that the opponent has not discovered it yet (the first-discovery
  // bonus), when the caller knows better than the uniform estimate; nullptr for the estimate.
  using FirstChance = std::array<float, kGrid * kGrid>;
  void set_first_chance(const FirstChance* chance) { first_chance_ = chance; }

  // The line for this turn. `turns_left` counts this turn: 1 on the last turn, when the view
  // from the end square will never come.
  std::string plan(const MazeMemory& memory, int turns_left, const Bonus& bonus = {}) {
    search(memory, memory.position(), dist_, from_, order_, kMaxLineLength);
    const double uniform = 1.0 - static_cast<double>(memory.discovered_count()) / memory.square_count();
    for (int i = 0; i < kCells; ++i) {
      const double first = first_chance_ ? (*first_chance_)[i] : uniform;
      value_[i] = static_cast<float>(1.0 + params_.first_bonus * first);
    }
    const bool view_comes = turns_left > 1;

    // The immediate value of ending this turn on each square: what the walk and the next view
    // discover, less the letters beyond the first (a turn costs at least one anyway).
    candidates_.clear();
    for (const Cell s : order_) {
      if (s == memory.position()) continue;  // ending there would add the judge's T
      const double gain = view_comes ? expected_view(memory, s, true) : path_news(memory, s);
      double score = gain - params_.step_cost * (dist_[cell_index(s)] - 1);
      for (const auto& [cell, value] : bonus)
        if (cell == s) score += value;
      candidates_.push_back({score, s});
    }
    if (candidates_.empty()) return "T";  // cannot happen: the square behind is always open
    std::stable_sort(candidates_.begin(), candidates_.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });

    // Nothing near is worth its steps: walk towards the best prospect further away.
    if (view_comes && candidates_.front().first < params_.travel_threshold) {
      Cell target{-1, -1};
      double target_score = 0.0;
      for (const Cell s : order_) {
        if (s == memory.position()) continue;
        const double view = expected_view(memory, s, false);
        const int d = dist_[cell_index(s)];
        const double score =
            params_.travel_ratio > 0 ? view / (d + params_.travel_ratio) : view - params_.travel_step * d;
        if (view > 0.5 && (target.r < 0 || score > target_score)) target_score = score, target = s;
      }
      if (target.r >= 0) return path_to(memory, target, params_.travel_steps);
    }

    // Look one turn further for the best few: what is left to see after their view.
    Cell best = candidates_.front().second;
    if (turns_left > 2 && params_.lookahead > 0) {
      double best_total = -1e18;
      const int count = std::min<int>(params_.lookahead, static_cast<int>(candidates_.size()));
      for (int i = 0; i < count; ++i) {
        const auto [score, s] = candidates_[i];
        const double total = score + params_.future_weight * next_turn_value(memory, s);
        if (total > best_total) best_total = total, best = s;
      }
    }
    return path_to(memory, best, kMaxLineLength);
  }

 private:
  static constexpr int kCells = kGrid * kGrid;
  using Dist = std::array<int, kCells>;
  using From = std::array<std::uint8_t, kCells>;

  // Breadth-first search from `start` over known openings, up to `radius` steps: dist (-1 when
  // not reached), from (the direction of the last step) and order (squares by distance).
  static void search(const MazeMemory& memory, Cell start, Dist& dist, From& from, std::vector<Cell>& order,
                     int radius) {
    dist.fill(-1);
    order.clear();
    dist[cell_index(start)] = 0;
    order.push_back(start);
    for (std::size_t i = 0; i < order.size(); ++i) {
      const Cell s = order[i];
      if (dist[cell_index(s)] >= radius) continue;
      for (int d = 0; d < 4; ++d) {
        if (memory.edge(s, d) != Edge::Open) continue;
        const Cell t = step(s, d);
        if (dist[cell_index(t)] >= 0) continue;
        dist[cell_index(t)] = dist[cell_index(s)] + 1;
        from[cell_index(t)] = static_cast<std::uint8_t>(d);
        order.push_back(t);
      }
    }
  }

  // The chance that the edge of s in direction d is open.
  double open_chance(const MazeMemory& memory, Cell s, int d) const {
    switch (memory.edge(s, d)) {
      case Edge::Open: return 1.0;
      case Edge::Wall: return 0.0;
      default: break;
    }
    const Cell t = step(s, d);
    if (!memory.feasible(t)) return 0.0;
    // What both squares of the edge say, combined as independent evidence (log-odds).
    const double ps = side_chance(memory, s), pt = side_chance(memory, t);
    const double base = kBaseOpen / (1 - kBaseOpen);
    const double odds =
        (ps / (1 - ps)) * (pt / (1 - pt)) / base * (params_.open_probability / (1 - params_.open_probability)) / base;
    return odds / (1 + odds);
  }

  // The chance that an unknown edge of s is open, from what is known of its other edges and how
  // many openings squares have in the official mazes (1: 23%, 2: 44%, 3: 27%, 4: 6%), taking
  // the open edges of a square as a random subset of its four edges.
  static double side_chance(const MazeMemory& memory, Cell s) {
    int open = 0, wall = 0;
    for (int d = 0; d < 4; ++d) {
      const Edge e = memory.edge(s, d);
      open += e == Edge::Open;
      wall += e == Edge::Wall;
    }
    static constexpr double kTable[4][4] = {
        {0.541, 0.591, 0.695, 0.95}, {0.498, 0.520, 0.561, 0.5}, {0.476, 0.481, 0.5, 0.5}, {0.471, 0.5, 0.5, 0.5}};
    return open + wall >= 4 ? 0.5 : kTable[open][wall];
  }
  static constexpr double kBaseOpen = 0.541;

  // Counts square s as seen with probability p (once per evaluation, at its highest
  // probability), at its value in points. Squares that the previous turn's view (the cover) may
  // show count only for the chance that it does not.
  void count(const MazeMemory& memory, Cell s, double p, double& sum) {
    if (memory.discovered(s)) return;
    const int i = cell_index(s);
    if (stamp_[i] != epoch_) stamp_[i] = epoch_, seen_[i] = 0.0, touched_.push_back(s);
    if (p <= seen_[i]) return;
    double add = p - seen_[i];
    seen_[i] = p;
    if (cover_stamp_[i] == cover_epoch_) add *= 1.0 - cover_[i];
    sum += add * value_[i];
  }

  // The expected value of the new squares in view from s. With `with_path`, the squares on the
  // search path to s count too (walked over: certain).
  double expected_view(const MazeMemory& memory, Cell s, bool with_path) {
    ++epoch_;
    touched_.clear();
    double sum = 0.0;
    if (with_path) {
      for (Cell x = s; !(x == memory.position()); x = step(x, reverse(from_[cell_index(x)])))
        count(memory, x, 1.0, sum);
    }
    count(memory, s, 1.0, sum);
    for (int d = 0; d < 4; ++d) {
      double p = 1.0;
      Cell x = s;
      for (;;) {
        p *= open_chance(memory, x, d);
        if (p < params_.min_probability) break;
        x = step(x, d);
        count(memory, x, p, sum);
        for (const int side : {turn_left(d), turn_right(d)}) {
          const double ps = p * open_chance(memory, x, side);
          if (ps >= params_.min_probability) count(memory, step(x, side), ps, sum);
        }
      }
    }
    return sum;
  }

  // New squares walked over on the way to s (the last turn: no view follows).
  double path_news(const MazeMemory& memory, Cell s) {
    ++epoch_;
    touched_.clear();
    double sum = 0.0;
    for (Cell x = s; !(x == memory.position()); x = step(x, reverse(from_[cell_index(x)]))) count(memory, x, 1.0, sum);
    return sum;
  }

  // The best immediate score of the turn after one that ends on s, when what this turn's walk and
  // view may show counts as seen.
  double next_turn_value(const MazeMemory& memory, Cell s) {
    expected_view(memory, s, true);
    ++cover_epoch_;
    for (const Cell x : touched_) {
      cover_[cell_index(x)] = seen_[cell_index(x)];
      cover_stamp_[cell_index(x)] = cover_epoch_;
    }
    search(memory, s, dist2_, from2_, order2_, params_.lookahead_radius);
    double best = 0.0;
    for (const Cell q : order2_) {
      if (q == s) continue;
      const double gain = expected_view(memory, q, false);
      best = std::max(best, gain - params_.step_cost * (dist2_[cell_index(q)] - 1));
    }
    ++cover_epoch_;  // no cover outside this function
    return best;
  }

  // The line that walks the search path to s, at most `limit` steps of it.
  std::string path_to(const MazeMemory& memory, Cell s, int limit) const {
    std::vector<int> dirs;
    for (Cell x = s; !(x == memory.position()); x = step(x, reverse(from_[cell_index(x)])))
      dirs.push_back(from_[cell_index(x)]);
    std::reverse(dirs.begin(), dirs.end());
    if (static_cast<int>(dirs.size()) > limit) dirs.resize(limit);
    std::string line;
    int facing = memory.facing();
    for (const int d : dirs) {
      line += move_letter(facing, d);
      facing = d;
    }
    return line;
  }

  ExplorerParams params_;
  std::array<float, kCells> value_{};  // points for discovering each square
  const FirstChance* first_chance_ = nullptr;
  Dist dist_{}, dist2_{};
  From from_{}, from2_{};
  std::vector<Cell> order_, order2_;
  std::vector<std::pair<double, Cell>> candidates_;
  std::array<double, kCells> seen_{};
  std::array<std::uint32_t, kCells> stamp_{};
  std::uint32_t epoch_ = 0;
  std::vector<Cell> touched_;
  std::array<double, kCells> cover_{};
  std::array<std::uint32_t, kCells> cover_stamp_{};
  std::uint32_t cover_epoch_ = 1;
};

}  // namespace amazes_bot
