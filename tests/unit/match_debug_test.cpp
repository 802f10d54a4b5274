// `amazes match --debug`'s printer (src/cli/match_debug.cpp) fed as run_match feeds it: lines
// written and read, stderr in pieces that do not follow line ends, a fault.
#include "cli/match_debug.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

TEST(DebugPrinter, PrintsEachLineWithColourTurnAndDirectionEscaped) {
  std::ostringstream out;
  const arbiter::MatchSettings settings;
  cli::DebugPrinter printer(out, settings);
  const std::vector<std::string> input = {"Start", "NRNW"};
  printer.on_write(Color::Red, 1, input);
  printer.on_read(Color::Red, 1, "FF\x1b");
  printer.on_game_over();
  const std::vector<std::string> quit = {"Quit"};
  printer.on_write(Color::Blue, 0, quit);
  EXPECT_EQ(out.str(),
            "red     1 < Start\n"
            "red     1 < NRNW\n"
            "red     1 > FF\\x1b\n"
            "blue  end < Quit\n");
}

TEST(DebugPrinter, SplitsStderrIntoLinesWhateverThePiecesAndKeepsAnUnendedLineBounded) {
  std::ostringstream out;
  const arbiter::MatchSettings settings;
  cli::DebugPrinter printer(out, settings);
  const std::vector<std::string> input = {"W"};
  printer.on_write(Color::Blue, 7, input);
  out.str("");
  printer.on_stderr(Color::Blue, "thin");
  printer.on_stderr(Color::Red, "red's\r\n");
  printer.on_stderr(Color::Blue, "king\n\nnext\nhalf");
  EXPECT_EQ(out.str(),
            "red     1 ! red's\n"
            "blue    7 ! thinking\n"
            "blue    7 ! \n"
            "blue    7 ! next\n");
  out.str("");
  // A line without end: shown in pieces of 4096 bytes, the rest when the match is over.
  printer.on_stderr(Color::Blue, std::string(5000, 'e'));
  EXPECT_EQ(out.str(), "blue    7 ! half" + std::string(4092, 'e') + "\n");
  out.str("");
  printer.finish();
  EXPECT_EQ(out.str(), "blue    7 ! " + std::string(908, 'e') + "\n");
}

TEST(DebugPrinter, ShowsAPlayersStderrOnlyAsFarAsTheLogKeepsItAndSaysSoOnce) {
  std::ostringstream out;
  arbiter::MatchSettings settings;
  settings.stderr_limit = 10;
  cli::DebugPrinter printer(out, settings);
  printer.on_stderr(Color::Red, "12345\n");
  printer.on_stderr(Color::Red, "67890abc\n\n\n");
  printer.on_stderr(Color::Red, "more\n");
  printer.on_stderr(Color::Blue, "blue's own\n");
  printer.finish();
  const std::string notice =
      "(the rest of its stderr is not shown: the first 10 bytes are, as the log keeps them; --stderr-limit sets it)";
  EXPECT_EQ(out.str(),
            "red     1 ! 12345\n"
            "red     1 ! 6789\n"
            "red     1 ! " +
                notice +
                "\n"
                "blue    1 ! blue's own\n"
                "blue    1 ! " +
                notice + "\n");
}

TEST(DebugPrinter, AFaultShowsThePendingStderrFirstThenWhyWithTheBudgetLeft) {
  std::ostringstream out;
  arbiter::MatchSettings settings;
  settings.time_ms = 100;
  cli::DebugPrinter printer(out, settings);
  arbiter::LoggedTurn first;
  first.turn = 1;
  first.time_ms = 40;
  printer.on_turn(first);
  arbiter::LoggedTurn second = first;
  second.turn = 2;
  second.time_ms = 61;
  second.input = {"W"};
  second.fault = FaultKind::Timeout;
  second.budget_ms = 60;  // as the turn's allowance is logged
  second.limit_ms = 60;
  printer.on_stderr(Color::Red, "stuck");
  printer.on_turn(second);
  out.str("");
  printer.on_fault(second, "killed by judge");
  EXPECT_EQ(out.str(),
            "red     1 ! stuck\n"
            "red     2 FAULT timeout: used up its CPU time: 61.0 ms this turn, 60.0 ms were left of its 100 ms "
            "(exit: killed by judge)\n");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
