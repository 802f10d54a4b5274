#include <sys/prctl.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "process/cgroup_hierarchy.hpp"
#include "sandbox/machine_check_parts.hpp"

namespace amazes::arbiter {

namespace {

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// The value of a switch under /proc/sys, or nothing where the kernel has no such switch.
std::optional<std::string> sysctl_value(const std::string& dotted) {
  std::string path = "/proc/sys/" + dotted;
  for (char& c : path) {
    if (c == '.') c = '/';
  }
  const auto text = cgroup::read_file(path);
  if (!text) return std::nullopt;
  return trimmed(*text);
}

// Set now and after a reboot.
std::string sysctl_fix(const std::string& key, const std::string& value) {
  return fmt::format("sysctl -w {0}={1} && echo {0}={1} > /etc/sysctl.d/90-amazes-{0}.conf", key, value);
}

}  // namespace

Finding seccomp_finding() {
  Finding finding = finding_named("sandbox", "seccomp");
  const int mode = ::prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
  const auto actions = cgroup::read_file("/proc/sys/kernel/seccomp/actions_avail");
  const auto words = cgroup::words(actions.value_or(""));
  if (mode < 0 || !actions || std::find(words.begin(), words.end(), "errno") == words.end()) {
    finding.status = FindingStatus::Missing;
    finding.seen =
        mode < 0 ? fmt::format("prctl(PR_GET_SECCOMP) fails ({}): the kernel has no seccomp", std::strerror(errno))
        : !actions
            ? "no /proc/sys/kernel/seccomp/actions_avail: the kernel has no seccomp filters"
            : "the kernel's seccomp filters cannot answer a call with an error (actions: " + trimmed(*actions) + ")";
    finding.fix = "a kernel built with CONFIG_SECCOMP_FILTER=y (Debian's is)";
    return finding;
  }
  finding.seen = fmt::format("filters available (actions: {})", fmt::join(words, " "));
  // A container's filter on the judge itself: the bots' is stacked on it, and calls it denies
  // (clone3, mount_setattr) can keep the namespaces sandbox from working.
  if (mode == 2) finding.seen += "; the judge itself runs under a seccomp filter (a container's?)";
  return finding;
}

Finding userns_finding(bool bwrap_works) {
  Finding finding = finding_named("sandbox", "userns");
  std::vector<std::string> seen;
  std::vector<std::string> fixes;
  const auto check = [&](const std::string& key, const std::string& refusing, const std::string& allowing) {
    const auto value = sysctl_value(key);
    if (!value) return;
    seen.push_back(key + " " + *value);
    if (*value == refusing) fixes.push_back(sysctl_fix(key, allowing));
  };
  check("kernel.unprivileged_userns_clone", "0", "1");  // Debian's kernel
  check("user.max_user_namespaces", "0", "10000");
  check("kernel.apparmor_restrict_unprivileged_userns", "1", "0");  // Ubuntu 23.10 and later
  const std::string values = seen.empty() ? std::string("no switch found") : fmt::format("{}", fmt::join(seen, ", "));
  if (fixes.empty()) {
    finding.seen = "unprivileged user namespaces allowed (" + values + ")";
  } else if (bwrap_works) {
    finding.seen = "unprivileged user namespaces restricted (" + values + "), but bubblewrap works here";
  } else {
    finding.status = FindingStatus::Missing;
    finding.seen =
        "unprivileged user namespaces refused (" + values + "): bubblewrap, which runs as the player, needs them";
    finding.fix = fmt::format("{}", fmt::join(fixes, " && "));
  }
  return finding;
}

}  // namespace amazes::arbiter
