// The plan of the namespaces sandbox (src/arbiter/namespaces.hpp): what the player's root
// is built from, in which order. (What a player can do inside is the attack suite's business.)
#include "arbiter/sandbox/namespaces.hpp"

#include <gtest/gtest.h>

#include <sys/mount.h>

#include <algorithm>
#include <string>

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

using Kind = PlanStep::Kind;

// A bot in a clone under /tmp (as in CI), with a private /tmp of 1 MiB.
NamespacesPlan plan_for_a_bot_under_tmp() {
  PlayerFiles files;
  files.home = "/tmp/clone/bots/alice";
  files.bound = {"/tmp/clone/bots/alice"};
  files.program = "/tmp/clone/bots/alice/alice";
  files.argv = {"/tmp/clone/bots/alice/alice"};
  return make_namespaces_plan(files, NamespacesOptions{1024 * 1024, 60600, 60600});
}

std::ptrdiff_t index_of(const NamespacesPlan& plan, Kind kind, const std::string& target) {
  const auto found = std::find_if(plan.steps.begin(), plan.steps.end(),
                                  [&](const PlanStep& s) { return s.kind == kind && s.target == target; });
  return found == plan.steps.end() ? -1 : found - plan.steps.begin();
}

std::ptrdiff_t index_of_flags(const NamespacesPlan& plan, const std::string& target, std::uint64_t set,
                              std::uint64_t clear) {
  const auto found = std::find_if(plan.steps.begin(), plan.steps.end(), [&](const PlanStep& s) {
    return s.kind == Kind::Flags && s.target == target && s.set == set && s.clear == clear;
  });
  return found == plan.steps.end() ? -1 : found - plan.steps.begin();
}

constexpr std::uint64_t kSealed = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;

TEST(NamespacesPlan, APrivateTmpIsMountedBeforeABotFolderUnderIt) {
  const NamespacesPlan plan = plan_for_a_bot_under_tmp();
  const auto tmp = index_of(plan, Kind::Mount, "tmp");
  const auto bot = index_of(plan, Kind::Bind, "tmp/clone/bots/alice");
  const auto seal = index_of_flags(plan, ".", kSealed, 0);
  const auto writable = index_of_flags(plan, "tmp", 0, MOUNT_ATTR_RDONLY);
  ASSERT_GE(tmp, 0);
  ASSERT_GE(bot, 0);
  ASSERT_GE(seal, 0);
  EXPECT_LT(tmp, bot) << "the private /tmp would hide the bot's folder";
  EXPECT_LT(bot, seal);
  EXPECT_GT(writable, seal) << "only /tmp is made writable again, after everything is read-only";
  EXPECT_FALSE(plan.steps[static_cast<std::size_t>(writable)].recursive);
  EXPECT_EQ(static_cast<std::size_t>(writable) + 1, plan.steps.size());
}

// A device node in a bot's folder opens nothing: every mount is nodev but the sandbox's root
// itself, which holds only what the plan makes (/dev's six nodes), read-only and noexec.
TEST(NamespacesPlan, EveryMountButTheSandboxsRootIsNodevAndNosuid) {
  const NamespacesPlan plan = plan_for_a_bot_under_tmp();
  const auto seal = index_of_flags(plan, ".", kSealed, 0);
  ASSERT_GE(seal, 0);
  EXPECT_TRUE(plan.steps[static_cast<std::size_t>(seal)].recursive);
  for (std::size_t i = static_cast<std::size_t>(seal) + 1; i < plan.steps.size(); ++i) {
    EXPECT_EQ(plan.steps[i].kind, Kind::Flags) << "nothing is mounted after the seal: " << plan.steps[i].target;
  }
  EXPECT_EQ(index_of(plan, Kind::Mount, "dev"), -1) << "the nodes are made on the root's file system";
  const auto root = index_of_flags(plan, ".", MOUNT_ATTR_NOEXEC, MOUNT_ATTR_NODEV);
  EXPECT_GT(root, seal);
  EXPECT_FALSE(plan.steps[static_cast<std::size_t>(root)].recursive)
      << "the bound folders stay nodev, and keep running programs";
}

// The way to the bot's files as its command names them, and its folders, are the player's own
// steps: a failure there (its folder gone since the check) is its crash, not the judge's.
TEST(NamespacesPlan, TheWayAndTheBindsOfThePlayersFilesAreItsOwnSteps) {
  PlayerFiles files;
  files.home = "/data/bots/carol";
  files.bound = {"/data/bots/carol"};
  files.way = {"/srv"};
  files.links = {WayLink{"/srv/bots", "/data/bots"}};
  const NamespacesPlan plan = make_namespaces_plan(files, NamespacesOptions{0, 60602, 60602});
  const auto srv = index_of(plan, Kind::Dir, "srv");
  const auto link = index_of(plan, Kind::Symlink, "srv/bots");
  const auto bind = index_of(plan, Kind::Bind, "data/bots/carol");
  ASSERT_GE(srv, 0);
  ASSERT_GE(link, 0);
  ASSERT_GE(bind, 0);
  EXPECT_LT(srv, link);
  EXPECT_EQ(plan.steps[static_cast<std::size_t>(link)].source, "/data/bots");
  EXPECT_EQ(plan.steps[static_cast<std::size_t>(srv)].mode, 0111);
  for (const auto at : {srv, link, bind}) EXPECT_TRUE(plan.steps[static_cast<std::size_t>(at)].players);
  EXPECT_FALSE(plan.steps[static_cast<std::size_t>(index_of(plan, Kind::Dir, "proc"))].players);
}

TEST(NamespacesPlan, TheFoldersOnTheWayToTheBotAreOnlyTraversable) {
  const NamespacesPlan plan = plan_for_a_bot_under_tmp();
  for (const std::string dir : {"tmp/clone", "tmp/clone/bots"}) {
    const auto at = index_of(plan, Kind::Dir, dir);
    ASSERT_GE(at, 0) << dir;
    EXPECT_EQ(plan.steps[static_cast<std::size_t>(at)].mode, 0111) << dir;
  }
  const auto tmp = index_of(plan, Kind::Dir, "tmp");
  ASSERT_GE(tmp, 0);
  EXPECT_EQ(plan.steps[static_cast<std::size_t>(tmp)].mode, 01777);
}

TEST(NamespacesPlan, OnlyTheRuntimeAndTheBotsOwnFolderAreBound) {
  const NamespacesPlan plan = plan_for_a_bot_under_tmp();
  for (const PlanStep& step : plan.steps) {
    if (step.kind != Kind::Bind) continue;
    EXPECT_EQ(step.target, step.source.substr(1)) << "bound at the same path";
    EXPECT_TRUE(runtime_path_holding(step.source) || step.source == "/tmp/clone/bots/alice") << step.source;
  }
  const auto passwd = index_of(plan, Kind::Write, "etc/passwd");
  ASSERT_GE(passwd, 0);
  EXPECT_EQ(plan.steps[static_cast<std::size_t>(passwd)].source,
            "player:x:60600:60600:amazes player:/tmp/clone/bots/alice:/usr/sbin/nologin\n");
  EXPECT_EQ(namespaces_step_text(plan, static_cast<int>(index_of(plan, Kind::Bind, "tmp/clone/bots/alice"))),
            "bind /tmp/clone/bots/alice into the sandbox");
}

TEST(NamespacesPlan, WithoutAPrivateTmpNothingIsWritable) {
  PlayerFiles files;
  files.home = "/srv/bots/bob";
  files.bound = {"/srv/bots/bob"};
  const NamespacesPlan plan = make_namespaces_plan(files, NamespacesOptions{0, 60601, 60601});
  EXPECT_EQ(index_of(plan, Kind::Mount, "tmp"), -1);
  EXPECT_EQ(index_of_flags(plan, "tmp", 0, MOUNT_ATTR_RDONLY), -1);
  EXPECT_EQ(plan.steps.back().kind, Kind::Flags);
  EXPECT_EQ(plan.steps[static_cast<std::size_t>(index_of(plan, Kind::Dir, "tmp"))].mode, 0755);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
