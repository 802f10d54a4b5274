// Every sample game can be played again: the sample bots that draw at random take their seed as
// `--seed N` (players/common/seed_option.hpp), and two games of the same commands are the same
// game, move for move, in each game the judge plays (Amazes, and More, Lamistra, Susan through
// their referees); another seed plays another game. And TOEVAL of Lamistra, left without a
// move, waits for the referee's end (`no_move`) and exits normally.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using namespace testing;  // amazes::testing: the helpers of tests/support

std::string built(const std::string& folder, const std::string& name) {
  return (binary_dir() / folder / name).string();
}

struct SampleGame {
  std::string name;
  std::string options;  // amazes match's
  std::string red;      // commands; {seed} is the drawing bot's seed
  std::string blue;
};
void PrintTo(const SampleGame& g, std::ostream* out) { *out << g.name; }

std::string with_seed(std::string command, int seed) {
  const auto at = command.find("{seed}");
  if (at != std::string::npos) command.replace(at, 6, std::to_string(seed));
  return command;
}

arbiter::MatchRecord play(const SampleGame& game, int seed) {
  const ScratchDir dir("sample-game-" + game.name);
  const fs::path log = dir.path() / "game.json";
  const auto run = run_command(amazes_exe() + " match --seed 5 --sandbox none " + game.options + " --log " +
                               shell_quote(log.string()) + " " + shell_quote(with_seed(game.red, seed)) + " " +
                               shell_quote(with_seed(game.blue, seed)) + " 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  return fs::exists(log) ? arbiter::read_match_log(log) : arbiter::MatchRecord();
}

// The moves of a game: the Amazes turns' lines, or what the referee and the players said to each
// other, and the report (not the clock's lines between the referee and the judge).
std::vector<std::string> moves_of(const arbiter::MatchRecord& record) {
  std::vector<std::string> moves;
  if (record.referee() != nullptr) {
    moves.push_back(record.referee()->report);
    for (const auto& line : record.referee()->transcript) {
      if (line.player == 0) continue;
      moves.push_back(std::to_string(static_cast<int>(line.route)) + " " + std::to_string(line.player) + " " +
                      line.text);
    }
  } else {
    for (const auto& turn : record.amazes()->turns) moves.push_back(turn.output.value_or("-"));
  }
  return moves;
}

class SampleGames : public ::testing::TestWithParam<SampleGame> {};

TEST_P(SampleGames, TheSameSeedPlaysTheSameGameAndAnotherSeedAnother) {
  const SampleGame& game = GetParam();
  const auto first = moves_of(play(game, 7));
  const auto again = moves_of(play(game, 7));
  const auto other = moves_of(play(game, 8));
  ASSERT_GT(first.size(), 4U);
  EXPECT_EQ(again, first);
  EXPECT_NE(other, first) << "the seed changes nothing";
}

INSTANTIATE_TEST_SUITE_P(
    EveryGame, SampleGames,
    ::testing::Values(
        SampleGame{"amazes", "--turns 30", built("players", "random") + " --seed {seed}", built("players", "explorer")},
        SampleGame{"more", "--referee 'amazes referee more --seed {seed}' --scores 0-20 --time-ms 30000",
                   built("more-players", "random_more") + " --seed {seed}", built("more-players", "more_runner")},
        SampleGame{"lamistra", "--referee 'amazes referee lamistra' --scores 0-12 --time-ms 180000",
                   built("lamistra-players", "toeval_lamistra") + " --seed {seed}",
                   built("lamistra-players", "lamistra_bot") + " --seed {seed}"},
        SampleGame{"susan",
                   "--referee 'amazes referee susan' --scores 0-200 --move-files SPEL.IN,SPEL.UIT --move-time-ms 15000",
                   built("susan-players", "toeval_susan") + " --seed {seed}", built("susan-players", "susan_bot")}),
    [](const ::testing::TestParamInfo<SampleGame>& info) { return info.param.name; });

// TOEVAL loses most games against the sample bot because it has no move left. As red it then
// made up a move off the board and died by SIGSEGV after the game (seeds 8 and 9 here); it waits
// for the referee's end instead.
TEST(SampleGames, ToevalWithNoMoveLeftWaitsForTheEndAndExitsNormally) {
  const SampleGame lamistra{"lamistra-no-move", "--referee 'amazes referee lamistra' --scores 0-12 --time-ms 180000",
                            built("lamistra-players", "toeval_lamistra") + " --seed {seed}",
                            built("lamistra-players", "lamistra_bot")};
  int no_move = 0;
  for (int seed = 8; seed <= 11; ++seed) {
    const auto record = play(lamistra, seed);
    ASSERT_TRUE(record.referee() != nullptr);
    if (record.referee()->report.find("no_move") == std::string::npos) continue;
    ++no_move;
    EXPECT_EQ(record.outcome[0].exit, "exit 0") << "seed " << seed << ": " << record.outcome[0].stderr_text;
    EXPECT_FALSE(record.outcome[0].fault.has_value()) << "seed " << seed;
  }
  EXPECT_GE(no_move, 2) << "TOEVAL was not out of moves: the case is not tested";
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
