// Every command and every group of commands answers `--help` and `amazes help …` with its own
// usage, exit 0; a name that is no command is one line, exit 2.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// The commands `amazes --help` lists: "  maze generate     generate valid mazes …".
std::vector<std::string> listed_commands() {
  const auto overview = run_command(amazes_exe() + " --help");
  EXPECT_EQ(overview.exit_code, 0) << overview.output;
  std::vector<std::string> commands;
  const std::regex line("^  ([a-z]+( [a-z]+)?)  +\\S.*$");
  std::istringstream in(overview.output);
  for (std::string text; std::getline(in, text);) {
    std::smatch match;
    if (std::regex_match(text, match, line)) commands.push_back(match[1]);
  }
  return commands;
}

TEST(CliHelp, EveryCommandAnswersHelpWithItsOwnUsage) {
  const auto commands = listed_commands();
  ASSERT_GE(commands.size(), 15U);
  for (const auto& command : commands) {
    SCOPED_TRACE(command);
    const auto asked = run_command(amazes_exe() + " " + command + " --help 2>&1");
    EXPECT_EQ(asked.exit_code, 0) << asked.output;
    EXPECT_EQ(asked.output.rfind("usage: amazes " + command + " ", 0), 0U) << asked.output;
    EXPECT_NE(asked.output.find("--help"), std::string::npos) << asked.output;  // its options
    const auto short_form = run_command(amazes_exe() + " " + command + " -h 2>&1");
    EXPECT_EQ(short_form.exit_code, 0);
    EXPECT_EQ(short_form.output, asked.output);
    const auto helped = run_command(amazes_exe() + " help " + command + " 2>&1");
    EXPECT_EQ(helped.exit_code, 0) << helped.output;
    EXPECT_EQ(helped.output, asked.output);
  }
}

TEST(CliHelp, EveryGroupListsItsCommands) {
  std::set<std::string> groups;
  for (const auto& command : listed_commands()) {
    if (command.find(' ') != std::string::npos) groups.insert(command.substr(0, command.find(' ')));
  }
  EXPECT_EQ(groups, (std::set<std::string>{"log", "maze", "referee"}));
  for (const auto& group : groups) {
    SCOPED_TRACE(group);
    const auto asked = run_command(amazes_exe() + " " + group + " --help 2>&1");
    EXPECT_EQ(asked.exit_code, 0) << asked.output;
    EXPECT_EQ(asked.output.rfind("usage: amazes " + group + " COMMAND", 0), 0U) << asked.output;
    for (const auto& command : listed_commands()) {
      const bool member = command.rfind(group + " ", 0) == 0;
      EXPECT_EQ(asked.output.find("  " + command + " ") != std::string::npos, member) << command << "\n"
                                                                                      << asked.output;
    }
    EXPECT_EQ(run_command(amazes_exe() + " " + group + " -h 2>&1").output, asked.output);
    const auto helped = run_command(amazes_exe() + " help " + group + " 2>&1");
    EXPECT_EQ(helped.exit_code, 0);
    EXPECT_EQ(helped.output, asked.output);
    // Without a command the group still names its commands, as a usage error.
    const auto bare = run_command(amazes_exe() + " " + group + " 2>&1");
    EXPECT_EQ(bare.exit_code, 2) << bare.output;
    EXPECT_NE(bare.output.find("needs a subcommand; there are: " + group + " "), std::string::npos) << bare.output;
  }
}

TEST(CliHelp, HelpAloneIsTheOverviewAndAnUnknownNameOneLine) {
  const auto overview = run_command(amazes_exe() + " --help 2>&1");
  const auto helped = run_command(amazes_exe() + " help 2>&1");
  EXPECT_EQ(helped.exit_code, 0);
  EXPECT_EQ(helped.output, overview.output);
  EXPECT_NE(overview.output.find("amazes help COMMAND"), std::string::npos) << overview.output;
  for (const std::string unknown : {"nothing", "maze nothing", "match extra"}) {
    const auto refused = run_command(amazes_exe() + " help " + unknown + " 2>&1");
    EXPECT_EQ(refused.exit_code, 2) << unknown;
    EXPECT_EQ(refused.output, "amazes help: error: no command '" + unknown + "' (see amazes --help)\n");
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
