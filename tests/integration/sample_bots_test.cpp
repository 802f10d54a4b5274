// The sample bots of players/ (random, wallfollower, explorer, hunter and the Python bot) as real
// programs against the real rules engine: they follow the protocol for whole games (no fault,
// exit by themselves after their 150th turn without waiting for "Quit" or the end of input,
// exit at once on "Quit", tolerate "\r\n"), the explorer's and hunter's own maps agree with
// the judge's discovery turn by turn, and the explorer is clearly stronger than the baselines.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <numeric>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/game.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"
#include "arbiter/process/launch_spec.hpp"
#include "arbiter/process/player_process.hpp"
#include "support/match_fixture.hpp"

extern char** environ;

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using arbiter::PlayerProcess;
using arbiter::ReadKind;
using namespace std::chrono_literals;

const std::vector<std::string> kBots = {"random", "wallfollower", "explorer", "hunter", "amazes_bot.py"};

// A bot's command from its name, with any arguments after the name ("random --seed 5").
std::string bot_command(const std::string& name_and_args) {
  const auto blank = name_and_args.find(' ');
  const std::string name = name_and_args.substr(0, blank);
  const std::string args = blank == std::string::npos ? "" : name_and_args.substr(blank);
  if (name == "amazes_bot.py") return (testing::source_dir() / "players" / "python" / name).string() + args;
  return testing::player_path(name) + args;
}

struct Arena {
  Maze maze;
  Starts starts;
};

Arena generated(std::uint64_t seed) {
  Arena setup{generate_maze(seed), {}};
  setup.starts = *draw_starts_for_seed(setup.maze, seed);
  return setup;
}

std::unique_ptr<PlayerProcess> start_bot(const std::string& name, bool debug = false) {
  auto launch = arbiter::make_launch_spec(name, bot_command(name));
  if (!launch.ok()) throw std::runtime_error(launch.error);
  if (debug) {  // the explorer and the hunter then report their discovered count on stderr
    std::vector<std::string> environment;
    for (char** e = environ; *e != nullptr; ++e) environment.emplace_back(*e);
    environment.emplace_back("AMAZES_BOT_DEBUG=1");
    launch.spec.environment = environment;
  }
  auto started = PlayerProcess::start(launch.spec);
  if (!started.ok()) throw std::runtime_error(started.error);
  return std::move(started.process);
}

arbiter::ReadLimits wall_limit(std::chrono::nanoseconds wall) {
  arbiter::ReadLimits limits;
  limits.wall = wall;
  return limits;
}

// One game of the rules engine between two bot processes that run freely (no clocks, no
// pausing): the bots' lines, the judge's discovered count after each information phase, and
// how each bot ended after the game. With `carriage_return`, every input line ends in "\r\n".
struct DrivenGame {
  std::optional<Game> game;
  std::array<std::vector<std::string>, 2> lines;
  std::array<std::vector<int>, 2> judge_counts;
  std::array<ReadKind, 2> after_game{ReadKind::Line, ReadKind::Line};  // Closed: it exited by itself
  std::array<bool, 2> exited{false, false};
  std::array<std::string, 2> exit;
  std::array<std::string, 2> stderr_text;
};

DrivenGame drive(const Arena& setup, const std::array<std::string, 2>& bots, bool debug = false,
                 bool carriage_return = false) {
  DrivenGame result;
  std::array<std::unique_ptr<PlayerProcess>, 2> process = {start_bot(bots[0], debug), start_bot(bots[1], debug)};
  Game& game = result.game.emplace(setup.maze, setup.starts);
  while (!game.over()) {
    const Color color = game.to_move();
    const int c = index_of(color);
    result.judge_counts[c].push_back(game.knowledge(color).discovered_count());
    std::vector<std::string> input = game.input();
    if (carriage_return)
      for (auto& line : input) line += '\r';
    process[c]->send(input);
    const auto read = process[c]->read_line(wall_limit(10s));
    if (read.kind != ReadKind::Line)
      throw std::runtime_error(bots[c] + " gave no line: " + std::string(arbiter::read_kind_name(read.kind)));
    result.lines[c].push_back(read.text);
    if (game.play(read.text).fault) throw std::runtime_error(bots[c] + " faulted with '" + read.text + "'");
  }
  // After a sudden death the judge says "Quit"; after a normal end it says nothing and the bot
  // must go by itself: stdout closes while its stdin is still open.
  for (int c = 0; c < 2; ++c) {
    if (game.end() == GameEnd::SuddenDeath) process[c]->send({"Quit"});
    result.after_game[c] = process[c]->read_line(wall_limit(5s)).kind;
  }
  for (int c = 0; c < 2; ++c) {
    result.exited[c] = process[c]->finish(1s);
    result.exit[c] = process[c]->exit_description();
    result.stderr_text[c] = process[c]->stderr_capture().kept;
  }
  return result;
}

// "disc TURN COUNT" lines of a bot's stderr, as counts by turn.
std::vector<int> reported_counts(const std::string& text) {
  std::vector<int> counts;
  std::istringstream in(text);
  std::string word;
  int turn = 0, count = 0;
  while (in >> word) {
    if (word != "disc" || !(in >> turn >> count)) continue;
    if (static_cast<int>(counts.size()) == turn - 1) counts.push_back(count);
  }
  return counts;
}

class SampleBot : public ::testing::TestWithParam<std::string> {};

TEST_P(SampleBot, PlaysWholeGamesAsRedAndBlueAndExitsByItself) {
  const std::string bot = GetParam();
  for (const std::uint64_t seed : {11U, 12U}) {
    const Arena setup = generated(seed);
    for (int colour = 0; colour < 2; ++colour) {
      const std::array<std::string, 2> bots =
          colour == 0 ? std::array<std::string, 2>{bot, "random"} : std::array<std::string, 2>{"random", bot};
      const DrivenGame g = drive(setup, bots);
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + bots[0] + " red, " + bots[1] + " blue");
      EXPECT_FALSE(g.game->taken_over(Color::Red));
      EXPECT_FALSE(g.game->taken_over(Color::Blue));
      if (g.game->end() == GameEnd::Normal) {
        EXPECT_EQ(g.lines[colour].size(), 150U);
      }
      EXPECT_EQ(arbiter::read_kind_name(g.after_game[colour]), "closed") << "still running after the game";
      EXPECT_TRUE(g.exited[colour]);
      EXPECT_EQ(g.exit[colour], "exit 0");
      for (const auto& line : g.lines[colour]) {
        EXPECT_FALSE(line.empty());
        EXPECT_LE(line.size(), 256U);
        EXPECT_EQ(line.find_first_not_of("FTLR"), std::string::npos) << line;
      }
    }
  }
}

TEST_P(SampleBot, QuitsAtOnceOnQuit) {
  // As the very first line (a bot must accept it at any turn), and after one turn.
  {
    auto process = start_bot(GetParam());
    process->send({"Quit"});
    EXPECT_EQ(arbiter::read_kind_name(process->read_line(wall_limit(5s)).kind), "closed");
    EXPECT_TRUE(process->finish(1s));
    EXPECT_EQ(process->exit_description(), "exit 0");
  }
  {
    const Arena setup = generated(5);
    Game game(setup.maze, setup.starts);
    auto process = start_bot(GetParam());
    process->send(game.input());
    const auto first = process->read_line(wall_limit(10s));
    ASSERT_EQ(first.kind, ReadKind::Line);
    EXPECT_FALSE(game.play(first.text).fault);
    process->send({"Quit"});
    const auto after = process->read_line(wall_limit(5s));
    EXPECT_EQ(arbiter::read_kind_name(after.kind), "closed") << "wrote '" << after.text << "' after Quit";
    EXPECT_TRUE(process->finish(1s));
    EXPECT_EQ(process->exit_description(), "exit 0");
  }
}

TEST_P(SampleBot, ToleratesCarriageReturnsInItsInput) {
  const Arena setup = generated(21);
  const std::array<std::string, 2> bots = {GetParam(), "wallfollower"};
  const DrivenGame plain = drive(setup, bots);
  const DrivenGame crlf = drive(setup, bots, false, true);
  EXPECT_EQ(crlf.lines[0], plain.lines[0]);  // the same game: the '\r' changed nothing
  EXPECT_EQ(arbiter::read_kind_name(crlf.after_game[0]), "closed");
  EXPECT_EQ(crlf.exit[0], "exit 0");
}

INSTANTIATE_TEST_SUITE_P(Players, SampleBot, ::testing::ValuesIn(kBots), [](const auto& info) {
  std::string name = info.param;
  for (auto& ch : name)
    if (ch == '.') ch = '_';
  return name;
});

// The random bot's games repeat: a fixed default seed, and --seed N for others.
TEST(SampleBotRandom, RepeatsItsGamesForTheSameSeed) {
  const Arena arena = generated(31);
  const auto lines_of = [&](const std::string& bot) { return drive(arena, {bot, "wallfollower"}).lines[0]; };
  EXPECT_EQ(lines_of("random"), lines_of("random"));
  EXPECT_EQ(lines_of("random --seed 5"), lines_of("random --seed 5"));
  EXPECT_NE(lines_of("random --seed 5"), lines_of("random"));
  EXPECT_NE(lines_of("random --seed 5"), lines_of("random --seed 6"));
}

// The explorer and the hunter keep their own map in their own frame; the count of squares they
// believe discovered after every information phase must be the judge's.
TEST(SampleBotMaps, AgreeWithTheJudgeAfterEveryInformationPhase) {
  for (const std::uint64_t seed : {1U, 2U, 3U, 4U}) {
    const Arena setup = generated(seed);
    const std::array<std::string, 2> bots =
        seed % 2 ? std::array<std::string, 2>{"explorer", "hunter"} : std::array<std::string, 2>{"hunter", "explorer"};
    const DrivenGame g = drive(setup, bots, true);
    for (int c = 0; c < 2; ++c) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + bots[c]);
      const std::vector<int> reported = reported_counts(g.stderr_text[c]);
      EXPECT_EQ(reported, g.judge_counts[c]);
      EXPECT_GT(g.judge_counts[c].back(), 400);  // and they explored most of the maze
    }
  }
}

// Mean final scores of `a` and `b` over paired games (same maze and starts, colours swapped),
// played by the judge's own match driver, and the games `a` won.
struct Tally {
  double a_mean = 0, b_mean = 0;
  int a_wins = 0, games = 0;
};

Tally play_pairs(const std::string& a, const std::string& b, int pairs, std::uint64_t first_seed) {
  Tally tally;
  for (int i = 0; i < pairs; ++i) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(i);
    for (int colour = 0; colour < 2; ++colour) {
      arbiter::MatchSpec spec;
      spec.id = "sample-bots";
      const Maze maze = generate_maze(seed);
      spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, seed), seed);
      spec.players = {arbiter::PlayerSpec{"red", bot_command(colour == 0 ? a : b)},
                      arbiter::PlayerSpec{"blue", bot_command(colour == 0 ? b : a)}};
      const auto record = arbiter::run_match(spec);
      const int sa = record.outcome[colour].score, sb = record.outcome[1 - colour].score;
      EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].exit;
      EXPECT_FALSE(record.outcome[1].fault.has_value()) << record.outcome[1].exit;
      tally.a_mean += sa;
      tally.b_mean += sb;
      tally.a_wins += sa > sb;
      ++tally.games;
    }
  }
  tally.a_mean /= tally.games;
  tally.b_mean /= tally.games;
  return tally;
}

TEST(SampleBotStrength, ExplorerBeatsTheBaselines) {
  for (const std::string baseline : {"random", "wallfollower", "amazes_bot.py"}) {
    const Tally t = play_pairs("explorer", baseline, 5, 100);
    SCOPED_TRACE(baseline);
    EXPECT_GE(t.a_wins * 100, t.games * 95) << "explorer won " << t.a_wins << " of " << t.games;
    EXPECT_GT(t.a_mean, t.b_mean + 200);
  }
}

TEST(SampleBotStrength, HunterBeatsTheExplorer) {
  const Tally t = play_pairs("hunter", "explorer", 4, 200);
  EXPECT_GT(t.a_mean, t.b_mean) << "hunter " << t.a_mean << ", explorer " << t.b_mean;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
