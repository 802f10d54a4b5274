// What a sandboxed player is given of the file system (src/arbiter/player_files.hpp): paths
// resolved as the kernel resolves them (path_resolution.hpp), only what they resolve to bound,
// the way there reproduced, and a contestant's own files never widening what is bound.
#include "arbiter/sandbox/player_files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>

#include "support/files.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using testing::ScratchDir;
using testing::write_file;

// An executable file (a script when `text` starts with #!).
void program(const fs::path& path, const std::string& text = "") {
  fs::create_directories(path.parent_path());
  write_file(path, text);
  fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read | fs::perms::group_exec |
                            fs::perms::others_exec);
}

LaunchSpec command(const fs::path& program, std::vector<std::string> args = {}) {
  LaunchSpec spec;
  spec.program = program;
  spec.argv = {program.filename().string()};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  return spec;
}

bool has(const std::vector<fs::path>& list, const fs::path& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// ---------------------------------------------------------------------------------------------
// The resolution itself.

TEST(PathResolution, FollowsLinksWhereTheyAreMetAndGoesUpFromWhereTheyLed) {
  ScratchDir dir("resolve");
  const fs::path root = fs::canonical(dir.path());
  fs::create_directories(root / "a" / "b" / "c");
  fs::create_directories(root / "x");
  fs::create_symlink(root / "a" / "b" / "c", root / "x" / "deep");  // absolute
  fs::create_symlink("../a", root / "x" / "up");                    // relative to x
  write_file(root / "a" / "file", "");
  // Lexically x/deep/../../file is x/file, which does not exist; the kernel goes to a/b/c first.
  const auto deep = resolve_path(root / "x" / "deep" / ".." / ".." / "file", "/");
  ASSERT_TRUE(deep.ok()) << deep.error;
  EXPECT_EQ(deep.real, root / "a" / "file");
  EXPECT_EQ(deep.links, (std::vector<WayLink>{{root / "x" / "deep", root / "a" / "b" / "c"}}));
  EXPECT_TRUE(has(deep.folders, root / "a" / "b"));
  const auto up = resolve_path("x/up/file", root);
  ASSERT_TRUE(up.ok()) << up.error;
  EXPECT_EQ(up.real, root / "a" / "file");
}

TEST(PathResolution, SaysWhichPartDoesNotResolve) {
  ScratchDir dir("resolve-bad");
  const fs::path root = fs::canonical(dir.path());
  write_file(root / "file", "");
  fs::create_symlink("loop", root / "loop");
  EXPECT_EQ(resolve_path(root / "missing" / "x", "/").error, (root / "missing").string() + ": no such file or folder");
  EXPECT_EQ(resolve_path(root / "file" / "x", "/").error, (root / "file").string() + ": not a folder");
  EXPECT_EQ(resolve_path(root / "loop", "/").error, (root / "loop").string() + ": too many levels of links");
}

// ---------------------------------------------------------------------------------------------
// What a command brings.

TEST(PlayerFiles, ANativeBotGetsItsFolderAndWorksThere) {
  ScratchDir dir("files-native");
  const fs::path root = fs::canonical(dir.path());
  program(root / "bots" / "hunter" / "hunter");
  const auto found = player_files(command("bots/hunter/hunter", {"--level", "2"}), root);
  ASSERT_TRUE(found.ok()) << found.error;
  EXPECT_EQ(found.files.program, root / "bots" / "hunter" / "hunter");
  EXPECT_EQ(found.files.bound, std::vector<fs::path>{root / "bots" / "hunter"});
  EXPECT_EQ(found.files.home, root / "bots" / "hunter");
  EXPECT_EQ(found.files.argv, (std::vector<std::string>{"hunter", "--level", "2"}));  // they name nothing
  EXPECT_TRUE(has(found.files.way, root / "bots"));                                   // empty, only traversable
  EXPECT_TRUE(found.files.links.empty());
}

TEST(PlayerFiles, AnInterpreterOfTheSystemWorksInItsScriptsFolder) {
  ScratchDir dir("files-script");
  const fs::path root = fs::canonical(dir.path());
  fs::create_directories(root / "bots" / "py");
  write_file(root / "bots" / "py" / "bot.py", "print()\n");
  fs::create_directories(root / "data");
  write_file(root / "data" / "weights.bin", "");
  LaunchSpec spec;
  spec.program = "/usr/bin/python3";
  spec.argv = {"python3", "bots/py/bot.py", "data/weights.bin"};
  const auto found = player_files(spec, root);
  ASSERT_TRUE(found.ok()) << found.error;
  // The interpreter is in the runtime; the script's folder and the named file's come along,
  // the paths made absolute (the working directory changes).
  EXPECT_EQ(found.files.bound, (std::vector<fs::path>{root / "bots" / "py", root / "data"}));
  EXPECT_EQ(found.files.home, root / "bots" / "py");
  EXPECT_EQ(found.files.argv, (std::vector<std::string>{"python3", (root / "bots/py/bot.py").string(),
                                                        (root / "data/weights.bin").string()}));
}

TEST(PlayerFiles, AnInterpreterNamedOnTheCommandLineBringsItsTree) {
  ScratchDir dir("files-tree");
  const fs::path root = fs::canonical(dir.path());
  program(root / "python" / "bin" / "python3");
  fs::create_directories(root / "bots" / "p");
  write_file(root / "bots" / "p" / "bot.py", "print()\n");
  const auto found = player_files(command(root / "python" / "bin" / "python3", {"bots/p/bot.py"}), root);
  ASSERT_TRUE(found.ok()) << found.error;
  EXPECT_EQ(found.files.bound, (std::vector<fs::path>{root / "bots" / "p", root / "python"}));
  EXPECT_EQ(found.files.home, root / "bots" / "p");
}

// A bot's own "#!" line does not choose what else it sees: an interpreter outside its folder and
// the runtime is refused; one in the runtime or in its own folder (a virtual environment) is not.
TEST(PlayerFiles, AHashBangLineCannotBringAFolderFromElsewhere) {
  ScratchDir dir("files-hashbang");
  const fs::path root = fs::canonical(dir.path());
  program(root / "python" / "bin" / "python3");
  program(root / "bots" / "p" / "bot", "#!" + (root / "python/bin/python3").string() + " -u\n");
  const auto outside = player_files(command(root / "bots" / "p" / "bot"), "/");
  EXPECT_NE(outside.error.find("resolves to " + (root / "python/bin/python3").string() + ", outside its folder"),
            std::string::npos)
      << outside.error;
  program(root / "bots" / "v" / "venv" / "bin" / "python3");
  program(root / "bots" / "v" / "bot", "#!" + (root / "bots/v/venv/bin/python3").string() + "\n");
  const auto own = player_files(command(root / "bots" / "v" / "bot"), "/");
  ASSERT_TRUE(own.ok()) << own.error;
  EXPECT_EQ(own.files.bound, std::vector<fs::path>{root / "bots" / "v"});
  program(root / "bots" / "s" / "bot", "#!/bin/sh\n");
  EXPECT_TRUE(player_files(command(root / "bots" / "s" / "bot"), "/").ok());
}

// The review's attack: "#!bots/evil/s1/../../bin/py" where s1 leads into another bot's folder.
// Read lexically it is bots/bin/py, and the whole of bots/ was bound; the kernel goes through s1.
TEST(PlayerFiles, AHashBangThroughALinkAndDotDotIsReadAsTheKernelReadsIt) {
  ScratchDir dir("files-dotdot");
  const fs::path root = fs::canonical(dir.path());
  program(root / "bots" / "bin" / "py");  // what the lexical reading finds
  program(root / "bots" / "bob" / "bin" / "py");
  fs::create_directories(root / "bots" / "bob" / "x" / "y");
  fs::create_directories(root / "bots" / "evil");
  fs::create_symlink(root / "bots" / "bob" / "x" / "y", root / "bots" / "evil" / "s1");
  program(root / "bots" / "evil" / "run", "#!" + (root / "bots/evil/s1/../../bin/py").string() + "\n");
  const auto found = player_files(command(root / "bots" / "evil" / "run"), "/");
  EXPECT_NE(found.error.find("resolves to " + (root / "bots/bob/bin/py").string()), std::string::npos) << found.error;

  // Through a link into the runtime it resolves there, and the way is made again inside: the
  // link itself lies in the bound folder, the folders it passes are the runtime's.
  fs::create_directories(root / "bots" / "fine");
  fs::create_symlink("/usr/lib", root / "bots" / "fine" / "s1");
  program(root / "bots" / "fine" / "run", "#!" + (root / "bots/fine/s1/../bin/sh").string() + "\n");
  const auto fine = player_files(command(root / "bots" / "fine" / "run"), "/");
  ASSERT_TRUE(fine.ok()) << fine.error;
  EXPECT_EQ(fine.files.bound, std::vector<fs::path>{root / "bots" / "fine"});
  EXPECT_TRUE(fine.files.links.empty());
}

TEST(PlayerFiles, AProgramThatIsALinkOutOfItsFolderIsRefused) {
  ScratchDir dir("files-link");
  const fs::path root = fs::canonical(dir.path());
  program(root / "bots" / "bob" / "bob");
  fs::create_directories(root / "bots" / "evil");
  fs::create_symlink(root / "bots" / "bob" / "bob", root / "bots" / "evil" / "evil");
  const auto out = player_files(command(root / "bots" / "evil" / "evil"), "/");
  EXPECT_NE(out.error.find("is a link to " + (root / "bots/bob/bob").string() + ", outside its folder"),
            std::string::npos)
      << out.error;
  // Within its folder, or into the runtime: fine.
  fs::create_directories(root / "bots" / "alice" / "v3");
  program(root / "bots" / "alice" / "v3" / "alice");
  fs::create_symlink("v3/alice", root / "bots" / "alice" / "alice");
  EXPECT_TRUE(player_files(command(root / "bots" / "alice" / "alice"), "/").ok());
  fs::create_directories(root / "bots" / "sh");
  fs::create_symlink("/bin/sh", root / "bots" / "sh" / "sh");
  EXPECT_TRUE(player_files(command(root / "bots" / "sh" / "sh"), "/").ok());
}

// A folder the organiser names through a link of its own (/srv/bots → /data/bots) is bound where
// it is, and the link is made again inside, so the command's path still resolves there. A link
// in the bot's own folder that leads out of it is the contestant's, and refused.
TEST(PlayerFiles, NamedPathsAreBoundWhereTheyResolve) {
  ScratchDir dir("files-named");
  const fs::path root = fs::canonical(dir.path());
  program(root / "data" / "bots" / "x" / "x");
  fs::create_directories(root / "data" / "weights");
  fs::create_directories(root / "srv");
  fs::create_symlink(root / "data", root / "srv" / "link");
  const auto named = player_files(command(root / "srv" / "link" / "bots" / "x" / "x", {"srv/link/weights"}), root);
  ASSERT_TRUE(named.ok()) << named.error;
  EXPECT_EQ(named.files.bound, (std::vector<fs::path>{root / "data" / "bots" / "x", root / "data" / "weights"}));
  EXPECT_EQ(named.files.links, (std::vector<WayLink>{{root / "srv" / "link", root / "data"}}));
  EXPECT_TRUE(has(named.files.way, root / "srv"));
  EXPECT_EQ(named.files.program, root / "srv" / "link" / "bots" / "x" / "x");  // as written, resolving inside
  EXPECT_EQ(named.files.argv[1], (root / "srv/link/weights").string());

  fs::create_directories(root / "secret");
  fs::create_symlink(root / "secret", root / "data" / "bots" / "x" / "data");
  const auto leak = player_files(command(root / "data" / "bots" / "x" / "x", {"data/bots/x/data"}), root);
  EXPECT_NE(leak.error.find("leads out of its folder"), std::string::npos) << leak.error;
}

// A Java class path names several paths in one word: each element is bound as a word of its own
// would be, a wildcard brings its folder, and a link of the bot's folder may not lead out.
TEST(PlayerFiles, EveryElementOfAJavaClassPathIsBound) {
  ScratchDir dir("files-classpath");
  const fs::path root = fs::canonical(dir.path());
  fs::create_directories(root / "bots" / "carol" / "lib");
  write_file(root / "bots" / "carol" / "carol.jar", "");
  fs::create_directories(root / "shared" / "jars");
  LaunchSpec spec;
  spec.program = "/usr/bin/java";
  spec.argv = {"java", "-cp", "bots/carol/carol.jar:shared/jars/*:missing.jar", "Carol"};
  const auto found = player_files(spec, root);
  ASSERT_TRUE(found.ok()) << found.error;
  EXPECT_EQ(found.files.bound, (std::vector<fs::path>{root / "bots" / "carol", root / "shared" / "jars"}));
  EXPECT_EQ(found.files.home, root / "bots" / "carol");
  EXPECT_EQ(found.files.argv[2],
            (root / "bots/carol/carol.jar").string() + ":" + (root / "shared/jars").string() + "/*:missing.jar");

  spec.argv = {"java", "--class-path=bots/carol/lib", "Carol"};
  const auto equals = player_files(spec, root);
  ASSERT_TRUE(equals.ok()) << equals.error;
  EXPECT_EQ(equals.files.bound, (std::vector<fs::path>{root / "bots" / "carol" / "lib"}));
  EXPECT_EQ(equals.files.argv[1], "--class-path=" + (root / "bots/carol/lib").string());

  fs::create_directories(root / "secret");
  fs::create_symlink(root / "secret", root / "bots" / "carol" / "more");
  spec.argv = {"java", "-classpath", "bots/carol/carol.jar:bots/carol/more", "Carol"};
  const auto leak = player_files(spec, root);
  EXPECT_NE(leak.error.find("leads out of its folder"), std::string::npos) << leak.error;
}

TEST(PlayerFiles, NothingOfTheHostsKernelFoldersOrTheWholeTreeIsBound) {
  ScratchDir dir("files-kernel");
  const fs::path root = fs::canonical(dir.path());
  program(root / "bots" / "x" / "x");
  fs::create_directories(root / "bots" / "bob");
  // /proc/self/root/… resolves on the host into another bot's folder; inside, into its own root.
  const auto proc =
      player_files(command(root / "bots" / "x" / "x", {"/proc/self/root" + (root / "bots/bob").string()}), "/");
  ASSERT_TRUE(proc.ok()) << proc.error;
  EXPECT_EQ(proc.files.bound, std::vector<fs::path>{root / "bots" / "x"});
  const auto everything = player_files(command(root / "bots" / "x" / "x", {"/"}), "/");
  EXPECT_NE(everything.error.find("would show"), std::string::npos) << everything.error;
  const auto etc = player_files(command(root / "bots" / "x" / "x", {"/etc"}), "/");
  EXPECT_NE(etc.error.find("would show"), std::string::npos) << etc.error;
}

TEST(PlayerFiles, AFileRightInAScratchDirectoryComesAlone) {
  const fs::path bot = fs::path("/tmp") / ("amazes-files-alone-" + std::to_string(::getpid()));
  program(bot);
  const auto found = player_files(command(bot), "/");
  fs::remove(bot);
  ASSERT_TRUE(found.ok()) << found.error;
  EXPECT_EQ(found.files.bound, std::vector<fs::path>{bot});  // not all of /tmp
  EXPECT_FALSE(found.files.home.has_value());                // it works in /
}

TEST(PlayerFiles, WhatTheKernelWillOpenIsListedForThePlayersUid) {
  ScratchDir dir("files-needs");
  const fs::path root = fs::canonical(dir.path());
  program(root / "bots" / "s" / "bot", "#!/bin/sh\n");
  const auto found = player_files(command(root / "bots" / "s" / "bot"), "/");
  ASSERT_TRUE(found.ok()) << found.error;
  const auto needs = found.files.needs;
  const auto needed = [&](const fs::path& path, int mode) {
    return std::any_of(needs.begin(), needs.end(), [&](const auto& n) { return n.path == path && n.mode == mode; });
  };
  EXPECT_TRUE(needed(root / "bots" / "s" / "bot", X_OK));
  EXPECT_TRUE(needed(root / "bots" / "s" / "bot", R_OK));  // a script is read by its interpreter
  EXPECT_TRUE(needed(fs::canonical("/bin/sh"), X_OK));
  EXPECT_TRUE(needed(root / "bots" / "s", X_OK));  // its working directory
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
