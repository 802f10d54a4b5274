// Susan through the judge: `amazes match` with the Susan referee and the real programs run once
// per move (SPEL.IN written into each program's folder, SPEL.UIT read back, 15 s a move), the
// sample bot against TOEVAL, each fault bot its error and irregular loss, and a tournament of
// config/susan.ini (docs/referees.md §9, docs/susan-rules.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string susan_player(const std::string& name) {
  return shell_quote((binary_dir() / "susan-players" / name).string());
}
std::string fault_bot(const std::string& name) { return shell_quote(bot_path(name)); }

constexpr const char* kSusan =
    " --referee 'amazes referee susan' --scores 0-200 --move-files SPEL.IN,SPEL.UIT --move-time-ms ";

struct Played {
  CommandResult result;
  arbiter::MatchRecord record;
};

// One game, red against yellow, `move_ms` a move.
Played match(const ScratchDir& dir, const std::string& red, const std::string& yellow, int move_ms = 15000) {
  const auto log = dir.path() / "game.json";
  std::filesystem::remove(log);
  Played played;
  played.result = run_command(amazes_exe() + " match" + kSusan + std::to_string(move_ms) + " --log " +
                              shell_quote(log.string()) + " \"" + red + "\" \"" + yellow + "\" 2>&1");
  if (std::filesystem::exists(log)) played.record = arbiter::read_match_log(log);
  return played;
}

TEST(SusanGames, TheSampleBotBeatsToevalOverManySeedsWithoutAFault) {
  ScratchDir dir("susan-sample");
  for (int seed = 1; seed <= 5; ++seed) {
    for (int bot = 0; bot < 2; ++bot) {
      const std::string bot_command = (binary_dir() / "susan-players" / "susan_bot").string();
      const std::string toeval_command =
          (binary_dir() / "susan-players" / "toeval_susan").string() + " " + std::to_string(seed);
      const Played played =
          bot == 0 ? match(dir, bot_command, toeval_command) : match(dir, toeval_command, bot_command);
      ASSERT_EQ(played.result.exit_code, 0) << played.result.output;
      const auto& outcome = played.record.outcome;
      for (int side = 0; side < 2; ++side) {
        EXPECT_FALSE(outcome[side].fault.has_value()) << played.result.output;
        EXPECT_EQ(outcome[side].values.at("move_points"), outcome[side].score) << played.result.output;
      }
      EXPECT_GT(outcome[bot].score, 100) << "seed " << seed << "\n" << played.result.output;
      EXPECT_EQ(outcome[0].score + outcome[1].score, 200) << played.result.output;
      ASSERT_TRUE(played.record.referee() != nullptr);
      EXPECT_NE(played.record.referee()->report.find(" enclosed "), std::string::npos)
          << played.record.referee()->report;
    }
  }
}

struct FaultCase {
  std::string command;
  FaultKind fault;  // as the judge records it
  std::string message;
  int move_ms = 15000;
};

TEST(SusanGames, EachFaultBotLosesByItsErrorAsAnIrregularEnd) {
  ScratchDir dir("susan-faults");
  const std::vector<FaultCase> cases = {
      {bot_path("susan_illegal"), FaultKind::Illegal, "ONGELDIG"},
      {bot_path("susan_needless"), FaultKind::Illegal, "ONNODIG"},
      {bot_path("susan_no_output") + " 2", FaultKind::NoOutput, "BESTAND"},
      // Sleeps 5 s at its second move, against 1.5 s a move.
      {bot_path("susan_slow") + " 2 5000", FaultKind::Timeout, "TIJD_OP", 1500},
  };
  const std::string bot = (binary_dir() / "susan-players" / "susan_bot").string();
  for (const FaultCase& c : cases) {
    for (int faulty = 0; faulty < 2; ++faulty) {
      const Played played = faulty == 0 ? match(dir, c.command, bot, c.move_ms) : match(dir, bot, c.command, c.move_ms);
      ASSERT_EQ(played.result.exit_code, 0) << played.result.output;
      const auto& outcome = played.record.outcome;
      EXPECT_EQ(outcome[faulty].fault, c.fault) << c.command << "\n" << played.result.output;
      EXPECT_FALSE(outcome[1 - faulty].fault.has_value()) << c.command << "\n" << played.result.output;
      EXPECT_LT(outcome[faulty].score, outcome[1 - faulty].score) << c.command;
      ASSERT_TRUE(played.record.referee() != nullptr);
      EXPECT_NE(played.record.referee()->report.find(" " + c.message + " "), std::string::npos)
          << played.record.referee()->report;
      // A line the referee refused has its reason (`fault N ONGELDIG: …`); a fault the judge saw
      // has the judge's, and no reason of the referee's.
      const std::string& reason = outcome[faulty].fault_reason;
      if (c.fault == FaultKind::Illegal) {
        EXPECT_EQ(reason.rfind(c.message + ": \"", 0), 0U) << c.command << ": " << reason;
      } else {
        EXPECT_EQ(reason, "") << c.command;
      }
    }
  }
}

// config/susan.ini as it is, its players' commands given again with this build's paths: the
// ranking is the seed's (match points, then move points, then irregular ends).
TEST(SusanGames, ATournamentOfTheConfig) {
  ScratchDir dir("susan-tournament");
  // TOEVAL draws from /dev/urandom unless given a seed: the same games on every run.
  const std::string toeval_command = (binary_dir() / "susan-players" / "toeval_susan").string() + " 1";
  const auto result = run_command(amazes_exe() + " tournament -q --rounds 2 --config " +
                                  shell_quote((source_dir() / "config" / "susan.ini").string()) + " --out " +
                                  shell_quote(dir.path().string()) + " bot=" + susan_player("susan_bot") +
                                  " toeval=" + shell_quote(toeval_command) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto table = csv_table(read_file(dir.path() / "standings.csv"));
  ASSERT_GE(table.size(), 3U) << result.output;
  const auto& header = table[0];
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  ASSERT_LT(column("move_points"), header.size());
  EXPECT_EQ(table[1][column("player")], "bot");
  EXPECT_EQ(table[1][column("total")], "8");  // 2 match points in each of its 4 games
  EXPECT_EQ(table[2][column("total")], "0");
  EXPECT_GT(std::stoi(table[1][column("move_points")]), 400);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
