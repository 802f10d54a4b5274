// `amazes doctor` as its users run it: as root, as an ordinary user, on a machine without
// bubblewrap (a PATH without it), as lines and as JSON (docs/formats.md).
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// The ordinary user of the tests, made when missing.
constexpr const char* kUser = "amazes-tester";

const std::vector<std::string> kSandboxFindings = {"root",   "seccomp", "cgroup",     "memory",   "pids",
                                                   "userns", "bwrap",   "namespaces", "isolation"};
const std::vector<std::string> kTimingFindings = {"governor", "turbo", "smt", "load", "swap", "pin"};

struct Line {
  std::string status;  // "ok", "warn", "missing"; "" when there is no such line
  std::string seen;
  std::string fix;  // the "  fix: " line under it, without that
};

// The finding SECTION NAME of doctor's text output.
Line finding(const std::string& output, const std::string& section, const std::string& name) {
  std::istringstream lines(output);
  std::string line;
  Line found;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string first, second, status;
    words >> first >> second >> status;
    if (first != section || second != name) continue;
    found.status = status;
    std::getline(words >> std::ws, found.seen);
    if (std::getline(lines, line) && line.rfind("  fix: ", 0) == 0) found.fix = line.substr(7);
    return found;
  }
  return found;
}

std::string last_line(const std::string& output) {
  std::string text = output;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text.substr(text.rfind('\n') + 1);
}

std::string doctor(const std::string& options) { return amazes_exe() + " doctor " + options + " 2>&1"; }

TEST(CliDoctor, AsRootTheSandboxHasEverythingAndTheContestCanRun) {
  REQUIRE_SANDBOX("root", "cgroup", "bwrap", "namespaces");
  const CommandResult result = run_command(doctor(""));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  const Line root = finding(result.output, "sandbox", "root");
  EXPECT_EQ(root.status, "ok") << result.output;
  EXPECT_EQ(root.seen.rfind("yes: players run under UIDs of their own", 0), 0U) << root.seen;
  EXPECT_EQ(finding(result.output, "sandbox", "seccomp").status, "ok") << result.output;
  const Line cgroup = finding(result.output, "sandbox", "cgroup");
  EXPECT_EQ(cgroup.status, "ok") << result.output;
  EXPECT_NE(cgroup.seen.find("writable"), std::string::npos) << cgroup.seen;
  const Line bwrap = finding(result.output, "sandbox", "bwrap");
  EXPECT_EQ(bwrap.status, "ok") << result.output;
  EXPECT_NE(bwrap.seen.find("works"), std::string::npos) << bwrap.seen;
  EXPECT_EQ(finding(result.output, "sandbox", "namespaces").status, "ok") << result.output;
  const Line isolation = finding(result.output, "sandbox", "isolation");
  EXPECT_EQ(isolation.status, "ok") << result.output;
  EXPECT_NE(isolation.seen.find("a player gets namespaces + seccomp"), std::string::npos) << isolation.seen;
  for (const auto& name : kTimingFindings) {
    EXPECT_NE(finding(result.output, "timing", name).status, "") << name << " in\n" << result.output;
  }
  EXPECT_EQ(last_line(result.output).rfind("doctor: ready (", 0), 0U) << result.output;
}

TEST(CliDoctor, TheJsonHasTheDocumentedFields) {
  const CommandResult text = run_command(doctor(""));
  const CommandResult result = run_command(amazes_exe() + " doctor --json");
  ASSERT_TRUE(result.exit_code == 0 || result.exit_code == 1) << result.output;
  EXPECT_EQ(result.exit_code, text.exit_code);
  const nlohmann::json json = nlohmann::json::parse(result.output);
  EXPECT_EQ(json.at("format"), "amazes-doctor/1");
  EXPECT_EQ(json.at("ready").get<bool>(), result.exit_code == 0);
  const auto& settings = json.at("settings");
  for (const char* key : {"mode", "memory_mb", "processes", "open_files", "tmp_mb", "uids", "cgroups", "pin_cpu",
                          "drop_caches", "clock"}) {
    EXPECT_TRUE(settings.contains(key)) << key;
  }
  EXPECT_EQ(settings.at("mode"), "auto");
  std::vector<std::string> names;
  std::set<std::string> problems;
  for (const auto& item : json.at("findings")) {
    names.push_back(item.at("name"));
    const std::string section = item.at("section");
    EXPECT_EQ(section, names.size() <= kSandboxFindings.size() ? "sandbox" : "timing") << item;
    const std::string status = item.at("status");
    EXPECT_TRUE(status == "ok" || status == "warn" || status == "missing") << item;
    EXPECT_FALSE(item.at("seen").get<std::string>().empty()) << item;
    EXPECT_TRUE(item.at("fix").is_null() || !item.at("fix").get<std::string>().empty()) << item;
    if (item.at("problem").get<bool>()) {
      EXPECT_EQ(status, "missing") << item;
      problems.insert(names.back());
    }
    // The same finding in the text (the load may have changed between the two runs).
    if (names.back() != "load") {
      EXPECT_EQ(finding(text.output, section, names.back()).status, status) << item << "\n" << text.output;
    }
  }
  std::vector<std::string> expected = kSandboxFindings;
  expected.insert(expected.end(), kTimingFindings.begin(), kTimingFindings.end());
  EXPECT_EQ(names, expected);
  const auto listed = json.at("problems").get<std::vector<std::string>>();
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()), problems);
  EXPECT_EQ(problems.empty(), json.at("ready").get<bool>());
}

TEST(CliDoctor, AnOrdinaryUserIsToldWhatItLacksAndTheFix) {
  if (::geteuid() != 0) GTEST_SKIP() << "makes a user of its own and runs the judge as that user: needs root";
  const std::string user = kUser;
  // Another test may make it at the same moment: then it is there after all.
  const CommandResult made = run_command("id -u " + user +
                                         " >/dev/null 2>&1 || useradd --system --no-create-home "
                                         "--shell /usr/sbin/nologin " +
                                         user + " 2>&1 || id -u " + user);
  ASSERT_EQ(made.exit_code, 0) << made.output;
  // Without XDG_RUNTIME_DIR: no systemd user manager is asked for anything.
  const CommandResult result = run_command("env -u XDG_RUNTIME_DIR setpriv --reuid=" + user + " --regid=" + user +
                                           " --clear-groups -- " + doctor(""));
  // The judge's cgroup (the test's) is root's: without a cgroup of its own a contest is not fair.
  EXPECT_EQ(result.exit_code, 1) << result.output;
  const Line root = finding(result.output, "sandbox", "root");
  EXPECT_EQ(root.status, "warn") << result.output;
  EXPECT_EQ(root.seen.rfind("no (uid ", 0), 0U) << root.seen;
  EXPECT_EQ(root.fix, "run the judge as root: sudo amazes …");
  const Line cgroup = finding(result.output, "sandbox", "cgroup");
  EXPECT_EQ(cgroup.status, "missing") << result.output;
  EXPECT_NE(cgroup.seen.find("belongs to root, not to " + user), std::string::npos) << cgroup.seen;
  EXPECT_EQ(cgroup.fix.rfind("systemd-run --user --scope -p Delegate=yes amazes … (", 0), 0U) << cgroup.fix;
  EXPECT_NE(cgroup.fix.find("systemd user manager"), std::string::npos) << cgroup.fix;
  const Line namespaces = finding(result.output, "sandbox", "namespaces");
  EXPECT_EQ(namespaces.status, "missing") << result.output;
  EXPECT_NE(namespaces.seen.find("the judge is not root"), std::string::npos) << namespaces.seen;
  const std::string verdict = last_line(result.output);
  EXPECT_EQ(verdict.rfind("doctor: ", 0), 0U) << result.output;
  EXPECT_NE(verdict.find(" problem"), std::string::npos) << verdict;
  EXPECT_NE(verdict.find("cgroup"), std::string::npos) << verdict;
}

TEST(CliDoctor, WithoutBubblewrapItIsMissingWithItsFixAndBwrapModeCannotRun) {
  const std::string without = "env PATH=/nonexistent ";
  CommandResult result = run_command(without + doctor(""));
  const Line bwrap = finding(result.output, "sandbox", "bwrap");
  EXPECT_EQ(bwrap.status, "missing") << result.output;
  EXPECT_EQ(bwrap.seen.rfind("bubblewrap (bwrap) is not installed", 0), 0U) << bwrap.seen;
  EXPECT_EQ(bwrap.fix, "apt install bubblewrap");
  // In auto the judge's own namespaces do without it.
  if (offers("namespaces")) {
    EXPECT_EQ(result.exit_code, 0) << result.output;
    const std::string verdict = last_line(result.output);
    EXPECT_EQ(verdict.rfind("doctor: ready (", 0), 0U) << result.output;
    EXPECT_NE(verdict.find("1 missing but not needed by these settings"), std::string::npos) << verdict;
  }

  result = run_command(without + doctor("--sandbox bwrap"));
  EXPECT_EQ(result.exit_code, 1) << result.output;
  const Line isolation = finding(result.output, "sandbox", "isolation");
  EXPECT_EQ(isolation.status, "missing") << result.output;
  EXPECT_EQ(isolation.seen.rfind("--sandbox bwrap: no match would be played", 0), 0U) << isolation.seen;
  EXPECT_EQ(isolation.fix, "apt install bubblewrap");
  EXPECT_NE(last_line(result.output).find("isolation"), std::string::npos) << result.output;
}

TEST(CliDoctor, AWrongOptionOrAnArgumentIsAUsageError) {
  EXPECT_EQ(run_command(doctor("--sandbox sometimes")).exit_code, 2);
  EXPECT_EQ(run_command(doctor("bots/a")).exit_code, 2);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
