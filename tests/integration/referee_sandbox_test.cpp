// A hostile player under a referee gets nothing new (docs/security.md): told where the referee's
// {maze} file is, it can neither read it nor list its folder, sees no amazes-referee-* folder, holds
// no descriptor of the referee's and sees no other process. Run under each isolation of the attack
// suite (tests/CMakeLists.txt: once in the judge's own namespaces, once behind bubblewrap).
#include <gtest/gtest.h>

#include "amazes/arbiter/match.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using testing::bot_path;

TEST(RefereeSandbox, APlayerFindsNothingOfTheReferee) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  arbiter::MatchSpec spec = testing::match_spec(bot_path("referee_peek"), bot_path("polite"));
  spec.settings.sandbox = testing::isolated_settings();
  spec.settings.game =
      arbiter::GameChoice((testing::source_dir() / "tests" / "referees" / "tell_maze_path.sh").string() + " {maze}");
  const auto record = arbiter::run_match(spec);
  ASSERT_TRUE(record.referee() != nullptr);
  EXPECT_EQ(record.referee()->report, "report 0 0 nothing") << record.outcome[0].stderr_text;
  EXPECT_EQ(record.outcome[0].fault, std::nullopt) << record.outcome[0].exit;
  // The referee did give it the path, and the file was there while the game lasted.
  ASSERT_FALSE(record.referee()->transcript.empty());
  EXPECT_NE(record.referee()->transcript.front().text.find("amazes-referee-"), std::string::npos);
  EXPECT_TRUE(testing::no_child_left());
}

// Without isolation (--sandbox none, a trusted setup) the same bot does see the referee (its
// command line in /proc names the folder): the test above would see an escape.
TEST(RefereeSandbox, WithoutTheSandboxTheBotSeesTheReferee) {
  arbiter::MatchSpec spec = testing::match_spec(bot_path("referee_peek"), bot_path("polite"));
  spec.settings.sandbox.mode = arbiter::SandboxMode::None;
  spec.settings.game =
      arbiter::GameChoice((testing::source_dir() / "tests" / "referees" / "tell_maze_path.sh").string() + " {maze}");
  const auto record = arbiter::run_match(spec);
  EXPECT_NE(record.referee()->report.find("cmdline of "), std::string::npos) << record.referee()->report;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
