#pragma once
// The data an HTML replay plays back (format "amazes-replay/1"): the true maze, the players,
// and per turn of the log what was written and played, the points, the squares walked, and what
// the mover learnt that turn as the judge kept it: the difference of its knowledge before and
// after the turn, taken from the rules engine replaying the log (the replay `amazes log show`
// uses). The page only accumulates these differences; it never applies a rule itself.
//
// Squares are Maze::index_of numbers (row · N + col, 0-based), edges Maze::edge_id numbers:
// first the (N+1)·N horizontal edges (above row r, column c: r·N + c), then the N·(N+1)
// vertical ones (left of row r, column c: (N+1)·N + r·(N+1) + c).
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/knowledge.hpp"

namespace amazes::report {

inline constexpr const char* kReplayDataFormat = "amazes-replay/1";

// The log disagrees with the rules engine; what() is the engine's one line, e.g.
// "turn 12 (blue): points 40 in the log, the rules give 41".
class ReplayMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a player learnt in one turn (both phases): the facts of Knowledge that became true, each
// list in increasing order.
struct KnowledgeDelta {
  std::vector<int> discovered;  // newly discovered squares
  std::vector<int> first;       // of which the opponent had not discovered (first discoveries)
  std::vector<int> exists;      // newly known to exist (discovered, or the end of a known opening)
  std::vector<int> dead_ends;   // newly known dead ends
  std::vector<int> walls;       // edges newly known as walls
  std::vector<int> openings;    // edges newly known as openings
};

// What `after` knows that `before` did not; `opponent` decides which discoveries were first.
KnowledgeDelta knowledge_delta(const Knowledge& before, const Knowledge& after, const Knowledge& opponent);

// An Amazes game's record (checked_replay). Throws ReplayMismatch when the log disagrees with the
// rules engine.
nlohmann::ordered_json replay_data(const arbiter::MatchRecord& record);

}  // namespace amazes::report
