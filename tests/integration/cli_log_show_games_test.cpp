// `amazes log show` and `amazes log show --stderr` on a real log of every kind of game the judge
// plays: the built-in Amazes game, and through their referees Amazes, More, Lamistra and Susan
// (whose players run once per move). Each player writes a marker on stderr; both views of the
// log work, and --stderr shows each player's marker (and a referee game's referee stderr).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using namespace testing;  // amazes::testing: the helpers of tests/support

struct Game {
  std::string name;
  std::string options;  // amazes match's, before the players
  fs::path red;         // the players' programs
  fs::path blue;
};
void PrintTo(const Game& g, std::ostream* out) { *out << g.name; }

// A player that writes `marker` on stderr, then runs `program`: a script in `dir`.
std::string marking(const ScratchDir& dir, const fs::path& program, const std::string& marker) {
  const fs::path script = dir.path() / marker;
  write_file(script, "#!/bin/sh\necho " + marker + " >&2\nexec " + shell_quote(program.string()) + " \"$@\"\n");
  fs::permissions(script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  return script.string();
}

class CliLogShowGames : public ::testing::TestWithParam<Game> {};

TEST_P(CliLogShowGames, ShowsTheLogAndItsStreams) {
  const Game& game = GetParam();
  const ScratchDir dir("log-show-" + game.name);
  fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  const fs::path log = dir.path() / "game.json";
  const auto played = run_command(amazes_exe() + " match --seed 5 --sandbox none " + game.options + " --log " +
                                  shell_quote(log.string()) + " " + marking(dir, game.red, "RED-MARK") + " " +
                                  marking(dir, game.blue, "BLUE-MARK") + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  const auto shown = run_command(amazes_exe() + " log show " + shell_quote(log.string()) + " 2>&1");
  EXPECT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("RED-MARK"), std::string::npos) << shown.output;  // the command names the player
  const auto streams = run_command(amazes_exe() + " log show --stderr " + shell_quote(log.string()) + " 2>&1");
  EXPECT_EQ(streams.exit_code, 0) << streams.output;
  EXPECT_NE(streams.output.find("  RED-MARK\n"), std::string::npos) << streams.output;
  EXPECT_NE(streams.output.find("  BLUE-MARK\n"), std::string::npos) << streams.output;
  if (game.options.find("--referee") != std::string::npos) {
    EXPECT_NE(streams.output.find("referee's stderr ("), std::string::npos) << streams.output;
  }
}

fs::path built(const std::string& folder, const std::string& name) { return binary_dir() / folder / name; }

INSTANTIATE_TEST_SUITE_P(
    EveryGame, CliLogShowGames,
    ::testing::Values(
        Game{"amazes", "--turns 20", built("players", "explorer"), built("players", "hunter")},
        Game{"amazes_referee", "--turns 20 --referee 'amazes referee amazes --turns 20 --maze {maze}'",
             built("players", "explorer"), built("players", "hunter")},
        Game{"more", "--referee 'amazes referee more --seed {seed}' --scores 0-20 --time-ms 30000",
             built("more-players", "more_runner"), built("more-players", "random_more")},
        Game{"lamistra", "--referee 'amazes referee lamistra' --scores 0-12 --time-ms 180000",
             built("lamistra-players", "lamistra_bot"), built("lamistra-players", "toeval_lamistra")},
        Game{"susan",
             "--referee 'amazes referee susan' --scores 0-200 --move-files SPEL.IN,SPEL.UIT --move-time-ms 15000",
             built("susan-players", "susan_bot"), built("susan-players", "toeval_susan")}),
    [](const ::testing::TestParamInfo<Game>& info) { return info.param.name; });

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
