// Where a maze named by the user is found (src/cli/data_directory.hpp): from the working
// directory, else in the judge's data directory; and which mazes are the bundled, public ones.
#include "cli/data_directory.hpp"

#include <gtest/gtest.h>

#include "support/files.hpp"

namespace amazes::cli {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using testing::ScratchDir;
using testing::write_file;

// Runs in `dir` for as long as it lives.
class InFolder {
 public:
  explicit InFolder(const fs::path& dir) : before_(fs::current_path()) { fs::current_path(dir); }
  ~InFolder() { fs::current_path(before_); }
  InFolder(const InFolder&) = delete;
  InFolder& operator=(const InFolder&) = delete;

 private:
  fs::path before_;
};

struct Folders {
  ScratchDir work{"data-dir-work"};
  ScratchDir data{"data-dir-data"};
  Folders() {
    fs::create_directories(data.path() / "mazes" / "official");
    write_file(data.path() / "mazes" / "official" / "maze01.txt", "");
    fs::create_directories(work.path() / "mine");
    write_file(work.path() / "mine" / "m.txt", "");
  }
};

TEST(DataDirectory, AProgramOfTheBuildTreeHasTheSourceTree) {
  // This test's program lies in the build tree, as build/amazes does.
  EXPECT_EQ(data_directory(), fs::path(AMAZES_SOURCE_DIR));
  EXPECT_TRUE(fs::is_directory(data_directory() / "mazes" / "official"));
}

TEST(DataDirectory, APathFromTheWorkingDirectoryIsKeptAsGiven) {
  Folders folders;
  InFolder in(folders.work.path());
  EXPECT_EQ(find_maze("mine/m.txt", folders.data.path()), fs::path("mine/m.txt"));
  EXPECT_EQ(find_maze("mine", folders.data.path()), fs::path("mine"));
  // Absolute paths are never looked up elsewhere: the reader names them when they are missing.
  EXPECT_EQ(find_maze("/nonexistent/m.txt", folders.data.path()), fs::path("/nonexistent/m.txt"));
}

TEST(DataDirectory, ARelativePathMissingHereIsFoundInTheDataDirectory) {
  Folders folders;
  InFolder in(folders.work.path());
  EXPECT_EQ(find_maze("mazes/official", folders.data.path()), folders.data.path() / "mazes/official");
  EXPECT_EQ(find_maze("mazes/official/maze01.txt", folders.data.path()),
            folders.data.path() / "mazes/official/maze01.txt");
  // The working directory's own comes first.
  fs::create_directories(folders.work.path() / "mazes" / "official");
  EXPECT_EQ(find_maze("mazes/official", folders.data.path()), fs::path("mazes/official"));
}

TEST(DataDirectory, AMazeFoundNowhereIsNamedWithBothPlaces) {
  Folders folders;
  InFolder in(folders.work.path());
  try {
    find_maze("mazes/none.txt", folders.data.path());
    FAIL() << "found";
  } catch (const MazeNotFound& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("mazes/none.txt: "), std::string::npos) << what;
    EXPECT_NE(what.find(fs::current_path().string()), std::string::npos) << what;
    EXPECT_NE(what.find(folders.data.path().string()), std::string::npos) << what;
  }
}

TEST(DataDirectory, OnlyTheDataDirectorysMazesAreBundled) {
  Folders folders;
  InFolder in(folders.work.path());
  const fs::path data = folders.data.path();
  EXPECT_TRUE(is_bundled_maze(data / "mazes", data));
  EXPECT_TRUE(is_bundled_maze(data / "mazes/official/maze01.txt", data));
  EXPECT_TRUE(is_bundled_maze(find_maze("mazes/official", data), data));
  EXPECT_FALSE(is_bundled_maze("mine/m.txt", data));
  EXPECT_FALSE(is_bundled_maze(data / "config", data));
  EXPECT_FALSE(is_bundled_maze(data / "mazes-of-mine", data));
  EXPECT_FALSE(is_bundled_maze(data / "mazes/../secret.txt", data));
  EXPECT_FALSE(is_bundled_maze(data / "mazes", fs::path()));
}

TEST(DataDirectory, OnlyTheDataDirectorysConfigsAreBundled) {
  Folders folders;
  InFolder in(folders.work.path());
  const fs::path data = folders.data.path();
  EXPECT_TRUE(is_bundled_config(data / "config/bundled-bots.ini", data));
  EXPECT_FALSE(is_bundled_config("config/bundled-bots.ini", data));  // the working directory's
  EXPECT_FALSE(is_bundled_config(data / "config/../mine.ini", data));
  EXPECT_FALSE(is_bundled_config(data / "mazes/official", data));
  EXPECT_FALSE(is_bundled_config(data / "config/x.ini", fs::path()));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::cli
