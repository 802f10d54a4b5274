#include "amazes/game.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>

#include "amazes/starts.hpp"
#include "amazes/view.hpp"

namespace amazes {

namespace {

constexpr std::array<std::string_view, 6> kFaultNames = {"crash",    "timeout",     "illegal",
                                                         "too_long", "unsolicited", "no_output"};

// A single '\r' before the '\n' is tolerated and not counted (docs/rules.md §4.2.1).
std::string_view without_cr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

void check_start(const Maze& maze, const Start& start, std::string_view who) {
  if (!maze.contains(start.square)) {
    throw std::invalid_argument(std::string(who) + " start " + format_start(start) + " is outside the maze");
  }
  // The free extra `T` relies on the edge behind the player being open (docs/rules.md §3, §4.2.4).
  if (maze.is_wall(start.square, reverse(start.facing))) {
    throw std::invalid_argument(std::string(who) + " start " + format_start(start) + " has a wall behind it");
  }
}

}  // namespace

std::string_view fault_name(FaultKind kind) { return kFaultNames[static_cast<int>(kind)]; }

std::optional<FaultKind> fault_from_name(std::string_view name) {
  for (const FaultKind kind : kAllFaultKinds) {
    if (fault_name(kind) == name) return kind;
  }
  return std::nullopt;
}

std::optional<FaultKind> classify_line(std::string_view line) {
  const std::string_view moves = without_cr(line);
  if (moves.size() > static_cast<std::size_t>(kMaxLineLength)) return FaultKind::TooLong;  // wins over illegal
  if (moves.empty()) return FaultKind::Illegal;
  for (const char c : moves) {
    if (c != 'F' && c != 'T' && c != 'L' && c != 'R') return FaultKind::Illegal;
  }
  return std::nullopt;
}

Game::Game(Maze maze, Starts starts, GameSettings settings)
    : maze_(std::move(maze)),
      starts_(starts),
      settings_(settings),
      knowledge_{Knowledge(maze_.size()), Knowledge(maze_.size())},
      position_{starts.red, starts.blue} {
  check_start(maze_, starts_.red, "red");
  check_start(maze_, starts_.blue, "blue");
  if (settings_.turns <= 0) {
    end_ = GameEnd::Normal;
    return;
  }
  results_.reserve(2 * static_cast<std::size_t>(settings_.turns));
  begin_turn();
}

int Game::turn() const { return turns_played_[index_of(to_move_)] + 1; }

int Game::score(Color c) const {
  if (fault_[index_of(c)]) return 0;
  return std::clamp(points_[index_of(c)], 0, kMaxScore);
}

// The information phase of the player to move (docs/rules.md §4.1): discovery and inference
// with their points, then the lines to write. A taken-over player is written nothing but
// still looks around.
void Game::begin_turn() {
  const int me = index_of(to_move_);
  const int them = 1 - me;
  const View view = compute_view(maze_, position_[me], position_[them].square);
  const std::span<const int> fresh = knowledge_[me].observe(position_[me].square, view);
  pending_discovered_ = static_cast<int>(fresh.size());
  pending_first_ = 0;
  for (const int square : fresh) {
    if (!knowledge_[them].discovered(square)) ++pending_first_;
  }
  points_[me] += pending_discovered_ + pending_first_;

  if (taken_over(to_move_)) {
    input_.clear();
    return;
  }
  // Reuse the strings of the previous turn: no allocation once they have grown.
  const bool with_start = to_move_ == Color::Red && turns_played_[me] == 0;
  input_.resize(with_start ? 6 : 5);
  std::size_t line = 0;
  if (with_start) input_[line++].assign("Start");
  for (const Corridor& corridor : view.corridors) input_[line++].assign(corridor.line());
  char digits[16];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, view.distance2);
  input_[line].assign(digits, end);
}

const TurnResult& Game::play(std::string_view line) {
  require_playable(false);
  if (const auto fault = classify_line(line)) return play_fault(*fault);
  return execute(without_cr(line), TurnResult{});
}

const TurnResult& Game::play_fault(FaultKind kind) {
  require_playable(false);
  const int me = index_of(to_move_);
  TurnResult result;
  result.substituted = true;
  result.fault = kind;
  fault_[me] = kind;
  fault_turn_[me] = turn();
  return execute("T", std::move(result));
}

const TurnResult& Game::play_substitute() {
  require_playable(true);
  TurnResult result;
  result.substituted = true;
  return execute("T", std::move(result));
}

void Game::require_playable(bool taken_over_expected) const {
  if (over()) throw std::logic_error("the game is over");
  if (taken_over(to_move_) != taken_over_expected) {
    throw std::logic_error(taken_over_expected ? "play_substitute() for a player that is not taken over"
                                               : "a taken-over player must be played with play_substitute()");
  }
}

// The move phase (docs/rules.md §4.2) of a legal or substituted line, then the hand-over to the
// next player's information phase.
const TurnResult& Game::execute(std::string_view played, TurnResult result) {
  const int me = index_of(to_move_);
  result.turn = turns_played_[me] + 1;
  result.player = to_move_;
  result.played.assign(played);
  result.cost = static_cast<int>(played.size());

  const Discoveries found = walk(played, result);
  points_[me] += found.discovered + found.first - result.cost;
  result.discovered = pending_discovered_ + found.discovered;
  result.first = pending_first_ + found.first;
  settle_catch(result);
  result.pos = position_[me];
  result.points = points_[me];
  ++turns_played_[me];
  results_.push_back(std::move(result));
  hand_over();
  return results_.back();
}

// Moves the player along `played` until a wall, then takes the free extra T if it did not move.
Game::Discoveries Game::walk(std::string_view played, TurnResult& result) {
  const int me = index_of(to_move_);
  Start& at = position_[me];
  Knowledge& mine = knowledge_[me];
  const Knowledge& theirs = knowledge_[1 - me];
  Discoveries found;
  auto enter = [&](Direction d) {
    at.square = step(at.square, d);
    at.facing = d;
    if (mine.walk_onto(at.square)) {
      ++found.discovered;
      if (!theirs.discovered(at.square)) ++found.first;  // the opponent's knowledge right now
    }
  };

  const Square start = at.square;
  for (const char letter : played) {
    const Direction d = *apply_move_letter(at.facing, letter);
    if (maze_.is_wall(at.square, d)) break;  // this step and all later ones are dropped
    enter(d);
    ++result.steps_done;
  }
  // The edge behind is always open here (the start faces away from an open edge, and every
  // turn ends facing away from the edge just crossed), so the free extra T always moves.
  if (at.square == start && maze_.is_open(at.square, reverse(at.facing))) {
    enter(reverse(at.facing));
    result.extra_t = true;
  }
  return found;
}

// A mover that ends on the opponent's square catches it: the bonus, or sudden death when the
// mover has discovered every square (docs/rules.md §9).
void Game::settle_catch(TurnResult& result) {
  const int me = index_of(to_move_);
  const int them = 1 - me;
  if (position_[me].square != position_[them].square) return;
  result.caught = true;
  if (knowledge_[me].all_discovered()) {
    result.sudden_death = true;
    points_[me] *= 2;
    points_[them] = 0;
    end_ = GameEnd::SuddenDeath;
  } else {
    points_[me] += kCatchBonus;
  }
}

// Ends the game after both players' last turn, or starts the opponent's information phase.
void Game::hand_over() {
  if (!end_) {
    if (turns_played_[0] >= settings_.turns && turns_played_[1] >= settings_.turns) {
      end_ = GameEnd::Normal;
    } else {
      to_move_ = opponent(to_move_);
      begin_turn();
    }
  }
  if (end_) input_.clear();
}

}  // namespace amazes
