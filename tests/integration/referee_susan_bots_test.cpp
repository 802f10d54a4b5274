// The Susan referee with the real programs run once per move, SPEL.IN in and SPEL.UIT out, in the
// test's own process (tests/support/per_move_caiaio.hpp): the sample bot against TOEVAL, and each
// fault bot its error. The same games through the judge: susan_games_test.cpp.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "amazes/referee/susan_referee.hpp"
#include "support/per_move_caiaio.hpp"

namespace amazes::referee {
namespace AMAZES_FILE_NAMESPACE {

using susan::Side;

std::string susan_player(const std::string& name) { return std::string(AMAZES_BINARY_DIR) + "/susan-players/" + name; }
std::string fault_bot(const std::string& name) { return std::string(AMAZES_BINARY_DIR) + "/tests/bots/" + name; }

struct Played {
  susan::Game game;
  std::string report;
  std::string log;
};

Played play(const std::string& red, const std::string& yellow) {
  testing::PerMoveCaiaio caiaio(red, yellow);
  std::ostringstream log;
  susan::Game game = referee_susan(caiaio.channel(), log);
  return {std::move(game), caiaio.report(), log.str()};
}

TEST(SusanRefereeBots, TheSampleBotBeatsToevalWithBothColours) {
  for (int seed = 1; seed <= 6; ++seed) {
    const std::string toeval = susan_player("toeval_susan") + " " + std::to_string(seed);
    for (const Side bot : susan::kBothSides) {
      const Played played =
          bot == Side::Red ? play(susan_player("susan_bot"), toeval) : play(toeval, susan_player("susan_bot"));
      EXPECT_FALSE(played.game.fault().has_value()) << played.log;
      EXPECT_EQ(played.game.winner(), bot) << "seed " << seed << "\n" << played.log;
      EXPECT_GT(played.game.move_points(bot), 100) << played.log;
      EXPECT_NE(played.report.find(" move_points="), std::string::npos) << played.report;
    }
  }
}

struct FaultCase {
  std::string command;
  susan::FaultKind fault;
  std::string message;
};

TEST(SusanRefereeBots, EachFaultBotLosesByItsError) {
  const std::vector<FaultCase> cases = {
      {fault_bot("susan_illegal"), susan::FaultKind::Illegal, "ONGELDIG"},
      {fault_bot("susan_illegal") + " 1 text", susan::FaultKind::Illegal, "ONGELDIG"},
      {fault_bot("susan_illegal") + " 2 far", susan::FaultKind::Illegal, "ONGELDIG"},
      {fault_bot("susan_needless"), susan::FaultKind::Needless, "ONNODIG"},
      {fault_bot("susan_no_output") + " 2", susan::FaultKind::NoOutput, "BESTAND"},
  };
  for (const FaultCase& c : cases) {
    for (const Side faulty : susan::kBothSides) {
      const Played played =
          faulty == Side::Red ? play(c.command, susan_player("susan_bot")) : play(susan_player("susan_bot"), c.command);
      EXPECT_EQ(played.game.fault(), c.fault) << c.command << "\n" << played.log;
      EXPECT_EQ(played.game.winner(), susan::other(faulty)) << c.command << "\n" << played.log;
      EXPECT_NE(played.report.find(" " + c.message + " "), std::string::npos) << played.report;
    }
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::referee
