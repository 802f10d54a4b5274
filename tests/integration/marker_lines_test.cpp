// A player's line that reads like one of caiaio's markers (docs/referees.md §6) is that player's
// `illegal` fault, in every referee game: More and Lamistra over pipes, Susan run once per move.
// The referee gets the empty line's marker, which it judges as an answer that is no move; the
// judge records the fault itself, so the `faults` tie-break and `--exclude-after` see it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/report/fault_reason.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

constexpr const char* kEmptyLineMarker = "<caiaio:_player_sends_'\\n'>";

struct Game {
  std::string name;
  std::string options;  // the referee and what its game needs
  std::string mode;     // caiaio_marker's
  std::string opponent;
  std::string end;  // a word of the referee's report: how it ended
};

std::string built(const std::string& folder, const std::string& name) {
  return (binary_dir() / folder / name).string();
}

const Game kGames[] = {
    {"More", "--referee 'amazes referee more --seed {seed}' --scores 0-20 --time-ms 30000", "more",
     built("more-players", "random_more"), "illegal"},
    {"Lamistra", "--referee 'amazes referee lamistra' --scores 0-12 --time-ms 180000", "lamistra",
     built("lamistra-players", "toeval_lamistra") + " 1", "illegal_move"},
    {"Susan",
     "--referee 'amazes referee susan' --scores 0-200 --move-files SPEL.IN,SPEL.UIT --move-time-ms 15000 "
     "--time-ms 750000",
     "file", built("susan-players", "toeval_susan") + " 1", "ONGELDIG"},
};

// Each marker caiaio writes, and any other line that begins as one does.
const char* const kLookalikes[] = {"<caiaio:_player_stopped>", "<caiaio:_player_timeout>",
                                   "<caiaio:_player_crashed:_Segmentation_fault>", "<caiaio:anything else"};

TEST(MarkerLines, ALineThatReadsLikeAMarkerIsThePlayersIllegalFaultInEveryRefereeGame) {
  ScratchDir dir("marker-lines");
  const auto log = dir.path() / "game.json";
  int played = 0;
  for (const Game& game : kGames) {
    for (int seat = 0; seat < 2; ++seat) {
      const std::string line = kLookalikes[played++ % std::size(kLookalikes)];
      const std::string faulty = shell_quote(bot_path("caiaio_marker") + " " + game.mode + " " + shell_quote(line));
      const std::string other = shell_quote(game.opponent);
      std::filesystem::remove(log);
      const auto result =
          run_command(amazes_exe() + " match --seed 5 " + game.options + " --log " + shell_quote(log.string()) + " " +
                      (seat == 0 ? faulty + " " + other : other + " " + faulty) + " 2>&1");
      const std::string what = game.name + ", seat " + std::to_string(seat + 1) + ", " + line;
      ASSERT_EQ(result.exit_code, 0) << what << "\n" << result.output;
      const arbiter::MatchRecord record = arbiter::read_match_log(log);
      EXPECT_EQ(record.outcome[seat].fault, FaultKind::Illegal) << what << "\n" << result.output;
      EXPECT_EQ(record.outcome[seat].fault_turn, 1) << what;
      EXPECT_FALSE(record.outcome[1 - seat].fault) << what << "\n" << result.output;
      // The referee got the empty line's marker, and judged it as an answer that is no move.
      bool found = false;
      for (const auto& entry : record.referee()->transcript) {
        if (entry.route != arbiter::RefereeRoute::PlayerToReferee || entry.player != seat + 1 || !entry.fault) continue;
        found = true;
        EXPECT_EQ(entry.text, kEmptyLineMarker) << what;
        EXPECT_EQ(entry.output, line) << what;
      }
      EXPECT_TRUE(found) << what;
      EXPECT_NE(record.referee()->report.find(game.end), std::string::npos) << what << ": " << record.referee()->report;
      const std::string why = report::fault_why(record, seat == 0 ? Color::Red : Color::Blue);
      EXPECT_NE(why.find("reads like one of caiaio's markers"), std::string::npos) << what << ": " << why;
      EXPECT_NE(result.output.find("illegal at listen 1"), std::string::npos) << what << "\n" << result.output;
    }
  }
}

// The rule is the beginning: a line that holds a marker elsewhere is an ordinary answer, for the
// referee to judge (More: an illegal move, the referee's fault).
TEST(MarkerLines, ALineThatHoldsAMarkerLaterIsTheRefereesToJudge) {
  ScratchDir dir("marker-later");
  const auto log = dir.path() / "game.json";
  const std::string faulty = shell_quote(bot_path("caiaio_marker") + " more 'a1 <caiaio:_player_stopped>'");
  const auto result =
      run_command(amazes_exe() + " match --seed 5 " + kGames[0].options + " --log " + shell_quote(log.string()) + " " +
                  faulty + " " + shell_quote(kGames[0].opponent) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const arbiter::MatchRecord record = arbiter::read_match_log(log);
  EXPECT_EQ(record.outcome[0].fault, FaultKind::Illegal) << result.output;
  EXPECT_NE(result.output.find("(the referee's)"), std::string::npos) << result.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
