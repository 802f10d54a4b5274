// A game's log in a competition folder: one file per game, whichever format wrote it last.
#include <gtest/gtest.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/generator.hpp"
#include "support/files.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

arbiter::MatchRecord a_record(const std::string& id) {
  arbiter::MatchSpec spec;
  spec.id = id;
  spec.setup = arbiter::amazes_setup(generate_maze(7, {.size = 8}), Starts{}, std::nullopt);
  spec.players = {arbiter::PlayerSpec{"a", "./a"}, arbiter::PlayerSpec{"b", "./b"}};
  return arbiter::record_of_spec(spec);
}

// A run with --log-format zst played r01-a-b and was killed before storing it; the same command
// with --log-format json plays it again. The folder then holds the game once, as JSON, and the
// other way round.
TEST(GameLogFile, AGameWrittenAgainInTheOtherFormatLeavesOneLog) {
  testing::ScratchDir dir("game-log-file");
  std::filesystem::create_directories(dir.path() / "matches");
  const auto record = a_record("r01-a-b");
  const std::string zst = match_log_path("r01-a-b", arbiter::LogFormat::Zst);
  const std::string json = match_log_path("r01-a-b", arbiter::LogFormat::Json);

  write_game_log(dir.path(), zst, record);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / zst));
  write_game_log(dir.path(), json, record);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / json));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / zst));
  write_game_log(dir.path(), zst, record);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / json));
  EXPECT_EQ(arbiter::read_match_log(dir.path() / zst).id, "r01-a-b");

  // Another game's logs are not touched.
  write_game_log(dir.path(), match_log_path("r01-b-a", arbiter::LogFormat::Json), a_record("r01-b-a"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / zst));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
