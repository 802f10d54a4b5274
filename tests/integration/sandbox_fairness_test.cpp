// Fair contests: a sandboxed bot sees only its own files and the system's runtime —
// never the maze, the config, the results store, the logs or another bot —, gets nothing of the
// judge's environment or descriptors, and cannot make the system calls a container runtime
// denies. A layout that would show a secret to a bot is refused before the first game.
//
// The contests here are laid out as an organiser would: in folders outside /tmp (under the
// build directory), world-readable as usual, one folder per bot, and played by the real
// `amazes` binary with real bot programs.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "amazes/files/zstd_text.hpp"
#include "support/files.hpp"
#include "support/i386_calls.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using testing::amazes_exe;
using testing::bot_path;
using testing::run_command;
using testing::shell_quote;

// A contest folder under the build directory (not /tmp), removed afterwards.
class ContestDir {
 public:
  explicit ContestDir(const std::string& tag)
      : path_(testing::binary_dir() / ("contest-" + tag + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
    fs::permissions(path_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
  }
  ~ContestDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }
  // Copies a built program into bots/NAME/NAME.
  fs::path add_bot(const std::string& name, const fs::path& program) const {
    const fs::path dir = path_ / "bots" / name;
    fs::create_directories(dir);
    fs::copy_file(program, dir / name, fs::copy_options::overwrite_existing);
    return dir / name;
  }

 private:
  fs::path path_;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The line the judge printed that names what is wrong (amazes prints one error line).
std::string error_line(const std::string& output) {
  for (const auto& line : lines_of(output)) {
    if (line.find("error:") != std::string::npos) return line;
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// The peeking bot.

TEST(SandboxFairness, APeekingBotReadsItsOwnFilesAndNothingOfTheContest) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  const ContestDir contest("peek");
  const fs::path c = contest.path();
  fs::create_directories(c / "mazes");
  fs::copy_file(testing::source_dir() / "mazes" / "maze-0001.maze", c / "mazes" / "maze01.txt");
  fs::copy_file(testing::source_dir() / "mazes" / "maze-0002.maze", c / "mazes" / "maze02.txt");
  contest.add_bot("peek", bot_path("peek"));
  contest.add_bot("explorer", testing::player_path("explorer"));
  testing::write_file(c / "contest.ini",
                      "rounds = 2\nturns = 20\n[players]\npeek = bots/peek/peek\nexplorer = bots/explorer/explorer\n");
  // What it tries: every secret of the contest, of the machine and of the judge. Round 2 is
  // when round 1's logs and the store's rows exist.
  const std::vector<fs::path> secrets = {c / "mazes" / "maze01.txt",
                                         c / "mazes" / "maze02.txt",
                                         c / "mazes",
                                         c / "contest.ini",
                                         c / "out" / "results.sqlite",
                                         c / "out" / "results.sqlite-wal",
                                         c / "out" / "matches" / "r01-peek-explorer.json.zst",
                                         c / "out" / "matches" / "r01-explorer-peek.json.zst",
                                         c / "out" / "matches",
                                         c / "out",
                                         c / "bots" / "explorer" / "explorer",
                                         c / "bots" / "explorer",
                                         c / "bots",
                                         c,  // the judge's working directory
                                         testing::source_dir() / "mazes",
                                         testing::source_dir(),
                                         "/etc/shadow",
                                         "/root",
                                         "/home",
                                         "/srv",
                                         "/opt",
                                         "/mnt",
                                         "/media",
                                         "/var"};
  std::string targets;
  for (const auto& path : secrets) targets += path.string() + "\n";
  targets += "/proc/1/environ\n/proc/1/cmdline\n";
  testing::write_file(c / "bots" / "peek" / "targets.txt", targets);
  // A marker in the judge's environment that must reach no bot.
  const std::string marker = "AMAZES_FAIRNESS_MARKER_" + std::to_string(::getpid());
  const auto run = run_command("cd " + shell_quote(c.string()) + " && env " + marker + "=secret " + amazes_exe() +
                               " tournament --config contest.ini --mazes mazes --out out -q --sandbox " +
                               testing::isolation_under_test() + " 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;

  for (const char* id : {"r02-peek-explorer", "r02-explorer-peek"}) {
    SCOPED_TRACE(id);
    const auto log = nlohmann::json::parse(
        files::read_text_maybe_compressed(c / "out" / "matches" / (std::string(id) + ".json.zst"), 1U << 26));
    const std::string color = log["players"]["red"]["name"] == "peek" ? "red" : "blue";
    const auto& result = log["result"][color];
    ASSERT_TRUE(result["fault"].is_null()) << result.dump();
    const std::string said = result["stderr"];
    std::map<std::string, std::string> found;  // path -> what it got
    std::set<std::string> env;
    std::string fds;
    for (const auto& line : lines_of(said)) {
      std::smatch m;
      if (std::regex_match(line, m, std::regex("peek: env ([A-Za-z_0-9]+)=.*"))) {
        env.insert(m[1]);
      } else if (line.rfind("peek: fds:", 0) == 0) {
        fds = line;
      } else if (std::regex_match(line, m, std::regex("peek: (/[^:]*): (.*)"))) {
        found[m[1]] = m[2];
      }
    }
    // Its own data: a sandbox that hid everything would fail here.
    EXPECT_NE(said.find("peek: own data: ok"), std::string::npos) << said;
    for (const auto& path : secrets) {
      ASSERT_EQ(found.count(path.string()), 1U) << path << " not tried:\n" << said;
      const std::string& got = found[path.string()];
      // Not there at all, or a folder on the way to its own, which it may only traverse.
      EXPECT_TRUE(got == "No such file or directory" || got == "Permission denied") << path << ": " << got;
    }
    // Its pid 1 is bubblewrap's, with the same scrubbed environment and no layout on its
    // command line, or, in the namespaces sandbox, root's and invisible to it (hidepid);
    // nothing of the judge's environment anywhere.
    EXPECT_EQ(said.find(marker), std::string::npos) << said;
    EXPECT_EQ(env, (std::set<std::string>{"HOME", "LANG", "LC_ALL", "PATH", "PWD", "TZ"})) << said;
    EXPECT_NE(said.find("peek: env HOME=" + (c / "bots" / "peek").string()), std::string::npos) << said;
    EXPECT_EQ(fds, "peek: fds: 0 1 2") << said;
  }
}

// ---------------------------------------------------------------------------------------------
// Layouts that leak are refused before the first game.

struct LeakCase {
  std::string name;
  std::string command;   // run in the contest folder
  std::string secret;    // as the refusal names it
  std::string left_out;  // what must not have been created
};

TEST(SandboxFairness, ALayoutThatShowsASecretToABotIsRefused) {
  const ContestDir contest("leak");
  const fs::path c = contest.path();
  contest.add_bot("peek", bot_path("peek"));
  contest.add_bot("explorer", testing::player_path("explorer"));
  fs::create_directories(c / "bots" / "peek" / "mazes");
  fs::copy_file(testing::source_dir() / "mazes" / "maze-0001.maze", c / "bots" / "peek" / "maze01.txt");
  fs::copy_file(testing::source_dir() / "mazes" / "maze-0001.maze", c / "bots" / "peek" / "mazes" / "maze01.txt");
  testing::write_file(c / "bots" / "explorer" / "contest.ini",
                      "[players]\npeek = bots/peek/peek\nexplorer = bots/explorer/explorer\n");
  const std::string players = " bots/peek/peek bots/explorer/explorer";
  const std::vector<LeakCase> cases = {
      {"match, the maze file", " match --maze bots/peek/maze01.txt" + players, "the maze file bots/peek/maze01.txt",
       ""},
      {"tournament, the maze folder", " tournament --mazes bots/peek/mazes --out out1" + players,
       "the maze folder bots/peek/mazes", "out1"},
      {"tournament, the config file", " tournament --config bots/explorer/contest.ini --out out2",
       "the config file bots/explorer/contest.ini", "out2"},
      {"tournament, the output folder", " tournament --out bots/peek/out3" + players,
       "the output folder bots/peek/out3", "bots/peek/out3"},
      {"versus, the maze folder",
       " versus bots/peek/peek bots/explorer/explorer --games 2 --mazes bots/peek/mazes --out out4",
       "the maze folder bots/peek/mazes", "out4"},
      {"versus, the output folder", " versus bots/peek/peek bots/explorer/explorer --games 2 --out bots/explorer/out5",
       "the output folder bots/explorer/out5", "bots/explorer/out5"},
  };
  for (const auto& leak : cases) {
    SCOPED_TRACE(leak.name);
    const auto run = run_command("cd " + shell_quote(c.string()) + " && " + amazes_exe() + leak.command + " 2>&1");
    EXPECT_EQ(run.exit_code, 2) << run.output;
    const std::string line = error_line(run.output);
    const std::string player = leak.secret.find("explorer") != std::string::npos ? "explorer" : "peek";
    EXPECT_NE(line.find("player '" + player + "'"), std::string::npos) << run.output;
    EXPECT_NE(line.find(leak.secret), std::string::npos) << run.output;
    EXPECT_NE(line.find((c / "bots" / player).string()), std::string::npos) << run.output;
    EXPECT_NE(line.find("one folder per bot"), std::string::npos) << run.output;
    if (!leak.left_out.empty()) {
      EXPECT_FALSE(fs::exists(c / leak.left_out)) << leak.left_out;
    }
  }
  // The same layout without a sandbox hides nothing anyway: nothing to refuse.
  const auto none = run_command("cd " + shell_quote(c.string()) + " && " + amazes_exe() +
                                " match --turns 2 --sandbox none --maze bots/peek/maze01.txt" + players + " 2>&1");
  EXPECT_EQ(none.exit_code, 0) << none.output;
}

TEST(SandboxFairness, BotsThatShareAFolderPlayWithAWarning) {
  const ContestDir contest("shared");
  const fs::path c = contest.path();
  fs::create_directories(c / "bots");
  fs::copy_file(testing::player_path("explorer"), c / "bots" / "explorer");
  fs::copy_file(testing::player_path("hunter"), c / "bots" / "hunter");
  const auto run = run_command("cd " + shell_quote(c.string()) + " && " + amazes_exe() +
                               " tournament --rounds 1 --turns 4 --out out bots/explorer bots/hunter 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const auto lines = lines_of(run.output);
  const auto warnings = std::count_if(lines.begin(), lines.end(), [&](const std::string& line) {
    return line.find("players 'explorer', 'hunter' share the folder " + (c / "bots").string()) != std::string::npos;
  });
  EXPECT_EQ(warnings, 1) << run.output;
}

// ---------------------------------------------------------------------------------------------
// seccomp.

std::map<std::string, std::string> seccomp_results(const arbiter::MatchRecord& record) {
  std::map<std::string, std::string> results;
  for (const auto& line : lines_of(record.outcome[0].stderr_text)) {
    std::smatch m;
    if (std::regex_match(line, m, std::regex("seccomp: (.*): ([A-Za-z0-9 ]+)"))) results[m[1]] = m[2];
  }
  return results;
}

arbiter::MatchRecord play_probe(arbiter::SandboxMode mode) {
  auto spec = testing::match_spec(bot_path("seccomp_probe") + " 2 6", bot_path("polite") + " 6");
  spec.settings.turns = 6;
  spec.settings.time_ms = arbiter::MatchSettings{}.time_ms;
  spec.settings.sandbox.mode = mode;
  return arbiter::run_match(spec);
}

// What each probed call answers under the filter when it is not EPERM (denied_calls.hpp says
// why): "ok" for locks and advice, which return 0 without running; ENOSYS where a kernel
// without the call or feature would say so; EINVAL for commands and advice a kernel without
// them refuses; EAFNOSUPPORT for sockets of another family.
const std::map<std::string, std::string>& filtered_answers() {
  static const std::map<std::string, std::string> answers = {
      {"clone3", "ENOSYS"},
      {"flock", "ok"},
      {"fcntl F_SETLK", "ok"},
      {"fcntl F_SETLKW", "ok"},
      {"fcntl F_OFD_SETLK", "ok"},
      {"fcntl F_OFD_SETLKW", "ok"},
      {"fcntl F_SETLK with upper bits", "ok"},
      {"fcntl64 F_SETLK64 (i386)", "ok"},
      {"fcntl F_NOTIFY", "EINVAL"},
      {"fcntl F_SETLEASE", "EINVAL"},
      {"fcntl F_SET_RW_HINT", "EINVAL"},
      {"inotify_init1", "ENOSYS"},
      {"inotify_add_watch", "ENOSYS"},
      {"fadvise64", "ok"},
      {"readahead", "ok"},
      {"mincore", "ENOSYS"},
      {"cachestat", "ENOSYS"},
      {"preadv2", "ENOSYS"},
      {"pwritev2", "ENOSYS"},
      {"process_madvise", "ENOSYS"},
      {"io_setup", "ENOSYS"},
      {"io_submit", "ENOSYS"},
      {"madvise MADV_COLD", "ok"},
      {"madvise MADV_PAGEOUT", "ok"},
      {"madvise MADV_COLLAPSE", "EINVAL"},
      {"madvise MADV_MERGEABLE", "EINVAL"},
      {"prctl PR_SET_MEMORY_MERGE", "EINVAL"},
      {"shmctl", "ENOSYS"},
      {"semctl", "ENOSYS"},
      {"msgget", "ENOSYS"},
      {"mq_open", "ENOSYS"},
      {"ipc (i386)", "ENOSYS"},
      {"socketpair AF_INET", "EAFNOSUPPORT"},
      {"socketcall SYS_SOCKETPAIR (i386)", "EAFNOSUPPORT"},
      {"a call newer than libseccomp", "ENOSYS"},
      {"a call newer than libseccomp (i386)", "ENOSYS"},
      {"futex FUTEX_WAKE_BITSET shared", "EINVAL"},
      {"futex FUTEX_CMP_REQUEUE shared", "EINVAL"},
      {"futex FUTEX_LOCK_PI shared", "ENOSYS"},
      {"futex FUTEX_WAKE shared (i386)", "EINVAL"},
      {"futex_waitv", "ENOSYS"},
      {"futex_wake", "ENOSYS"},
      {"futex_wait", "ENOSYS"},
      {"futex_requeue", "ENOSYS"},
  };
  return answers;
}

std::string filtered_answer(const std::string& call) {
  const auto found = filtered_answers().find(call);
  return found != filtered_answers().end() ? found->second : "EPERM";
}

bool is_i386(const std::string& call) { return call.ends_with("(i386)"); }

// The probe's answers through one table: i386's (`i386`) or x86-64's.
std::map<std::string, std::string> only_table(const std::map<std::string, std::string>& results, bool i386) {
  std::map<std::string, std::string> table;
  for (const auto& [call, result] : results) {
    if (is_i386(call) == i386) table.emplace(call, result);
  }
  return table;
}

// The probe played in the sandbox under test: its answers through one table; the game went on.
std::map<std::string, std::string> probed_in_the_sandbox(bool i386) {
  const auto record = play_probe(testing::isolated_settings().mode);
  EXPECT_EQ(record.amazes()->turns.size(), 12U);
  EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].exit << "\n" << record.outcome[0].stderr_text;
  EXPECT_EQ(record.outcome[0].exit, "exit 0");
  EXPECT_TRUE(std::regex_search(
      record.sandbox,
      std::regex("^" + testing::isolation_under_test() + " \\+ seccomp \\([0-9]+ calls denied, futex waits served\\)")))
      << record.sandbox;
  const auto results = only_table(seccomp_results(record), i386);
  for (const auto& [call, answer] : only_table(filtered_answers(), i386)) {
    EXPECT_EQ(results.count(call), 1U) << call << " not probed\n" << record.outcome[0].stderr_text;
  }
  return results;
}

TEST(SandboxFairness, EveryDeniedCallGivesTheFiltersAnswerAndTheBotPlaysOn) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  const auto results = probed_in_the_sandbox(false);
  EXPECT_GE(results.size(), 70U);
  for (const auto& [call, result] : results) EXPECT_EQ(result, filtered_answer(call)) << call;
}

// The same through the i386 table (int 0x80), where the kernel runs it: a kernel without it kills
// every such call, the sandbox's or not, and the filter's answers there are SeccompFilter.*'s.
TEST(SandboxFairness, EveryDeniedI386CallGivesTheFiltersAnswer) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  if (!testing::i386_calls_run()) GTEST_SKIP() << testing::kNoI386Calls;
  const auto results = probed_in_the_sandbox(true);
  EXPECT_GE(results.size(), 5U);
  for (const auto& [call, result] : results) EXPECT_EQ(result, filtered_answer(call)) << call;
}

TEST(SandboxFairness, WithoutTheFilterTheProbesCallsGetOtherAnswers) {
  // The probe is real: the same calls without a sandbox (as root, with every capability) get
  // other answers than the filter's. Only calls whose answer does not depend on the machine's
  // settings (nor on its kernel's age: cachestat, statmount and the i386 table are left out).
  REQUIRE_SANDBOX("root");
  const auto results = seccomp_results(play_probe(arbiter::SandboxMode::None));
  for (const char* call : {"ptrace",
                           "mount",
                           "unshare",
                           "setns",
                           "clock_settime",
                           "settimeofday",
                           "clone3",
                           "flock",
                           "fcntl F_SETLK",
                           "fcntl F_SETLK with upper bits",
                           "fcntl F_OFD_SETLK",
                           "fcntl F_NOTIFY",
                           "inotify_init1",
                           "fadvise64",
                           "readahead",
                           "mincore",
                           "preadv2",
                           "io_setup",
                           "madvise MADV_PAGEOUT",
                           "shmctl",
                           "mq_open",
                           "socketpair AF_INET",
                           "futex FUTEX_WAKE_BITSET shared",
                           "futex FUTEX_LOCK_PI shared",
                           "futex_waitv",
                           "futex_wake",
                           "futex_wait",
                           "utimensat"}) {
    ASSERT_EQ(results.count(call), 1U) << call;
    EXPECT_NE(results.at(call), filtered_answer(call)) << call;
    EXPECT_NE(results.at(call), "EPERM") << call;
  }
}

// ---------------------------------------------------------------------------------------------
// Links and "#!" lines: read as the kernel reads them, and never leading a bot out of its folder.

// An executable script.
void script(const fs::path& path, const std::string& text) {
  testing::write_file(path, text);
  fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read |
                            fs::perms::others_exec);
}

// The review's attack: a "#!" path through a link of the bot's own and "..", which a lexical
// reading took for another folder (and bound it, or failed the tournament where it did not
// exist). Every variant that leads out of the bot's folder is refused before the first game with
// one line, in a tournament too, which creates nothing; nothing of another bot is ever shown.
TEST(SandboxFairness, AHashBangOrLinkThatLeadsOutOfABotsFolderIsRefusedBeforeTheFirstGame) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  ContestDir contest("hashbang");
  const fs::path bots = fs::canonical(contest.path()) / "bots";
  const fs::path bob = contest.add_bot("bob", bot_path("polite"));
  testing::write_file(bots / "bob" / "secret.txt", "bob's\n");
  fs::create_directories(bots / "bob" / "bin");
  fs::copy_file("/bin/sh", bots / "bob" / "bin" / "py");
  fs::create_directories(bots / "bob" / "x" / "y");
  fs::create_directories(bots / "bin");  // where the lexical reading would look
  const fs::path evil = bots / "evil";
  fs::create_directories(evil);
  fs::create_symlink(bots / "bob" / "x" / "y", evil / "s1");
  fs::create_symlink("/nonexistent-amazes", evil / "s2");
  fs::create_symlink(bob, evil / "copied");
  const struct {
    fs::path program;
    std::string script_text;  // empty: the program is a link
    std::string says;
  } cases[] = {
      {evil / "run", "#!" + (evil / "s1/../../bin/py").string() + "\nexec cat " + (bots / "bob/secret.txt").string(),
       "resolves to " + (bots / "bob/bin/py").string() + ", outside its folder " + evil.string()},
      {evil / "lost", "#!" + (evil / "s2/../bin/py").string() + "\n",
       "its interpreter " + (evil / "s2/../bin/py").string() + ": no such file"},
      {evil / "copied", "", "is a link to " + bob.string() + ", outside its folder " + evil.string()},
  };
  const fs::path out = contest.path() / "out";
  for (const auto& c : cases) {
    SCOPED_TRACE(c.program.string());
    if (!c.script_text.empty()) script(c.program, c.script_text);
    auto spec = testing::match_spec(c.program.string(), bot_path("polite") + " 10");
    spec.settings.sandbox = testing::isolated_settings();
    try {
      arbiter::check_player_commands(spec);
      ADD_FAILURE() << "not refused";
    } catch (const arbiter::PlayerCommandError& e) {
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
    }
    const auto run = run_command(amazes_exe() + " tournament --rounds 1 --seed 1 --sandbox " +
                                 testing::isolation_under_test() + " --out " + shell_quote(out.string()) + " " +
                                 shell_quote(c.program.string()) + " " + shell_quote(bob.string()) + " 2>&1");
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(error_line(run.output).find(c.says), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(out));
  }
}

// A path the organiser's own link leads through (/srv/contest -> /data/contest) is bound where it
// resolves, and the link is made again inside, so that a "#!" line written through it runs.
TEST(SandboxFairness, APathThroughTheOrganisersLinkResolvesInsideAsOutside) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  ContestDir contest("organiser-link");
  const fs::path root = fs::canonical(contest.path());
  const fs::path folder = root / "data" / "bots" / "sh";
  fs::create_directories(folder);
  fs::copy_file("/bin/sh", folder / "shell");
  fs::copy_file(bot_path("polite"), folder / "polite");
  fs::create_directories(root / "srv");
  fs::create_symlink(root / "data", root / "srv" / "link");
  const fs::path via = root / "srv" / "link" / "bots" / "sh";
  script(folder / "run", "#!" + (via / "shell").string() + "\nexec " + (via / "polite").string() + " \"$@\"\n");
  auto spec = testing::match_spec((via / "run").string() + " 10", bot_path("polite") + " 10");
  spec.settings.turns = 10;
  spec.settings.sandbox = testing::isolated_settings();
  arbiter::check_player_commands(spec);
  const auto record = arbiter::run_match(spec);
  EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].exit << "\n" << record.outcome[0].stderr_text;
  EXPECT_EQ(record.amazes()->turns.size(), 20U);
}

// ---------------------------------------------------------------------------------------------
// A bot where a UID of its own cannot go: refused before anything starts, in every mode; it
// never runs as root instead.

TEST(SandboxFairness, ABotUnderRootIsRefusedInEveryModeAndNeverRunsAsRoot) {
  REQUIRE_SANDBOX("root");
  // /root is root's alone (0700 on Debian).
  const fs::path dir = fs::path("/root") / ("amazes-test-" + std::to_string(::getpid()));
  fs::create_directories(dir / "bot");
  fs::permissions(dir, fs::perms::owner_all);
  fs::copy_file(bot_path("polite"), dir / "bot" / "polite");
  for (const auto mode : {arbiter::SandboxMode::Auto, arbiter::SandboxMode::Namespaces, arbiter::SandboxMode::Bwrap,
                          arbiter::SandboxMode::None}) {
    SCOPED_TRACE(std::string(arbiter::sandbox_mode_name(mode)));
    auto spec = testing::match_spec((dir / "bot" / "polite").string(), bot_path("polite") + " 10");
    spec.settings.sandbox.mode = mode;
    try {
      arbiter::check_player_commands(spec);
      ADD_FAILURE() << "not refused";
    } catch (const arbiter::PlayerCommandError& e) {
      EXPECT_NE(std::string(e.what()).find("may not run its program " + (dir / "bot" / "polite").string() +
                                           ": /root is open to its owner only (move the bot out of it"),
                std::string::npos)
          << e.what();
    }
  }
  fs::remove_all(dir);
}

// Whatever a player's command, its process has no UID or GID 0 and no capability, in every mode.
TEST(SandboxFairness, NoPlayerProcessRunsPrivilegedInAnyMode) {
  REQUIRE_SANDBOX("root");
  for (const auto mode : {arbiter::SandboxMode::Auto, arbiter::SandboxMode::None, testing::isolated_settings().mode}) {
    SCOPED_TRACE(std::string(arbiter::sandbox_mode_name(mode)));
    auto spec = testing::match_spec(bot_path("proc_reader") + " 2 0 10", bot_path("polite") + " 10");
    spec.settings.turns = 10;
    spec.settings.sandbox.mode = mode;
    arbiter::check_player_commands(spec);
    const auto record = arbiter::run_match(spec);
    EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].exit;
    const std::string& said = record.outcome[0].stderr_text;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(said, m,
                                  std::regex("proc: self: uid ([0-9]+) ([0-9]+) ([0-9]+) ([0-9]+), gid "
                                             "([0-9]+) ([0-9]+) ([0-9]+) ([0-9]+), caps ([0-9a-f]+) "
                                             "([0-9a-f]+) ([0-9a-f]+) ([0-9a-f]+)")))
        << said;
    for (int i = 1; i <= 8; ++i) EXPECT_NE(m[i], "0") << said;
    for (int i = 9; i <= 11; ++i)
      EXPECT_EQ(std::stoull(m[i], nullptr, 16), 0U) << "inheritable, permitted, effective: " << said;
    if (mode != arbiter::SandboxMode::None) {
      EXPECT_EQ(std::stoull(m[12], nullptr, 16), 0U) << "the bounding set: " << said;
    }
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
