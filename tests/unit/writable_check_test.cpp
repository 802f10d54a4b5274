// files::check_writable_file and check_writable_folder: a real write, so that what root's
// access() allows but the kernel refuses (/proc) is found, and nothing is left behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "amazes/files/text_file.hpp"
#include "support/files.hpp"

namespace amazes {
namespace {

using namespace testing;  // amazes::testing: the helpers of tests/support

namespace fs = std::filesystem;

std::string refusal(void (*check)(const fs::path&), const fs::path& path) {
  try {
    check(path);
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
  files::check_writable_folder(dir.path() / "out");
  EXPECT_TRUE(fs::is_empty(dir.path() / "out"));
}

TEST(WritableCheck, RefusesWhatCannotBeWritten) {
  ScratchDir dir("writable");
  EXPECT_EQ(refusal(files::check_writable_file, dir.path()),
            dir.path().string() + ": is a directory, expected a file to write");
  write_file(dir.path() / "file", "x");
  EXPECT_EQ(refusal(files::check_writable_folder, dir.path() / "file"),
            (dir.path() / "file").string() + ": is not a folder, expected a folder to write in");
  EXPECT_NE(refusal(files::check_writable_file, dir.path() / "file" / "x.json").find("cannot make the folder"),
            std::string::npos);
  // /proc/self is a folder that root's access(W_OK) passes and nobody can write in.
  EXPECT_EQ(refusal(files::check_writable_file, "/proc/self/x.json")
                .rfind("/proc/self/x.json: cannot write in /proc/self: ", 0),
            0U);
  EXPECT_EQ(refusal(files::check_writable_folder, "/proc/none/out")
                .rfind("/proc/none/out: cannot make the folder /proc/none/out: ", 0),
            0U);
}

}  // namespace
}  // namespace amazes
