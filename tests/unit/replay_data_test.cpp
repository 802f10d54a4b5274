// The data an HTML replay receives: parsed back out of the page exactly as the page reads it,
// the per-turn knowledge rebuilt from its deltas must equal, after every turn, what the rules
// engine's own knowledge is when the game is replayed turn by turn. Games are played in-process
// on random mazes (catches, sudden deaths, faults, take-overs included).
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "amazes/game.hpp"
#include "amazes/report/replay_data.hpp"
#include "amazes/report/replay_page.hpp"
#include "support/random_maze.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using json = nlohmann::json;

// What the driver does on one turn, as the arbiter logs it: mostly walks through openings (so
// that inference keeps firing), sometimes random letters, an illegal line or a fault.
arbiter::LoggedTurn play_turn(Game& game, Rng& rng, std::optional<std::string> line = std::nullopt) {
  if (game.taken_over(game.to_move())) return arbiter::LoggedTurn(game.play_substitute());
  const std::vector<std::string> input = game.input();
  const auto logged = [&](const TurnResult& result, std::optional<std::string> output) {
    arbiter::LoggedTurn turn(result);
    turn.input = input;
    turn.output = std::move(output);
    return turn;
  };
  const int kind = line ? 1000 : rng.below(1000);
  if (kind < 4)
    line = "F</script><!--x";  // illegal, and hostile to a naive page
  else if (kind < 7)
    return logged(game.play_fault(FaultKind::Timeout), "FF");
  else if (kind < 9) {
    arbiter::LoggedTurn turn(game.play_fault(FaultKind::Unsolicited));  // nothing written, nothing read
    turn.unsolicited_output = "F\n</script>\n";
    return turn;
  } else if (kind < 200)
    line = testing::random_line(rng, 12);
  else if (!line) {
    line =
        testing::walking_line(game.maze(), game.position(game.to_move()), rng, 1 + rng.below(2 * game.maze().size()));
  }
  return logged(game.play(*line), line);
}

// A random game to its end; `first_line`, when given, is red's first line.
arbiter::MatchRecord random_match(Rng& rng, int size, int turns, const std::string& first_line = "") {
  const Maze maze = testing::random_test_maze(rng, size, size);
  const Starts starts = testing::random_test_starts(maze, rng);
  Game game(maze, starts, {.turns = turns});
  std::vector<arbiter::LoggedTurn> logged;
  if (!first_line.empty()) logged.push_back(play_turn(game, rng, first_line));
  while (!game.over()) logged.push_back(play_turn(game, rng));
  arbiter::MatchRecord record;
  record.id = "random-" + std::to_string(size);
  record.amazes()->board.maze = maze;
  record.amazes()->board.starts = starts;
  record.players = {arbiter::PlayerSpec{"r<b>", "./red"}, arbiter::PlayerSpec{"b", "./blue --x"}};
  record.settings.turns = turns;
  record.amazes()->turns = std::move(logged);
  record.end = *game.end();
  for (const Color c : {Color::Red, Color::Blue}) {
    auto& outcome = record.outcome[index_of(c)];
    outcome.points = game.points(c);
    outcome.score = game.score(c);
    outcome.fault = game.fault(c);
    outcome.fault_turn = game.fault_turn(c);
  }
  return record;
}

// The JSON of the page's <script type="application/json" id="replay-data">, as the page parses it.
json data_in_page(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"replay-data\">";
  const auto begin = page.find(open);
  EXPECT_NE(begin, std::string::npos);
  const auto end = page.find("</script>", begin + open.size());
  EXPECT_NE(end, std::string::npos);
  return json::parse(page.substr(begin + open.size(), end - begin - open.size()));
}

// One player's knowledge rebuilt from the deltas of its turns so far.
struct Rebuilt {
  std::set<int> discovered, first, exists, dead_ends, walls, openings;

  void add(const json& learnt) {
    const auto take = [&](const char* key, std::set<int>& into) {
      if (!learnt.contains(key)) return;
      for (const int v : learnt.at(key)) EXPECT_TRUE(into.insert(v).second) << key << " " << v << " learnt twice";
    };
    take("discovered", discovered);
    take("first", first);
    take("exists", exists);
    take("dead_ends", dead_ends);
    take("walls", walls);
    take("openings", openings);
  }
};

// Empty when `rebuilt` is exactly what `engine` knows.
std::string difference(const Rebuilt& rebuilt, const Knowledge& engine, const Maze& maze) {
  for (int q = 0; q < engine.square_count(); ++q) {
    const Square s = maze.square_at(q);
    if (rebuilt.discovered.count(q) != static_cast<std::size_t>(engine.discovered(s)))
      return "discovered " + std::to_string(q);
    if (rebuilt.exists.count(q) != static_cast<std::size_t>(engine.exists(s))) return "exists " + std::to_string(q);
    if (rebuilt.dead_ends.count(q) != static_cast<std::size_t>(engine.dead_end(s)))
      return "dead end " + std::to_string(q);
  }
  for (int e = 0; e < engine.edge_count(); ++e) {
    if (rebuilt.walls.count(e) != static_cast<std::size_t>(engine.edge(e) == EdgeState::Wall))
      return "wall " + std::to_string(e);
    if (rebuilt.openings.count(e) != static_cast<std::size_t>(engine.edge(e) == EdgeState::Opening)) {
      return "opening " + std::to_string(e);
    }
  }
  return "";
}

struct Exercised {
  int games = 0, catches = 0, sudden_deaths = 0, faults = 0, substitutes = 0, dead_ends = 0, walls = 0;
};

// Replays `record` through a Game of its own, turn by turn, and checks the page's data after each.
void check_against_engine(const arbiter::MatchRecord& record, Exercised& exercised) {
  const json data = data_in_page(report::replay_page(report::replay_data(record)));
  ASSERT_EQ(data.at("format"), report::kReplayDataFormat);
  ASSERT_EQ(data.at("size"), record.amazes()->board.maze.size());
  ASSERT_EQ(data.at("turns").size(), record.amazes()->turns.size());
  const std::string walls = data.at("walls");
  ASSERT_EQ(static_cast<int>(walls.size()), record.amazes()->board.maze.edge_count());
  for (int e = 0; e < record.amazes()->board.maze.edge_count(); ++e) {
    const auto side = record.amazes()->board.maze.edge_side(e);
    ASSERT_EQ(walls[static_cast<std::size_t>(e)] == '1',
              record.amazes()->board.maze.is_wall(side.square, side.direction))
        << e;
  }

  Game game(record.amazes()->board.maze, record.amazes()->board.starts, {.turns = record.settings.turns});
  std::array<Rebuilt, 2> rebuilt;
  for (std::size_t i = 0; i < record.amazes()->turns.size(); ++i) {
    const arbiter::LoggedTurn& logged = record.amazes()->turns[i];
    const json& turn = data.at("turns").at(i);
    const int me = index_of(logged.player);
    // The opponent's discoveries before this turn decide which of ours are first.
    const std::set<int> theirs_before = rebuilt[1 - me].discovered;
    const TurnResult& played = logged.fault         ? game.play_fault(*logged.fault)
                               : logged.substituted ? game.play_substitute()
                                                    : game.play(logged.played);

    ASSERT_EQ(turn.at("player"), std::string(color_name(logged.player))) << i;
    ASSERT_EQ(turn.at("turn"), logged.turn);
    ASSERT_EQ(turn.at("points"), played.points);
    ASSERT_EQ(turn.at("cost"), played.cost);
    ASSERT_EQ(turn.at("played"), played.played);
    ASSERT_EQ(turn.at("at"), record.amazes()->board.maze.index_of(played.pos.square));
    ASSERT_EQ(turn.at("facing"), std::string(1, to_char(played.pos.facing)));
    ASSERT_EQ(turn.at("output").is_null(), !logged.output.has_value());
    if (logged.output) {
      ASSERT_EQ(turn.at("output"), *logged.output);
    }
    ASSERT_EQ(turn.at("path").size(), static_cast<std::size_t>(played.steps_done + (played.extra_t ? 1 : 0)));
    if (!turn.at("path").empty()) {
      ASSERT_EQ(turn.at("path").back(), record.amazes()->board.maze.index_of(played.pos.square));
    }

    const json& learnt = turn.at("learnt");
    const Rebuilt before = rebuilt[me];
    rebuilt[me].add(learnt);
    ASSERT_EQ(difference(rebuilt[me], game.knowledge(logged.player), record.amazes()->board.maze), "")
        << "after turn " << i;
    // First discoveries: the new squares the opponent had not discovered, as many as the log says.
    int firsts = 0;
    for (const int q : rebuilt[me].discovered) {
      if (before.discovered.count(q) != 0U) continue;
      const bool first = theirs_before.count(q) == 0U;
      ASSERT_EQ(rebuilt[me].first.count(q) == 1U, first) << "square " << q << " after turn " << i;
      firsts += first ? 1 : 0;
    }
    ASSERT_EQ(firsts, played.first);
    ASSERT_EQ(static_cast<int>(rebuilt[me].discovered.size() - before.discovered.size()), played.discovered);

    exercised.catches += played.caught ? 1 : 0;
    exercised.sudden_deaths += played.sudden_death ? 1 : 0;
    exercised.faults += played.fault ? 1 : 0;
    exercised.substitutes += played.substituted && !played.fault ? 1 : 0;
    exercised.dead_ends += learnt.contains("dead_ends") ? 1 : 0;
    exercised.walls += learnt.contains("walls") ? 1 : 0;
  }
  ++exercised.games;
}

TEST(ReplayData, KnowledgeRebuiltFromThePagesDeltasEqualsTheEnginesAfterEveryTurn) {
  Rng rng(20100);
  Exercised exercised;
  for (int game = 0; game < 120; ++game) {
    const int size = 3 + game % 10;
    check_against_engine(random_match(rng, size, 20 + rng.below(140)), exercised);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The games must have exercised what the page shows; otherwise this test proves little.
  EXPECT_GT(exercised.catches, 20);
  EXPECT_GT(exercised.sudden_deaths, 0);
  EXPECT_GT(exercised.faults, 20);
  EXPECT_GT(exercised.substitutes, 100);
  EXPECT_GT(exercised.dead_ends, 100);
  EXPECT_GT(exercised.walls, 1000);
}

TEST(ReplayData, ATamperedLogIsRefusedNamingTheTurn) {
  Rng rng(7);
  arbiter::MatchRecord record = random_match(rng, 8, 30);
  record.amazes()->turns.at(9).points += 1;  // blue's turn 5
  try {
    report::replay_data(record);
    FAIL() << "a tampered log was accepted";
  } catch (const report::ReplayMismatch& e) {
    EXPECT_EQ(std::string(e.what()).rfind("turn 5 (blue): points", 0), 0U) << e.what();
  }
}

TEST(ReplayData, BotTextCannotEndThePagesScriptElements) {
  Rng rng(3);
  const std::string hostile = "</script><script>alert(1)</script><!--";
  const arbiter::MatchRecord record = random_match(rng, 6, 10, hostile);  // an illegal line: red's fault
  ASSERT_EQ(record.amazes()->turns.at(0).fault, FaultKind::Illegal);
  const std::string page = report::replay_page(report::replay_data(record));
  // Exactly the page's own two script elements, and the text survives intact inside the data.
  std::size_t closes = 0;
  for (auto at = page.find("</script>"); at != std::string::npos; at = page.find("</script>", at + 1)) ++closes;
  EXPECT_EQ(closes, 2U);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_EQ(data_in_page(page).at("turns").at(0).at("output"), hostile);
  EXPECT_NE(page.find("<title>Amazes random-6: r&lt;b&gt; vs b</title>"), std::string::npos);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
