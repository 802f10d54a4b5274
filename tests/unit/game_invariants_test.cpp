// Invariants over thousands of random games played in-process: random mazes (connected, no
// open corner, with loops), random starts, random legal lines with now and then an illegal
// or too long line or a fault from the driver. After every turn the record is checked
// against an independent replay of the move and against the knowledge; at the end the
// knowledge of both players is checked against the true maze.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "amazes/game.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"
#include "amazes/view.hpp"
#include "support/knowledge_checks.hpp"
#include "support/random_maze.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

struct Tally {
  int games = 0;
  int turns = 0;
  int catches = 0;
  int sudden_deaths = 0;
  int faults = 0;
  int extra_ts = 0;
  int dead_ends = 0;
  int outer_rules = 0;
};

// What a batch of games exercised, for the test's output.
void print(const Tally& t) {
  std::printf("games %d turns %d catches %d sudden deaths %d faults %d extra T %d dead ends %d outer %d\n", t.games,
              t.turns, t.catches, t.sudden_deaths, t.faults, t.extra_ts, t.dead_ends, t.outer_rules);
}

std::string random_move(Rng& rng) {
  const int kind = rng.below(100);
  if (kind < 70) return testing::random_line(rng, 8);
  if (kind < 95) return testing::random_line(rng, 40);
  return testing::random_line(rng, 256);
}

// What the driver does on one turn: mostly legal lines, sometimes a fault. `line`: the line
// the player wrote, if it wrote one.
const TurnResult& play_random_turn(Game& game, Rng& rng, std::optional<std::string>& line) {
  line.reset();
  if (game.taken_over(game.to_move())) return game.play_substitute();
  const int kind = rng.below(1000);
  if (kind < 3)
    line = testing::random_line(rng, 256) + "x";  // illegal character
  else if (kind < 5)
    line = std::string(257 + rng.below(10), 'F');  // too long
  else if (kind < 7)
    line = "";
  else if (kind < 10)
    return game.play_fault(kAllFaultKinds[rng.below(2)]);  // crash or timeout
  else if (kind < 12)
    return game.play_fault(FaultKind::Unsolicited);
  else {
    // Half random letters (mostly stopped by a wall), half explorers walking through openings.
    line = rng.below(2) == 0 ? random_move(rng)
                             : testing::walking_line(game.maze(), game.position(game.to_move()), rng,
                                                     1 + rng.below(2 * game.maze().size()));
    if (rng.below(20) == 0) *line += '\r';
  }
  return game.play(*line);
}

// Plays one game and checks every turn. `deep` adds the O(N²) checks after every turn.
void play_and_check(const Maze& maze, const Starts& starts, int turns, Rng& rng, bool deep, Tally& tally) {
  const auto bridges = testing::bridge_edges(maze);
  Game game(maze, starts, {.turns = turns});
  const int squares = maze.square_count();
  std::array<std::vector<char>, 2> seen{std::vector<char>(squares, 0), std::vector<char>(squares, 0)};
  std::array<int, 2> count_before{0, 0};
  std::array<int, 2> points_before{0, 0};
  std::array<int, 2> firsts{0, 0};
  std::array<Start, 2> where{starts.red, starts.blue};

  while (!game.over()) {
    const Color me = game.to_move();
    const int i = index_of(me);
    const int them = 1 - i;
    const std::vector<std::string> input = game.input();
    const bool was_taken_over = game.taken_over(me);
    // The information phase has been applied: check the lines written.
    if (was_taken_over) {
      ASSERT_TRUE(input.empty());
    } else {
      const bool first_of_red = me == Color::Red && game.turn() == 1;
      ASSERT_EQ(input.size(), first_of_red ? 6u : 5u);
      if (first_of_red) {
        ASSERT_EQ(input[0], "Start");
      }
      const View view = compute_view(maze, where[i], where[them].square);
      for (const Relative r : kCorridorOrder) {
        ASSERT_EQ(input[(first_of_red ? 1 : 0) + static_cast<int>(r)], view.corridor(r).line());
      }
      ASSERT_EQ(input.back(), std::to_string(squared_distance(where[i].square, where[them].square)));
    }
    if (deep) {
      ASSERT_EQ(testing::fixed_point_problem(game.knowledge(me)), "");
      ASSERT_EQ(testing::knowledge_problem(maze, game.knowledge(me), bridges), "");
    }
    // The opponent's knowledge during this turn (play() goes on into the opponent's
    // information phase before it returns).
    std::vector<char> theirs_now;
    if (deep) {
      for (int s = 0; s < squares; ++s) theirs_now.push_back(game.knowledge(opponent(me)).discovered(s));
    }

    std::optional<std::string> line;
    const TurnResult record = play_random_turn(game, rng, line);
    ++tally.turns;

    // The record describes this turn of this player.
    ASSERT_EQ(record.player, me);
    ASSERT_EQ(record.turn, static_cast<int>(std::count_if(game.results().begin(), game.results().end(),
                                                          [&](const TurnResult& r) { return r.player == me; })));
    if (record.fault) ++tally.faults;
    ASSERT_EQ(record.substituted, was_taken_over || record.fault.has_value());
    if (record.substituted) {
      ASSERT_EQ(record.played, "T");
      ASSERT_EQ(record.cost, 1);
    } else {
      ASSERT_EQ(line.value_or("?").substr(0, record.played.size()), record.played);
      ASSERT_EQ(record.cost, static_cast<int>(record.played.size()));
    }
    ASSERT_EQ(game.taken_over(me), was_taken_over || record.fault.has_value());

    // An independent replay of the move phase.
    Start at = where[i];
    const Square start = at.square;
    int steps = 0;
    for (const char letter : record.played) {
      const Direction d = *apply_move_letter(at.facing, letter);
      if (maze.is_wall(at.square, d)) break;
      at = {step(at.square, d), d};
      ++steps;
    }
    const bool extra_t = at.square == start;
    if (extra_t) {
      ASSERT_TRUE(maze.is_open(at.square, reverse(at.facing)));  // always possible
      at = {step(at.square, reverse(at.facing)), reverse(at.facing)};
      ++tally.extra_ts;
    }
    ASSERT_EQ(record.steps_done, steps);
    ASSERT_EQ(record.extra_t, extra_t);
    ASSERT_EQ(record.pos, at);
    ASSERT_EQ(game.position(me), at);
    where[i] = at;

    // Discoveries: the count is the growth of the knowledge (so no square counts twice), and
    // "first" counts exactly the new squares the opponent had not discovered.
    const Knowledge& mine = game.knowledge(me);
    ASSERT_EQ(record.discovered, mine.discovered_count() - count_before[i]);
    count_before[i] = mine.discovered_count();
    if (deep) {
      int first = 0;
      for (int s = 0; s < squares; ++s) {
        if (!seen[i][s] && mine.discovered(s)) {
          seen[i][s] = 1;
          first += !theirs_now[s];
        }
      }
      ASSERT_EQ(record.first, first);
    }
    firsts[i] += record.first;

    // Points: the sum of the parts of this turn.
    const bool caught = at.square == where[them].square;
    ASSERT_EQ(record.caught, caught);
    ASSERT_EQ(record.sudden_death, caught && mine.all_discovered());
    int expected = points_before[i] + record.discovered + record.first - record.cost;
    if (caught && !record.sudden_death) expected += kCatchBonus;
    if (record.sudden_death) expected *= 2;
    ASSERT_EQ(record.points, expected);
    ASSERT_EQ(game.points(me), record.points);
    points_before[i] = record.points;
    tally.catches += caught;
    if (record.sudden_death) {
      ++tally.sudden_deaths;
      ASSERT_TRUE(game.over());
      ASSERT_EQ(game.end(), GameEnd::SuddenDeath);
      ASSERT_EQ(game.points(opponent(me)), 0);
      points_before[them] = 0;
    }
  }

  // The end: normal after both players' turns, or a sudden death on the last record.
  const auto& records = game.results();
  if (game.end() == GameEnd::Normal) {
    ASSERT_EQ(records.size(), 2u * turns);
  } else {
    ASSERT_TRUE(records.back().sudden_death);
  }
  for (const Color c : {Color::Red, Color::Blue}) {
    const int i = index_of(c);
    ASSERT_EQ(game.points(c), points_before[i]);
    const int expected_score = game.fault(c) ? 0 : std::clamp(game.points(c), 0, 1000);
    ASSERT_EQ(game.score(c), expected_score);
    ASSERT_EQ(testing::knowledge_problem(maze, game.knowledge(c), bridges), "");
    tally.dead_ends += game.knowledge(c).dead_end_count();
    tally.outer_rules += game.knowledge(c).edge({0, 0}, Direction::North) == EdgeState::Wall;
  }
  // The first-discovery bonus went once to every square anybody discovered.
  int discovered_by_anyone = 0;
  for (int s = 0; s < squares; ++s) {
    discovered_by_anyone += game.knowledge(Color::Red).discovered(s) || game.knowledge(Color::Blue).discovered(s);
  }
  ASSERT_EQ(firsts[0] + firsts[1], discovered_by_anyone);
  ++tally.games;
}

TEST(GameInvariants, SmallMazesDeepChecks) {
  Rng rng(20100101);
  Tally tally;
  for (int g = 0; g < 2500; ++g) {
    const int n = 2 + rng.below(9);  // 2..10
    const Maze maze = testing::random_test_maze(rng, n, 1 + rng.below(n));
    const Starts starts = testing::random_test_starts(maze, rng);
    play_and_check(maze, starts, 1 + rng.below(60), rng, true, tally);
    if (::testing::Test::HasFatalFailure()) {
      ADD_FAILURE() << "game " << g << " (size " << n << ")";
      return;
    }
  }
  print(tally);
  EXPECT_EQ(tally.games, 2500);
  EXPECT_GT(tally.catches, 100);
  EXPECT_GT(tally.sudden_deaths, 20);
  EXPECT_GT(tally.faults, 100);
  EXPECT_GT(tally.extra_ts, 1000);
  EXPECT_GT(tally.dead_ends, 1000);
  EXPECT_GT(tally.outer_rules, 500);
}

TEST(GameInvariants, FullSizeGames) {
  Rng rng(625);
  Tally tally;
  for (int g = 0; g < 150; ++g) {
    const Maze maze = testing::random_test_maze(rng, 25, 40 + rng.below(30));
    const Starts starts = testing::random_test_starts(maze, rng);
    play_and_check(maze, starts, kDefaultTurns, rng, g < 10, tally);
    if (::testing::Test::HasFatalFailure()) {
      ADD_FAILURE() << "game " << g;
      return;
    }
  }
  print(tally);
  EXPECT_EQ(tally.games, 150);
  EXPECT_GT(tally.dead_ends, 10000);
  EXPECT_GT(tally.outer_rules, 100);
  EXPECT_GT(tally.faults, 50);
}

// The project's generator (docs/rules.md §2 mazes, official loop density) and official starts.
TEST(GameInvariants, GeneratedMazes) {
  Rng rng(2010);
  Tally tally;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const int size = seed % 4 == 0 ? 25 : 6 + static_cast<int>(seed % 10);
    const Maze maze = generate_maze(seed, {size, -1});
    const auto starts = draw_starts_for_seed(maze, seed);
    ASSERT_TRUE(starts.has_value()) << seed;
    play_and_check(maze, *starts, size == 25 ? kDefaultTurns : 80, rng, size < 25 || seed <= 20, tally);
    if (::testing::Test::HasFatalFailure()) {
      ADD_FAILURE() << "seed " << seed << " (size " << size << ")";
      return;
    }
  }
  EXPECT_EQ(tally.games, 200);
  EXPECT_GT(tally.dead_ends, 1000);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
