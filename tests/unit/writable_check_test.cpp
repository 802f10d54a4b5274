// files::check_writable_file: a real write, so that what root's access() allows but the kernel
// refuses (/proc) is found, and nothing is left behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "amazes/files/text_file.hpp"
#include "support/files.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

namespace fs = std::filesystem;

std::string refusal(const fs::path& path) {
  try {
    files::check_writable_file(path);
  } catch (const files::FileError& e) {
    return e.what();
  }
  return "";
}

TEST(WritableCheck, MakesMissingFoldersAndLeavesNoFile) {
  ScratchDir dir("writable");
  files::check_writable_file(dir.path() / "a" / "b" / "log.json");
  EXPECT_TRUE(fs::is_directory(dir.path() / "a" / "b"));
  EXPECT_TRUE(fs::is_empty(dir.path() / "a" / "b"));
}

TEST(WritableCheck, RefusesWhatCannotBeWritten) {
  ScratchDir dir("writable");
  EXPECT_EQ(refusal(dir.path()), dir.path().string() + ": is a directory, expected a file to write");
  write_file(dir.path() / "file", "x");
  EXPECT_NE(refusal(dir.path() / "file" / "x.json").find("cannot make the folder"), std::string::npos);
  // /proc/self is a folder that root's access(W_OK) passes and nobody can write in.
  EXPECT_EQ(refusal("/proc/self/x.json").rfind("/proc/self/x.json: cannot write in /proc/self: ", 0), 0U);
  EXPECT_EQ(refusal("/proc/none/x.json").rfind("/proc/none/x.json: cannot make the folder /proc/none: ", 0), 0U);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
