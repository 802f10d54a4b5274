// Which files are submissions, and whose: the names a contestant may take, and how a file's name
// is shown whatever bytes it holds.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "submissions/submission_list.hpp"
#include "support/files.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;

TEST(SubmissionList, AContestantsNameIsAsciiLettersDigitsDashAndUnderscore) {
  for (const char* name : {"alice", "Bob_2", "built-alice", "x", "report"}) {
    EXPECT_EQ(contestant_name_problem(name), "") << name;
  }
  EXPECT_EQ(contestant_name_problem(std::string(64, 'a')), "");
  EXPECT_NE(contestant_name_problem(std::string(65, 'a')).find("longer than 64 bytes"), std::string::npos);
  for (const char* name : {"report.txt", "a b", "a/b", "..", "\xd0\xb0lice", "a+b", "\x1b[2J"}) {
    EXPECT_NE(contestant_name_problem(name).find("is not a contestant's name"), std::string::npos) << name;
  }
  EXPECT_EQ(contestant_name_problem("\xd0\xb0lice").find('\xd0'), std::string::npos) << "shown escaped";
}

TEST(SubmissionList, AFileNameIsShownAsPrintableAsciiAlone) {
  EXPECT_EQ(shown_file_name("alice.c"), "alice.c");
  EXPECT_EQ(shown_file_name("m\n\x1b]0;t\x07.c"), "m\\x0a\\x1b]0;t\\x07.c");
  EXPECT_EQ(shown_file_name("\xd0\xb0lice.c"), "\\xd0\\xb0lice.c");
  EXPECT_EQ(shown_file_name("a\\x0a.c"), "a\\x5cx0a.c") << "a backslash cannot pose as an escape";
}

TEST(SubmissionList, NamesEqualButForCaseAreRefusedBoth) {
  const testing::ScratchDir scratch("submission-list");
  const fs::path& dir = scratch.path();
  for (const char* file : {"Carol.c", "carol.py", "dave.c", "report.txt.c", "noextension"}) {
    std::ofstream(dir / file) << "x\n";
  }
  const auto found = find_submissions({dir});
  ASSERT_EQ(found.size(), 5U);
  std::map<std::string, std::string> problem;
  for (const auto& s : found) problem[s.shown] = s.problem;
  EXPECT_NE(problem["Carol.c"].find("2 submissions are named 'Carol' (letter case aside)"), std::string::npos);
  EXPECT_NE(problem["carol.py"].find("2 submissions are named 'carol'"), std::string::npos);
  EXPECT_EQ(problem["dave.c"], "");
  EXPECT_NE(problem["report.txt.c"].find("'report.txt' is not a contestant's name"), std::string::npos);
  EXPECT_NE(problem["noextension"].find("no extension"), std::string::npos);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
