// A match record's game part: of the kind its settings' game says, made so before the game, and
// the spec read back from it (a game plan), a plan of an older judge's included.
#include "amazes/arbiter/match_record.hpp"

#include <gtest/gtest.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

arbiter::MatchSpec spec_on_maze(const std::string& referee) {
  arbiter::MatchSpec spec;
  spec.id = "r01-a-b";
  spec.settings.game = arbiter::GameChoice(referee);
  const Maze maze = generate_maze(5, {7, -1});
  spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, 5), 5);
  spec.players = {arbiter::PlayerSpec{"a", "./a"}, arbiter::PlayerSpec{"b", "./b"}};
  return spec;
}

TEST(MatchRecord, ItsGamePartIsTheKindItsSettingsSay) {
  const arbiter::MatchSpec built_in = spec_on_maze("");
  const arbiter::MatchRecord amazes = arbiter::record_of_spec(built_in);
  ASSERT_NE(amazes.amazes(), nullptr);
  EXPECT_EQ(amazes.referee(), nullptr);
  EXPECT_EQ(amazes.board(), &amazes.amazes()->board);
  EXPECT_EQ(arbiter::amazes_setup(amazes.board()->maze, amazes.board()->starts, 5), built_in.setup);

  const arbiter::MatchSpec refereed = spec_on_maze("./amazes_referee.py {maze}");
  const arbiter::MatchRecord on_maze = arbiter::record_of_spec(refereed);
  ASSERT_NE(on_maze.referee(), nullptr);
  EXPECT_EQ(on_maze.amazes(), nullptr);
  ASSERT_NE(on_maze.board(), nullptr);
  EXPECT_EQ(on_maze.board()->maze, amazes.board()->maze);
  EXPECT_EQ(arbiter::spec_of_record(on_maze).setup, refereed.setup);

  arbiter::MatchSpec seeded = spec_on_maze("./more_referee.py {seed}");
  seeded.setup = arbiter::seed_setup(seeded.settings, 5);
  const arbiter::MatchRecord on_seed = arbiter::record_of_spec(seeded);
  ASSERT_NE(on_seed.referee(), nullptr);
  EXPECT_EQ(on_seed.board(), nullptr);
  EXPECT_EQ(arbiter::spec_of_record(on_seed).setup, seeded.setup);
}

// An older judge wrote each referee game of a plan as an Amazes game's log (`amazes-match/1`,
// the default maze when the referee took no {maze}): it is still played by its seed.
TEST(MatchRecord, ARefereeGameOfAnOlderPlanIsStillPlayedByItsSeed) {
  arbiter::MatchSpec seeded = spec_on_maze("./more_referee.py {seed}");
  seeded.setup = arbiter::seed_setup(seeded.settings, 5);
  arbiter::MatchRecord older = arbiter::record_of_spec(seeded);
  older.game.emplace<arbiter::AmazesRecord>();
  const nlohmann::ordered_json log = arbiter::match_log_json(older);
  ASSERT_EQ(log.at("format"), arbiter::kMatchLogFormat);
  const arbiter::MatchRecord read = arbiter::match_record_from_json(log);
  EXPECT_EQ(arbiter::spec_of_record(read).setup, seeded.setup);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
