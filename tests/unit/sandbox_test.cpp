// The pure parts of the sandbox: settings and their options, finding the cgroup v2
// hierarchy, the bubblewrap command line, which UIDs may be used. The sandbox at work is in
// tests/integration/sandbox_attacks_test.cpp.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>

#include "amazes/arbiter/sandbox_settings.hpp"
#include "arbiter/process/cgroup_hierarchy.hpp"
#include "arbiter/sandbox/bwrap.hpp"
#include "arbiter/sandbox/player_files.hpp"
#include "arbiter/sandbox/uid_pool.hpp"
#include "cli/competition_options.hpp"
#include "cli/setting_options.hpp"
#include "cli/tournament_options.hpp"
#include "support/files.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
namespace po = boost::program_options;

TEST(SandboxSettings, ModeNamesRoundTrip) {
  for (const SandboxMode mode : {SandboxMode::Auto, SandboxMode::Bwrap, SandboxMode::None}) {
    EXPECT_EQ(sandbox_mode_from_name(sandbox_mode_name(mode)), mode);
  }
  EXPECT_FALSE(sandbox_mode_from_name("off").has_value());
  EXPECT_FALSE(sandbox_mode_from_name("").has_value());
}

TEST(SandboxSettings, UidRanges) {
  EXPECT_EQ(uid_range_from_text("60600-61099"), (UidRange{60600, 61099}));
  EXPECT_EQ(uid_range_from_text("5-5"), (UidRange{5, 5}));
  EXPECT_EQ(uid_range_text(UidRange{1, 2}), "1-2");
  for (const char* bad : {"", "60600", "0-10", "10-5", "a-b", "1-", "-5", "1-2-3", "1 -2", "1-4294967295"}) {
    EXPECT_FALSE(uid_range_from_text(bad).has_value()) << bad;
  }
  // The default lies in the range systemd leaves unused (60578–61183).
  const UidRange d;
  EXPECT_GE(d.first, 60578U);
  EXPECT_LE(d.last, 61183U);
}

// ---------------------------------------------------------------------------------------------
// Options: the same keys on the command line and in a config file.

po::variables_map parse(const std::vector<std::string>& args) {
  po::variables_map values;
  po::options_description options = cli::setting_options();
  po::store(po::command_line_parser(args).options(options).run(), values);
  po::notify(values);
  return values;
}

SandboxSettings sandbox_settings_from(const po::variables_map& values) {
  MatchSettings settings;
  cli::read_setting_options(values, nullptr, settings);
  return settings.sandbox;
}

TEST(SandboxOptions, DefaultsWhenNothingIsGiven) { EXPECT_EQ(sandbox_settings_from(parse({})), SandboxSettings{}); }

TEST(SandboxOptions, EveryOption) {
  const auto s =
      sandbox_settings_from(parse({"--sandbox", "bwrap", "--sandbox-memory-mb", "256", "--sandbox-processes", "8",
                                   "--sandbox-open-files", "32", "--sandbox-tmp-mb", "16", "--sandbox-uids",
                                   "70000-70009", "--sandbox-cgroups", "off", "--sandbox-pin-cpu", "off"}));
  EXPECT_EQ(s.mode, SandboxMode::Bwrap);
  EXPECT_EQ(s.memory_mb, 256U);
  EXPECT_EQ(s.processes, 8);
  EXPECT_EQ(s.open_files, 32);
  EXPECT_EQ(s.tmp_mb, 16U);
  EXPECT_EQ(s.uids, (UidRange{70000, 70009}));
  EXPECT_FALSE(s.cgroups);
  EXPECT_FALSE(s.pin_cpu);
  EXPECT_FALSE(sandbox_settings_from(parse({"--sandbox-uids", "none"})).uids.has_value());
  EXPECT_EQ(sandbox_settings_from(parse({"--sandbox", "none"})).mode, SandboxMode::None);
}

TEST(SandboxOptions, BadValuesNameTheOption) {
  const std::vector<std::vector<std::string>> bad = {
      {"--sandbox", "docker"},       {"--sandbox-memory-mb", "-1"},    {"--sandbox-processes", "-3"},
      {"--sandbox-open-files", "3"}, {"--sandbox-tmp-mb", "-5"},       {"--sandbox-uids", "0-10"},
      {"--sandbox-uids", "some"},    {"--sandbox-cgroups", "yes"},     {"--sandbox-pin-cpu", "2"},
      {"--sandbox-memory-mb", "8"},  {"--sandbox-drop-caches", "yes"},
  };
  for (const auto& args : bad) {
    try {
      sandbox_settings_from(parse(args));
      ADD_FAILURE() << args[0] << " " << args[1] << " was accepted";
    } catch (const cli::SettingOptionError& e) {
      EXPECT_NE(std::string(e.what()).find(args[0]), std::string::npos) << e.what();
    }
  }
}

TEST(SandboxOptions, InATournamentConfigFileAndOverriddenOnTheCommandLine) {
  testing::ScratchDir dir("sandbox-options");
  const fs::path config = dir.path() / "t.ini";
  testing::write_file(config,
                      "sandbox = none\nsandbox-memory-mb = 512\nsandbox-tmp-mb = 4\n[players]\na = /bin/true\n");
  po::variables_map cli;
  po::store(po::command_line_parser(std::vector<std::string>{"--config", config.string(), "--sandbox", "bwrap"})
                .options(cli::tournament_command_line_options())
                .positional(cli::tournament_positionals())
                .run(),
            cli);
  po::notify(cli);
  const auto request = cli::tournament_request(cli);
  EXPECT_EQ(request.settings.sandbox.mode, SandboxMode::Bwrap);  // the command line wins
  EXPECT_EQ(request.settings.sandbox.memory_mb, 512U);           // the file's
  EXPECT_EQ(request.settings.sandbox.tmp_mb, 4U);
  EXPECT_EQ(request.settings.sandbox.processes, SandboxSettings{}.processes);

  testing::write_file(config, "sandbox = jail\n[players]\na = /bin/true\n");
  EXPECT_THROW(cli::tournament_request_from_file(config), cli::TournamentOptionError);
}

TEST(SandboxOptions, AmongTheOptionsEveryCompetitionShares) {
  // `amazes versus` and `amazes tournament` read their match settings through these.
  po::options_description options;
  cli::add_competition_options(options, {"mazes", "seed"});
  po::variables_map values;
  po::store(po::command_line_parser(std::vector<std::string>{"--sandbox", "none", "--sandbox-processes", "5"})
                .options(options)
                .run(),
            values);
  competition::CompetitionRequest request;
  cli::read_competition_options(values, po::variables_map{}, request);
  EXPECT_EQ(request.settings.sandbox.mode, SandboxMode::None);
  EXPECT_EQ(request.settings.sandbox.processes, 5);
  competition::Competition resolved;
  competition::resolve_common(request, std::nullopt, "store", resolved);
  EXPECT_EQ(resolved.settings.sandbox, request.settings.sandbox);
}

// ---------------------------------------------------------------------------------------------
// The cgroup v2 hierarchy.

// /proc/self/mountinfo of a hybrid system (this project's CI) and of a unified one.
constexpr const char* kHybrid =
    "25 30 0:22 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw\n"
    "31 25 0:26 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
    "32 31 0:27 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n"
    "33 31 0:28 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n";
constexpr const char* kUnified =
    "25 30 0:22 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw\n"
    "40 20 0:35 / /mnt/other\\040cg rw - cgroup2 cgroup2 rw\n"
    "31 25 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate\n";

TEST(CgroupHierarchy, FindsTheV2Mount) {
  const auto hybrid = cgroup::find_v2_mount(kHybrid);
  ASSERT_TRUE(hybrid.has_value());
  EXPECT_EQ(hybrid->point, "/sys/fs/cgroup/unified");
  EXPECT_EQ(hybrid->root, "/");
  const auto unified = cgroup::find_v2_mount(kUnified);
  ASSERT_TRUE(unified.has_value());
  EXPECT_EQ(unified->point, "/sys/fs/cgroup");  // preferred over the first one listed
  const auto other = cgroup::find_v2_mount("40 20 0:35 /sub /mnt/other\\040cg rw - cgroup2 cgroup2 rw\n");
  ASSERT_TRUE(other.has_value());
  EXPECT_EQ(other->point, "/mnt/other cg");  // octal escapes undone
  EXPECT_EQ(other->root, "/sub");
  EXPECT_FALSE(cgroup::find_v2_mount("33 31 0:28 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"));
  EXPECT_FALSE(cgroup::find_v2_mount(""));
}

TEST(CgroupHierarchy, TheProcessCgroupAndItsDirectory) {
  EXPECT_EQ(cgroup::v2_path("12:pids:/\n4:memory:/x\n0::/\n"), "/");
  EXPECT_EQ(cgroup::v2_path("0::/user.slice/session-2.scope\n"), "/user.slice/session-2.scope");
  EXPECT_FALSE(cgroup::v2_path("4:memory:/x\n").has_value());

  const cgroup::Mount root{"/sys/fs/cgroup", "/"};
  EXPECT_EQ(cgroup::cgroup_dir(root, "/"), fs::path("/sys/fs/cgroup"));
  EXPECT_EQ(cgroup::cgroup_dir(root, "/a/b"), fs::path("/sys/fs/cgroup/a/b"));
  EXPECT_FALSE(cgroup::cgroup_dir(root, "/../outside").has_value());  // outside a cgroup namespace
  const cgroup::Mount sub{"/mnt/cg", "/a"};
  EXPECT_EQ(cgroup::cgroup_dir(sub, "/a"), fs::path("/mnt/cg"));
  EXPECT_EQ(cgroup::cgroup_dir(sub, "/a/b"), fs::path("/mnt/cg/b"));
  EXPECT_FALSE(cgroup::cgroup_dir(sub, "/ab").has_value());
  EXPECT_FALSE(cgroup::cgroup_dir(sub, "/c").has_value());
}

TEST(CgroupHierarchy, KeyedFiles) {
  const char* stat = "usage_usec 12345\nuser_usec 10000\nsystem_usec 2345\n";
  EXPECT_EQ(cgroup::keyed_value(stat, "usage_usec"), 12345U);
  EXPECT_EQ(cgroup::keyed_value(stat, "system_usec"), 2345U);
  EXPECT_FALSE(cgroup::keyed_value(stat, "usage").has_value());
  EXPECT_EQ(cgroup::keyed_value("populated 1\nfrozen 0\n", "frozen"), 0U);
  EXPECT_EQ(cgroup::words("cpuset cpu io memory hugetlb pids\n"),
            (std::vector<std::string>{"cpuset", "cpu", "io", "memory", "hugetlb", "pids"}));
}

// ---------------------------------------------------------------------------------------------
// The bubblewrap command line.

std::vector<std::string> option_values(const std::vector<std::string>& args, const std::string& option) {
  std::vector<std::string> values;
  const auto end = std::find(args.begin(), args.end(), "--");
  for (auto it = args.begin(); it != end; ++it) {
    if (*it == option && it + 1 != end) values.push_back(*(it + 1));
  }
  return values;
}

bool has_sequence(const std::vector<std::string>& args, const std::vector<std::string>& wanted) {
  return std::search(args.begin(), args.end(), wanted.begin(), wanted.end()) != args.end();
}

PlayerFiles files_of_hunter() {
  PlayerFiles files;
  files.program = "/opt/bots/hunter/hunter";
  files.argv = {"hunter", "--level", "2"};
  files.home = "/opt/bots/hunter";
  files.bound = {"/opt/bots/hunter"};
  files.way = {"/opt", "/opt/bots", "/srv"};
  files.links = {WayLink{"/srv/bots", "/opt/bots"}};
  return files;
}

TEST(Bwrap, OptionsGoThroughAMemoryFileAndThePlayerRunsBehindTheShim) {
  LaunchSpec spec;
  spec.program = "hunter";
  spec.argv = {"hunter", "--level", "2"};
  spec.child_hooks.push_back(ChildHook{"mine", [] { return 0; }});
  BwrapOptions options;
  options.bwrap = "/usr/bin/bwrap";
  const LaunchSpec wrapped = wrap_in_bwrap(spec, files_of_hunter(), options);
  EXPECT_EQ(wrapped.program, "/usr/bin/bwrap");
  EXPECT_EQ(wrapped.wrapper, "bwrap");
  // Nothing of the sandbox's layout on bwrap's command line, which the player can read as its
  // pid 1's /proc/1/cmdline: only the organiser's command, absolute.
  const std::vector<std::string> expected = {"/usr/bin/bwrap", "--args", std::to_string(kArgsFd), "/bin/sh", "-c"};
  ASSERT_EQ(wrapped.argv.size(), expected.size() + 4);
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), wrapped.argv.begin()));
  EXPECT_EQ(std::vector<std::string>(wrapped.argv.end() - 3, wrapped.argv.end()),
            (std::vector<std::string>{"/opt/bots/hunter/hunter", "--level", "2"}));
  // The descriptor move first (it opens /dev/null, which the spec's limits could forbid), then
  // the options' memory files onto 5 to 8, then the spec's hooks.
  ASSERT_EQ(wrapped.child_hooks.size(), 3U);
  EXPECT_STREQ(wrapped.child_hooks[0].what, "move stdin and stdout past bwrap");
  EXPECT_STREQ(wrapped.child_hooks[1].what, "hand bwrap its options");
  EXPECT_STREQ(wrapped.child_hooks[2].what, "mine");
}

TEST(Bwrap, AnAllowListRootReadOnlyInEveryNamespace) {
  BwrapOptions options;
  options.seccomp = {1, 2, 3};
  const auto a = bwrap_arguments(files_of_hunter(), options);
  for (const char* flag : {"--die-with-parent", "--unshare-all", "--unshare-user", "--disable-userns"}) {
    EXPECT_NE(std::find(a.begin(), a.end(), flag), a.end()) << flag;
  }
  // bwrap's --new-session is not used: the judge's child calls setsid() itself (bwrap.hpp).
  EXPECT_EQ(std::find(a.begin(), a.end(), "--new-session"), a.end());
  EXPECT_EQ(option_values(a, "--cap-drop"), std::vector<std::string>{"ALL"});
  // Not the whole file system: the runtime, as it is on this machine, and the bot's folder.
  EXPECT_FALSE(has_sequence(a, {"--ro-bind", "/", "/"}));
  EXPECT_TRUE(has_sequence(a, {"--ro-bind", "/usr", "/usr"}));
  for (const auto& entry : system_runtime()) {
    if (entry.link_target) {
      EXPECT_TRUE(has_sequence(a, {"--symlink", entry.link_target->string(), entry.path.string()})) << entry.path;
    } else {
      EXPECT_TRUE(has_sequence(a, {"--ro-bind", entry.path.string(), entry.path.string()})) << entry.path;
    }
    for (const char* secret : {"/etc/shadow", "/etc/gshadow", "/etc/passwd", "/etc/sudoers", "/etc/ssh"}) {
      EXPECT_NE(entry.path, secret);
    }
  }
  EXPECT_TRUE(has_sequence(a, {"--ro-bind", "/opt/bots/hunter", "/opt/bots/hunter"}));
  // The folders on its way are made empty and only traversable, the links on it made again.
  EXPECT_TRUE(has_sequence(a, {"--perms", "0111", "--dir", "/opt"}));
  EXPECT_TRUE(has_sequence(a, {"--perms", "0111", "--dir", "/opt/bots"}));
  EXPECT_TRUE(has_sequence(a, {"--symlink", "/opt/bots", "/srv/bots"}));
  EXPECT_TRUE(has_sequence(a, {"--perms", "0644", "--ro-bind-data", std::to_string(kPasswdFd), "/etc/passwd"}));
  EXPECT_TRUE(has_sequence(a, {"--perms", "0644", "--ro-bind-data", std::to_string(kGroupFd), "/etc/group"}));
  EXPECT_EQ(option_values(a, "--proc"), std::vector<std::string>{"/proc"});
  // Not bwrap's --dev (a pts of its own, a link to /proc/kcore): a tmpfs with the six nodes,
  // as the namespaces sandbox's /dev.
  EXPECT_TRUE(option_values(a, "--dev").empty());
  EXPECT_TRUE(has_sequence(a, {"--perms", "0755", "--tmpfs", "/dev"}));
  for (const char* node : {"null", "zero", "full", "random", "urandom", "tty"}) {
    const std::string path = std::string("/dev/") + node;
    EXPECT_TRUE(has_sequence(a, {"--dev-bind", path, path})) << node;
  }
  EXPECT_TRUE(has_sequence(a, {"--symlink", "/proc/self/fd", "/dev/fd"}));
  const auto dirs = option_values(a, "--dir");
  EXPECT_NE(std::find(dirs.begin(), dirs.end(), "/tmp"), dirs.end());  // empty, and read-only with the root
  // /proc read-only whatever the player's UID: bwrap itself covers only /proc/irq and /proc/bus.
  EXPECT_TRUE(has_sequence(a, {"--proc", "/proc", "--remount-ro", "/proc"}));
  EXPECT_EQ(option_values(a, "--remount-ro"), (std::vector<std::string>{"/proc", "/dev", "/"}));
  EXPECT_EQ(option_values(a, "--seccomp"), std::vector<std::string>{std::to_string(kSeccompFd)});
  EXPECT_EQ(option_values(a, "--chdir"), std::vector<std::string>{"/opt/bots/hunter"});
}

TEST(Bwrap, APrivateTmpOfItsSizeAndNoUserNamespaceOptionsForARootBwrap) {
  BwrapOptions options;
  options.tmp_bytes = 8 << 20;
  options.disable_userns = false;
  const auto a = bwrap_arguments(files_of_hunter(), options);
  EXPECT_TRUE(has_sequence(a, {"--perms", "1777", "--size", std::to_string(8 << 20), "--tmpfs", "/tmp"}));
  EXPECT_EQ(std::find(a.begin(), a.end(), "--disable-userns"), a.end());
  EXPECT_TRUE(option_values(a, "--seccomp").empty());  // none given
}

// ---------------------------------------------------------------------------------------------
// UIDs.

TEST(UidPool, SkipsSubordinateRangesAndAccounts) {
  const auto ids = eligible_uids(UidRange{99990, 100005}, "alice:100000:65536\n", "bob:99995:2\n");
  EXPECT_EQ(ids, (std::vector<uid_t>{99990, 99991, 99992, 99993, 99994, 99997, 99998, 99999}));
  // UID 0 (root) and anything with a passwd entry never.
  const auto low = eligible_uids(UidRange{1, 1}, "", "");
  EXPECT_TRUE(low.empty());  // daemon (1) exists on every Debian system
}

TEST(UidPool, LeasesAreExclusiveUntilReleased) {
  if (::geteuid() != 0) GTEST_SKIP() << "UID leases are taken by a root judge only";
  const UidRange range{61150, 61151};  // away from the default range, which other tests use
  auto first = lease_uid(range);
  auto second = lease_uid(range);
  ASSERT_TRUE(first.lease && second.lease) << first.error << second.error;
  EXPECT_NE(first.lease->uid(), second.lease->uid());
  const auto third = lease_uid(range);
  EXPECT_FALSE(third.lease.has_value());
  EXPECT_NE(third.error.find("in use"), std::string::npos) << third.error;
  const uid_t freed = first.lease->uid();
  first.lease.reset();
  const auto again = lease_uid(range);
  ASSERT_TRUE(again.lease.has_value()) << again.error;
  EXPECT_EQ(again.lease->uid(), freed);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
