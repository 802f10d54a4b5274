// The shell-style splitting of player commands and the execvp-like program lookup.
#include "amazes/arbiter/player_command.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "arbiter/process/launch_spec.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

using Words = std::vector<std::string>;

Words split_ok(std::string_view command) {
  SplitCommand split = split_command(command);
  EXPECT_TRUE(split.ok()) << command << ": " << split.error;
  return split.words;
}

TEST(SplitCommand, PlainWordsSeparatedByAnyBlanks) {
  EXPECT_EQ(split_ok("python3 bot.py --level 2"), (Words{"python3", "bot.py", "--level", "2"}));
  EXPECT_EQ(split_ok("  ./bot\t-x \n y  "), (Words{"./bot", "-x", "y"}));
}

TEST(SplitCommand, SingleQuotesKeepEverything) {
  EXPECT_EQ(split_ok("bot 'a b' 'c\\d' '$HOME'"), (Words{"bot", "a b", "c\\d", "$HOME"}));
}

TEST(SplitCommand, DoubleQuotesEscapeOnlyTheShellSpecials) {
  EXPECT_EQ(split_ok(R"(bot "a b" "q\"q" "back\\slash" "keep\n" "d\$")"),
            (Words{"bot", "a b", "q\"q", "back\\slash", "keep\\n", "d$"}));
}

TEST(SplitCommand, BackslashOutsideQuotesTakesTheNextCharacter) {
  EXPECT_EQ(split_ok(R"(my\ bot \'x \\)"), (Words{"my bot", "'x", "\\"}));
  EXPECT_EQ(split_ok("a\\\nb"), (Words{"ab"}));  // line continuation
}

TEST(SplitCommand, QuotedPartsJoinTheWordAroundThem) { EXPECT_EQ(split_ok(R"(a"b c"'d'e)"), (Words{"ab cde"})); }

TEST(SplitCommand, EmptyQuotesAreAnEmptyWord) { EXPECT_EQ(split_ok(R"(bot "" '')"), (Words{"bot", "", ""})); }

TEST(SplitCommand, NothingIsExpanded) {
  EXPECT_EQ(split_ok("bot $HOME * ~ a|b >out;c"), (Words{"bot", "$HOME", "*", "~", "a|b", ">out;c"}));
}

TEST(SplitCommand, Errors) {
  EXPECT_EQ(split_command("bot 'open").error, "unterminated single quote");
  EXPECT_EQ(split_command("bot \"open").error, "unterminated double quote");
  EXPECT_EQ(split_command("bot \\").error, "trailing backslash");
  EXPECT_EQ(split_command("").error, "empty command");
  EXPECT_EQ(split_command("  \t ").error, "empty command");
}

// A scratch directory with an executable, a plain file and a directory.
class FindProgram : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("amazes_find_program_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_ / "sub");
    std::ofstream(dir_ / "runme") << "#!/bin/sh\n";
    ::chmod((dir_ / "runme").c_str(), 0755);
    std::ofstream(dir_ / "plain") << "text\n";
    ::chmod((dir_ / "plain").c_str(), 0644);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(FindProgram, PathsAreCheckedAsGiven) {
  const std::string runme = (dir_ / "runme").string();
  EXPECT_EQ(find_program(runme, "").path, runme);
  EXPECT_EQ(find_program((dir_ / "nope").string(), "").error, (dir_ / "nope").string() + ": no such file");
  EXPECT_EQ(find_program((dir_ / "plain").string(), "").error, (dir_ / "plain").string() + ": not executable");
  EXPECT_EQ(find_program((dir_ / "sub").string(), "").error, (dir_ / "sub").string() + ": is a directory");
}

TEST_F(FindProgram, ContentTheKernelCannotRunIsRefusedBeforeTheMatch) {
  const auto executable = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    ::chmod((dir_ / name).c_str(), 0755);
    return (dir_ / name).string();
  };
  const std::string garbage = executable("garbage", "just text\n");
  const std::string empty = executable("empty", "");
  const std::string lost = executable("lost", "#!/nonexistent/python3 -u\nprint(1)\n");
  const std::string bare = executable("bare", "#!   \n");
  // The kernel would run a format binfmt_misc knows; then only an exec can tell.
  if (find_program(garbage, "").ok()) GTEST_SKIP() << "binfmt_misc has formats registered here";
  EXPECT_EQ(find_program(garbage, "").error, garbage + ": not a program (neither an ELF file nor a #! script)");
  EXPECT_EQ(find_program(empty, "").error, empty + ": not a program (neither an ELF file nor a #! script)");
  EXPECT_EQ(find_program(lost, "").error, lost + ": its interpreter /nonexistent/python3: no such file");
  EXPECT_EQ(find_program(bare, "").error, bare + ": its #! line names no interpreter");
  // Saved on Windows: the kernel looks for "/bin/sh\r" and the bot would die with exit 127.
  const std::string crlf = executable("crlf", "#!/bin/sh\r\necho F\r\n");
  EXPECT_EQ(find_program(crlf, "").error,
            crlf +
                ": its #! line ends in a carriage return (\\r, Windows line ends): the kernel would not find its "
                "interpreter; save the file with \\n line ends");
  EXPECT_TRUE(find_program("/bin/true", "").ok());                // ELF
  EXPECT_TRUE(find_program((dir_ / "runme").string(), "").ok());  // #!/bin/sh
  EXPECT_EQ(script_interpreter(lost), std::filesystem::path("/nonexistent/python3"));
  EXPECT_FALSE(script_interpreter("/bin/true").has_value());
}

TEST_F(FindProgram, BareNamesAreSearchedInOrder) {
  const std::string path = "/nonexistent:" + dir_.string() + ":/bin";
  EXPECT_EQ(find_program("runme", path).path, (dir_ / "runme").string());
  EXPECT_EQ(find_program("nope", path).error, "nope: not found in PATH");
  // Found, but not executable: say so rather than "not found".
  EXPECT_EQ(find_program("plain", dir_.string()).error, (dir_ / "plain").string() + ": not executable");
}

TEST_F(FindProgram, TheJudgesPathFindsStandardTools) {
  const ProgramLookup sh = find_program("sh");
  ASSERT_TRUE(sh.ok()) << sh.error;
  EXPECT_EQ(::access(sh.path.c_str(), X_OK), 0);
}

TEST_F(FindProgram, LaunchSpecErrorsNameThePlayer) {
  const LaunchSpecResult missing = make_launch_spec("x", "./surely-not-here --fast");
  EXPECT_EQ(missing.error, "player 'x': ./surely-not-here: no such file");
  const LaunchSpecResult unsplittable = make_launch_spec("y", "bot 'oops");
  EXPECT_EQ(unsplittable.error, "player 'y': cannot split command 'bot 'oops': unterminated single quote");
  const LaunchSpecResult plain = make_launch_spec("z", (dir_ / "plain").string());
  EXPECT_EQ(plain.error, "player 'z': " + (dir_ / "plain").string() + ": not executable");
}

TEST_F(FindProgram, LaunchSpecSplitsAndResolves) {
  const LaunchSpecResult sh = make_launch_spec("s", "sh -c 'echo hi'");
  ASSERT_TRUE(sh.ok()) << sh.error;
  EXPECT_EQ(sh.spec.argv, (Words{"sh", "-c", "echo hi"}));
  EXPECT_EQ(sh.spec.program, find_program("sh").path);
}

TEST_F(FindProgram, APathWithBlanksNeedsNoQuotes) {
  const std::filesystem::path spaced = dir_ / "my bot";
  std::filesystem::copy_file(dir_ / "runme", spaced);
  const LaunchSpecResult result = make_launch_spec("b", spaced.string());
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.spec.argv, (Words{spaced.string()}));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
