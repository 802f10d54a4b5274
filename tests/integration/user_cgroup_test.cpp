// The same bot is charged the same CPU time by a root judge and by an ordinary user's judge in a
// cgroup delegated to that user; without one, the user's judge says once, in one line, what is
// lost and how to fix it, and plays on. The bot spends its time in child processes, which only
// a cgroup counts.
#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "process/cgroup_hierarchy.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using namespace testing;  // amazes::testing: the helpers of tests/support

constexpr const char* kUser = "amazes-tester";
constexpr int kTurns = 20;

struct User {
  uid_t uid = 0;
  gid_t gid = 0;
};

// The test's ordinary user, made when missing (as root).
User ordinary_user() {
  if (::getpwnam(kUser) == nullptr) {
    const auto made =
        run_command(std::string("useradd --system --no-create-home --shell /usr/sbin/nologin ") + kUser + " 2>&1");
    EXPECT_EQ(made.exit_code, 0) << made.output;
  }
  const passwd* entry = ::getpwnam(kUser);
  if (entry == nullptr) return {};
  return {entry->pw_uid, entry->pw_gid};
}

// A cgroup delegated to `user` as systemd delegates one: the folder and the files that let its
// owner move processes and hand down controllers are the user's. Removed, with whatever the
// judge made in it, at the end.
class DelegatedCgroup {
 public:
  explicit DelegatedCgroup(const User& user) {
    const auto mountinfo = arbiter::cgroup::read_file("/proc/self/mountinfo");
    const auto mount = mountinfo ? arbiter::cgroup::find_v2_mount(*mountinfo) : std::nullopt;
    if (!mount) return;
    dir_ = mount->point / ("amazes-delegated-test-" + std::to_string(::getpid()));
    fs::create_directory(dir_);
    for (const char* file : {"", "cgroup.procs", "cgroup.subtree_control", "cgroup.threads"}) {
      const fs::path path = *file == '\0' ? dir_ : dir_ / file;
      EXPECT_EQ(::chown(path.c_str(), user.uid, user.gid), 0) << path;
    }
  }
  ~DelegatedCgroup() {
    if (dir_.empty()) return;
    // Deepest first: a cgroup goes only once its children are gone.
    std::vector<fs::path> dirs;
    std::error_code ec;
    for (const auto& entry : fs::recursive_directory_iterator(dir_, ec)) {
      if (entry.is_directory(ec)) dirs.push_back(entry.path());
    }
    std::sort(dirs.begin(), dirs.end(), [](const fs::path& a, const fs::path& b) { return a.native() > b.native(); });
    for (const auto& d : dirs) ::rmdir(d.c_str());
    ::rmdir(dir_.c_str());
  }
  const fs::path& dir() const { return dir_; }

 private:
  fs::path dir_;
};

struct Judged {
  std::string output;
  int exit_code = -1;
  arbiter::MatchRecord record;
};

// `amazes match` of the child-CPU bot against the polite bot; as `user` (and in `cgroup`, when
// given) unless `user` is null. The user's judge gets no systemd user manager to ask.
Judged judge(const User* user, const fs::path& cgroup, const std::string& options, const fs::path& out) {
  const fs::path log = out / "game.json";
  std::string command = amazes_exe() + " match --seed 5 --turns " + std::to_string(kTurns) + " " + options + " --log " +
                        shell_quote(log.string()) + " " + shell_quote(bot_path("child_cpu") + " 20") + " " +
                        shell_quote(bot_path("polite"));
  if (user != nullptr) {
    command = "env -u XDG_RUNTIME_DIR setpriv --reuid=" + std::to_string(user->uid) +
              " --regid=" + std::to_string(user->gid) + " --clear-groups " + command;
    if (!cgroup.empty())
      command = "echo $$ > " + shell_quote((cgroup / "cgroup.procs").string()) + " && exec " + command;
  }
  const auto result = run_command("sh -c " + shell_quote(command) + " 2>&1");
  Judged judged;
  judged.output = result.output;
  judged.exit_code = result.exit_code;
  if (result.exit_code == 0) judged.record = arbiter::read_match_log(log);
  return judged;
}

fs::path user_folder(const ScratchDir& dir, const User& user) {
  const fs::path out = dir.path() / "user";
  fs::create_directories(out);
  EXPECT_EQ(::chown(dir.path().c_str(), user.uid, user.gid), 0);
  EXPECT_EQ(::chown(out.c_str(), user.uid, user.gid), 0);
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(UserCgroup, ADelegatedCgroupChargesAUserLikeRoot) {
  REQUIRE_SANDBOX("root", "cgroup");
  const User user = ordinary_user();
  ASSERT_NE(user.uid, 0U);
  ScratchDir dir("user-cgroup");
  const fs::path out = user_folder(dir, user);

  const Judged root = judge(nullptr, {}, "", dir.path());
  ASSERT_EQ(root.exit_code, 0) << root.output;
  const double root_ms = root.record.outcome[0].time_ms;
  ASSERT_FALSE(root.record.outcome[0].fault.has_value()) << root.output;
  ASSERT_GT(root_ms, kTurns * 20 * 0.9) << root.output;  // the children's time is charged

  const DelegatedCgroup cgroup(user);
  ASSERT_FALSE(cgroup.dir().empty());
  const Judged delegated = judge(&user, cgroup.dir(), "", out);
  ASSERT_EQ(delegated.exit_code, 0) << delegated.output;
  EXPECT_NE(delegated.record.sandbox.find("cgroup v2"), std::string::npos) << delegated.record.sandbox;
  EXPECT_EQ(delegated.output.find("no cgroup for the players"), std::string::npos) << delegated.output;
  ASSERT_FALSE(delegated.record.outcome[0].fault.has_value()) << delegated.output;
  // The children's time is charged to the user as to root. What a process start costs beside it
  // grows with the machine's load (another test beside this one): no closer than half again.
  const double user_ms = delegated.record.outcome[0].time_ms;
  EXPECT_GT(user_ms, kTurns * 20 * 0.9) << "root " << root_ms << " ms, delegated user " << user_ms << " ms";
  EXPECT_LT(user_ms, 1.5 * root_ms) << "root " << root_ms << " ms, delegated user " << user_ms << " ms";
}

TEST(UserCgroup, WithoutACgroupTheUserIsToldOnceWhatIsLostAndTheMatchIsPlayed) {
  REQUIRE_SANDBOX("root", "cgroup");
  const User user = ordinary_user();
  ASSERT_NE(user.uid, 0U);
  ScratchDir dir("user-no-cgroup");
  const fs::path out = user_folder(dir, user);

  const Judged plain = judge(&user, {}, "", out);
  ASSERT_EQ(plain.exit_code, 0) << plain.output;
  EXPECT_EQ(plain.record.amazes()->turns.size(), static_cast<std::size_t>(2 * kTurns));
  EXPECT_EQ(count(plain.output, "amazes: sandbox: no cgroup for the players"), 1U) << plain.output;
  const auto line_start = plain.output.find("amazes: sandbox: no cgroup for the players");
  const std::string line = plain.output.substr(line_start, plain.output.find('\n', line_start) - line_start);
  EXPECT_NE(line.find("child processes' CPU time is not charged"), std::string::npos) << line;
  EXPECT_NE(line.find("fix: run the judge in a cgroup of its own, `systemd-run --user --scope -p Delegate=yes"),
            std::string::npos)
      << line;
  EXPECT_EQ(count(plain.output, "the judge is not root"), 1U) << plain.output;
  EXPECT_NE(plain.output.find("sandbox: "), std::string::npos);

  // -q keeps what changes a result (the time charged), not how the players are isolated.
  const Judged quiet = judge(&user, {}, "-q", out);
  ASSERT_EQ(quiet.exit_code, 0) << quiet.output;
  EXPECT_EQ(count(quiet.output, "no cgroup for the players"), 1U) << quiet.output;
  EXPECT_EQ(count(quiet.output, "the judge is not root"), 0U) << quiet.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
