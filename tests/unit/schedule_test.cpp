// The schedule: shape, colour swaps, reproducibility, stability when players are added.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "amazes/competition/schedule.hpp"
#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "support/files.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

Competition small_competition(int players, int rounds, std::uint64_t seed = 7) {
  Competition competition;
  for (int i = 0; i < players; ++i)
    competition.players.push_back({"p" + std::to_string(i), "./bot" + std::to_string(i)});
  competition.rounds = rounds;
  competition.seed = seed;
  competition.mazes.size = 9;
  return competition;
}

Schedule schedule_of(const Competition& competition) { return make_schedule(competition); }

TEST(Schedule, EveryOrderedPairOncePerRound) {
  const auto competition = small_competition(4, 3);
  const auto schedule = schedule_of(competition);
  ASSERT_EQ(schedule.rounds.size(), 3U);
  EXPECT_EQ(schedule.matches.size(), 3U * 4U * 3U);
  std::map<int, std::set<std::pair<int, int>>> pairs;
  std::set<std::string> ids;
  for (const auto& match : schedule.matches) {
    EXPECT_NE(match.red, match.blue);
    EXPECT_TRUE(pairs[match.round].emplace(match.red, match.blue).second) << match.id;
    EXPECT_TRUE(ids.insert(match.id).second);
  }
  for (int round = 1; round <= 3; ++round) EXPECT_EQ(pairs[round].size(), 12U);
}

TEST(Schedule, ColourSwappedGamesShareTheStartsWhichStayWithTheColours) {
  const auto schedule = schedule_of(small_competition(3, 2));
  std::map<std::tuple<int, int, int>, const ScheduledMatch*> by_key;
  for (const auto& match : schedule.matches) by_key[{match.round, match.red, match.blue}] = &match;
  for (const auto& match : schedule.matches) {
    const auto* swapped = by_key.at({match.round, match.blue, match.red});
    EXPECT_EQ(match.starts, swapped->starts) << match.id;
    EXPECT_EQ(match.seed, swapped->seed);
    ASSERT_TRUE(match.starts.has_value()) << match.id;
    EXPECT_NE(match.starts->red.square, match.starts->blue.square);
  }
}

TEST(Schedule, RedFirstGameOfEachPairComesFirstAndIdsNameRoundAndColours) {
  const auto schedule = schedule_of(small_competition(3, 1));
  std::vector<std::string> ids;
  for (const auto& match : schedule.matches) ids.push_back(match.id);
  EXPECT_EQ(ids,
            (std::vector<std::string>{"r01-p0-p1", "r01-p1-p0", "r01-p0-p2", "r01-p2-p0", "r01-p1-p2", "r01-p2-p1"}));
  EXPECT_EQ(match_id(12, "a", "b"), "r12-a-b");
}

TEST(Schedule, IsReproducibleFromTheSeed) {
  const auto a = schedule_of(small_competition(4, 2, 99));
  const auto b = schedule_of(small_competition(4, 2, 99));
  ASSERT_EQ(a.matches.size(), b.matches.size());
  for (std::size_t i = 0; i < a.matches.size(); ++i) {
    EXPECT_EQ(a.matches[i].id, b.matches[i].id);
    EXPECT_EQ(a.matches[i].starts, b.matches[i].starts);
    EXPECT_EQ(a.matches[i].seed, b.matches[i].seed);
  }
  for (std::size_t r = 0; r < a.rounds.size(); ++r) EXPECT_EQ(a.rounds[r].maze, b.rounds[r].maze);
}

TEST(Schedule, AnotherSeedGivesOtherMazesAndStarts) {
  const auto a = schedule_of(small_competition(4, 2, 1));
  const auto b = schedule_of(small_competition(4, 2, 2));
  EXPECT_NE(a.rounds[0].maze, b.rounds[0].maze);
  int same_starts = 0;
  for (std::size_t i = 0; i < a.matches.size(); ++i) same_starts += a.matches[i].starts == b.matches[i].starts ? 1 : 0;
  EXPECT_LT(same_starts, static_cast<int>(a.matches.size()));
  EXPECT_NE(a.matches[0].seed, b.matches[0].seed);
}

TEST(Schedule, RoundsDifferInMazeAndStarts) {
  const auto schedule = schedule_of(small_competition(2, 2));
  EXPECT_NE(schedule.rounds[0].maze, schedule.rounds[1].maze);
  EXPECT_NE(schedule.matches[0].seed, schedule.matches[2].seed);
}

TEST(Schedule, AddingAPlayerKeepsEveryExistingGame) {
  auto competition = small_competition(3, 2);
  const auto before = schedule_of(competition);
  competition.players.insert(competition.players.begin() + 1, {"newcomer", "./new"});
  const auto after = schedule_of(competition);
  EXPECT_EQ(after.matches.size(), 2U * 4U * 3U);
  std::map<std::string, const ScheduledMatch*> by_id;
  for (const auto& match : after.matches) by_id[match.id] = &match;
  for (const auto& match : before.matches) {
    ASSERT_EQ(by_id.count(match.id), 1U) << match.id;
    EXPECT_EQ(by_id[match.id]->starts, match.starts);
    EXPECT_EQ(by_id[match.id]->seed, match.seed);
  }
}

TEST(Schedule, PairSeedIgnoresTheOrderOfTheNames) {
  EXPECT_EQ(pair_seed(5, 1, "alice", "bob"), pair_seed(5, 1, "bob", "alice"));
  EXPECT_NE(pair_seed(5, 1, "alice", "bob"), pair_seed(5, 2, "alice", "bob"));
  EXPECT_NE(pair_seed(5, 1, "alice", "bob"), pair_seed(5, 1, "alice", "carol"));
}

TEST(Schedule, TheLoggedSeedDrawsTheStartsAsAmazesMatchDoes) {
  // So `amazes match --maze <the round's maze> --seed <the log's seed>` replays a game.
  const Schedule schedule = schedule_of(small_competition(3, 2));
  for (const auto& match : schedule.matches) {
    ASSERT_TRUE(match.seed.has_value()) << match.id;
    const auto& maze = schedule.rounds.at(static_cast<std::size_t>(match.round - 1)).maze;
    EXPECT_EQ(draw_starts_for_seed(maze.value(), *match.seed), match.starts) << match.id;
  }
}

TEST(Schedule, MazeDirectoryIsTakenInNameOrderAndCycles) {
  testing::ScratchDir dir("schedule-mazes");
  Competition competition = small_competition(2, 5);
  std::vector<std::string> texts;
  for (const std::string name : {"b.txt", "a.maze", "c.txt"}) {
    const auto maze = generate_maze(static_cast<std::uint64_t>(name[0]), GeneratorOptions{9, -1});
    testing::write_file(dir.path() / name, format_maze(maze));
  }
  testing::write_file(dir.path() / "notes.md", "not a maze");
  competition.mazes.directory = dir.path();
  const auto rounds = round_setups(competition);
  ASSERT_EQ(rounds.size(), 5U);
  const std::vector<std::string> names = {"a.maze", "b.txt", "c.txt", "a.maze", "b.txt"};
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    EXPECT_EQ(rounds[r].round, static_cast<int>(r) + 1);
    EXPECT_EQ(rounds[r].name, names[r]);
    EXPECT_FALSE(rounds[r].seed.has_value());
  }
  EXPECT_EQ(rounds[0].maze, rounds[3].maze);
  EXPECT_EQ(maze_files(dir.path()).size(), 3U);
}

TEST(Schedule, StartLinesOfAMazeFileFixTheStartsOfTheRound) {
  testing::ScratchDir dir("schedule-starts");
  const auto maze = generate_maze(3, GeneratorOptions{9, -1});
  Starts starts{{{0, 0}, Direction::South}, {{8, 8}, Direction::North}};
  // Orientations whose back edge is open, as a maze author would give.
  for (const auto d : kAllDirections) {
    if (maze.is_open({0, 0}, reverse(d))) starts.red.facing = d;
    if (maze.is_open({8, 8}, reverse(d))) starts.blue.facing = d;
  }
  testing::write_file(dir.path() / "m.txt", format_maze(maze, starts));
  Competition competition = small_competition(3, 1);
  competition.mazes.directory = dir.path();
  const auto schedule = make_schedule(competition);
  for (const auto& match : schedule.matches) {
    EXPECT_EQ(match.starts, starts);
    EXPECT_FALSE(match.seed.has_value());
  }
}

TEST(Schedule, RefusesAMissingOrEmptyMazeDirectoryAndABadMaze) {
  testing::ScratchDir dir("schedule-bad");
  Competition competition = small_competition(2, 1);
  competition.mazes.directory = dir.path() / "missing";
  EXPECT_THROW(round_setups(competition), ScheduleError);
  competition.mazes.directory = dir.path();
  EXPECT_THROW(round_setups(competition), ScheduleError);
  testing::write_file(dir.path() / "bad.txt", "+-+\n| \n+-+\n");
  try {
    round_setups(competition);
    FAIL() << "a bad maze was accepted";
  } catch (const ScheduleError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.txt"), std::string::npos) << e.what();
  }
  // Readable, but against docs/rules.md §2: a 3x3 maze whose centre is walled in.
  testing::write_file(dir.path() / "bad.txt", "+-+-+-+\n|     |\n+ +-+ +\n| | | |\n+ +-+ +\n|     |\n+-+-+-+\n");
  try {
    round_setups(competition);
    FAIL() << "an invalid maze was accepted";
  } catch (const ScheduleError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.txt: not a valid maze: rule 2.2 connected"), std::string::npos)
        << e.what();
  }
}

TEST(Schedule, RefusesCollidingMatchIds) {
  Competition competition = small_competition(0, 1);
  competition.players = {{"a-b", "x"}, {"c", "y"}, {"a", "z"}, {"b-c", "w"}};
  EXPECT_THROW(schedule_of(competition), ScheduleError);
}

TEST(Schedule, MatchSpecCarriesTheRoundMazeStartsPlayersAndSettings) {
  auto competition = small_competition(2, 2);
  competition.settings.time_ms = 123;
  const auto schedule = schedule_of(competition);
  const auto& match = schedule.matches[3];
  const auto spec = match_spec(competition, schedule, match);
  EXPECT_EQ(spec.id, match.id);
  EXPECT_EQ(spec.setup.game, "amazes");
  EXPECT_EQ(spec.setup.seed, match.seed);
  const arbiter::AmazesBoard board = arbiter::amazes_board(spec.setup);
  EXPECT_EQ(board.maze, schedule.rounds[1].maze);
  EXPECT_EQ(board.starts, match.starts);
  EXPECT_EQ(spec.players[0].name, competition.players[static_cast<std::size_t>(match.red)].name);
  EXPECT_EQ(spec.players[1].command, competition.players[static_cast<std::size_t>(match.blue)].command);
  EXPECT_EQ(spec.settings.time_ms, 123);
}

// A game whose referee draws its own setup: no maze is made or stored, and each pairing's setup
// is its seed alone, the one an Amazes game would draw its starts from.
TEST(Schedule, AGameOnNoMazeCarriesItsSeedAlone) {
  auto competition = small_competition(3, 2);
  competition.settings.game =
      arbiter::GameChoice("/opt/judge/amazes referee more --seed {seed}");  // this judge by its path
  const auto schedule = schedule_of(competition);
  ASSERT_EQ(schedule.rounds.size(), 2U);
  for (const auto& round : schedule.rounds) {
    EXPECT_EQ(round.game, "more");
    EXPECT_FALSE(round.maze.has_value());
    const StoredRound stored = stored_round(round);
    EXPECT_EQ(stored.game, "more");
    EXPECT_EQ(stored.maze, "");
  }
  const auto amazes = schedule_of(small_competition(3, 2));
  ASSERT_EQ(schedule.matches.size(), amazes.matches.size());
  for (std::size_t i = 0; i < schedule.matches.size(); ++i) {
    const auto& match = schedule.matches[i];
    EXPECT_FALSE(match.starts.has_value()) << match.id;
    EXPECT_EQ(match.seed, amazes.matches[i].seed) << match.id;
    const auto spec = match_spec(competition, schedule, match);
    EXPECT_EQ(spec.setup, (arbiter::GameSetup{"more", match.seed, ""})) << match.id;
  }
}

TEST(Schedule, AGameOnNoMazeRefusesMazeFiles) {
  testing::ScratchDir dir("schedule-no-maze");
  testing::write_file(dir.path() / "m.txt", format_maze(generate_maze(3, GeneratorOptions{9, -1})));
  auto competition = small_competition(2, 1);
  competition.settings.game = arbiter::GameChoice("./lamistra_referee.py");
  competition.mazes.directory = dir.path();
  try {
    round_setups(competition);
    FAIL() << "maze files were taken for a game on no maze";
  } catch (const ScheduleError& e) {
    EXPECT_NE(std::string(e.what()).find("the game 'lamistra_referee.py' is played on no maze"), std::string::npos)
        << e.what();
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
