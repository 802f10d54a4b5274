// The file an interpreter is given, found as the interpreter reads its options.
#include "process/interpreter_files.hpp"

#include <gtest/gtest.h>

#include "support/files.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

using testing::ScratchDir;
using testing::write_file;

class InterpreterFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir_.path() / "bot.py", "print('F')\n");
    write_file(dir_.path() / "bot.jar", "PK");
    write_file(dir_.path() / "Bot.exe", "MZ");
  }
  std::optional<std::string> problem(std::vector<std::string> argv) {
    return interpreter_file_problem(argv, dir_.path());
  }
  ScratchDir dir_{"interpreter-files"};
};

TEST_F(InterpreterFiles, AScriptThatIsThereIsFine) {
  EXPECT_EQ(problem({"python3", "bot.py"}), std::nullopt);
  EXPECT_EQ(problem({"/usr/bin/python3.11", "-u", "-X", "utf8", "bot.py", "--level", "2"}), std::nullopt);
  EXPECT_EQ(problem({"java", "-Xmx512m", "-jar", "bot.jar"}), std::nullopt);
  EXPECT_EQ(problem({"java", "-cp", "bot.jar:" + dir_.path().string() + "/*", "Bot"}), std::nullopt);
  EXPECT_EQ(problem({"mono", "--debug", "Bot.exe"}), std::nullopt);
  EXPECT_EQ(problem({"node", "--stack-size=4000", (dir_.path() / "bot.py").string()}), std::nullopt);
}

TEST_F(InterpreterFiles, AMissingScriptIsNamedWithWhatItIs) {
  EXPECT_EQ(problem({"python3", "-u", "nothere.py"}), "its script nothere.py: no such file");
  EXPECT_EQ(problem({"python3", "-W", "ignore", "v1/nothere.py"}), "its script v1/nothere.py: no such file");
  EXPECT_EQ(problem({"java", "-jar", "gone.jar"}), "its jar gone.jar: no such file");
  EXPECT_EQ(problem({"java", "-cp", "bot.jar:lib/x.jar", "Bot"}), "its class path entry lib/x.jar: no such file");
  EXPECT_EQ(problem({"java", "Bot.java"}), "its source file Bot.java: no such file");
  EXPECT_EQ(problem({"mono", "Gone.exe"}), "its assembly Gone.exe: no such file");
  EXPECT_EQ(problem({"node", "-r", "x", "gone.js"}), "its script gone.js: no such file");
  EXPECT_EQ(problem({"perl", "-w", "gone.pl"}), "its script gone.pl: no such file");
  EXPECT_EQ(problem({"ruby", "gone.rb"}), "its script gone.rb: no such file");
  EXPECT_EQ(problem({"bash", "-e", "gone.sh"}), "its script gone.sh: no such file");
  EXPECT_EQ(problem({"python3", "~/bots/x.py"}),
            "its script ~/bots/x.py: no such file (the shell did not expand ~: write the full path)");
}

TEST_F(InterpreterFiles, CodeOnTheCommandLineAModuleOrAnotherProgramNamesNoFile) {
  EXPECT_EQ(problem({"python3", "-c", "print(1)"}), std::nullopt);
  EXPECT_EQ(problem({"python3", "-m", "mybot"}), std::nullopt);
  EXPECT_EQ(problem({"node", "-e", "1"}), std::nullopt);
  EXPECT_EQ(problem({"sh", "-c", "exec ./bot"}), std::nullopt);
  EXPECT_EQ(problem({"java", "Main"}), std::nullopt);
  EXPECT_EQ(problem({"./bot", "nothere.txt"}), std::nullopt);
  EXPECT_EQ(problem({"python3"}), std::nullopt);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
