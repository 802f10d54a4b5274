#include "process/cgroup_hierarchy.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "amazes/files/unique_fd.hpp"

namespace amazes::arbiter::cgroup {

namespace {

namespace fs = std::filesystem;

// mountinfo escapes blanks, tabs, newlines and backslashes in paths as \ooo.
std::string unescape(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size() &&
        std::all_of(text.begin() + static_cast<long>(i) + 1, text.begin() + static_cast<long>(i) + 4,
                    [](char c) { return c >= '0' && c <= '7'; })) {
      out += static_cast<char>((text[i + 1] - '0') * 64 + (text[i + 2] - '0') * 8 + (text[i + 3] - '0'));
      i += 3;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string errno_text(int error) { return std::strerror(error); }

bool contains(const std::vector<std::string>& list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

// Judge directories are named "amazes-<pid>-<random hex>".
std::optional<pid_t> judge_pid_of(const std::string& name) {
  if (name.rfind("amazes-", 0) != 0) return std::nullopt;
  const std::size_t dash = name.find('-', 7);
  if (dash == std::string::npos) return std::nullopt;
  char* end = nullptr;
  const long pid = std::strtol(name.c_str() + 7, &end, 10);
  if (end != name.c_str() + dash || pid <= 0) return std::nullopt;
  return static_cast<pid_t>(pid);
}

}  // namespace

void remove_stale_judge_dirs(const fs::path& base) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(base, ec)) {
    const auto pid = judge_pid_of(entry.path().filename().string());
    if (!pid || *pid == ::getpid() || ::kill(*pid, 0) == 0 || errno != ESRCH) continue;
    std::error_code inner;
    for (const auto& leaf : fs::directory_iterator(entry.path(), inner)) {
      if (leaf.is_directory(inner)) ::rmdir(leaf.path().c_str());
    }
    ::rmdir(entry.path().c_str());
  }
}

std::optional<fs::path> make_judge_dir(const fs::path& base, std::string& error) {
  remove_stale_judge_dirs(base);
  std::random_device random;
  const fs::path dir = base / fmt::format("amazes-{}-{:08x}", ::getpid(), random());
  if (::mkdir(dir.c_str(), 0755) != 0) {
    error = fmt::format("cannot make a cgroup under {}: {}", base.string(), errno_text(errno));
    return std::nullopt;
  }
  return dir;
}

namespace {

fs::path g_judge_dir;  // for the exit handler
bool g_judge_in_leaf = false;

void remove_judge_dir_at_exit() {
  // The players' cgroups are gone by now; a judge that moved itself into its leaf cannot remove
  // it (it is still in it): the next judge does (remove_stale_judge_dirs).
  if (!g_judge_in_leaf && !g_judge_dir.empty()) ::rmdir(g_judge_dir.c_str());
}

// Enables `controller` for the children of `dir`; 0 or errno.
int enable_controller(const fs::path& dir, const std::string& controller) {
  const auto enabled = read_file(dir / "cgroup.subtree_control");
  if (enabled && contains(words(*enabled), controller)) return 0;
  return write_file(dir / "cgroup.subtree_control", "+" + controller);
}

// The processes directly in `dir`.
std::vector<std::string> processes_in(const fs::path& dir) {
  return words(read_file(dir / "cgroup.procs").value_or(""));
}

JudgeCgroupResult make_judge_cgroup() {
  JudgeCgroupResult result;
  const auto mountinfo = read_file("/proc/self/mountinfo");
  const auto mount = mountinfo ? find_v2_mount(*mountinfo) : std::nullopt;
  if (!mount) {
    result.problem = "no cgroup v2 hierarchy is mounted";
    return result;
  }
  const auto own = read_file("/proc/self/cgroup");
  const auto path = own ? v2_path(*own) : std::nullopt;
  const auto base = path ? cgroup_dir(*mount, *path) : std::nullopt;
  if (!base) {
    result.problem = fmt::format("the judge's cgroup is not visible under {}", mount->point.string());
    return result;
  }
  std::string error;
  const auto made = make_judge_dir(*base, error);
  if (!made) {
    result.problem = error;
    return result;
  }
  const fs::path& dir = *made;
  for (const char* file : {"cgroup.procs", "cgroup.freeze", "cgroup.kill", "cgroup.events", "cpu.stat"}) {
    if (::access((dir / file).c_str(), F_OK) != 0) {
      ::rmdir(dir.c_str());
      result.problem = fmt::format("the cgroup v2 hierarchy at {} has no {} (needs Linux 5.14 or later)",
                                   mount->point.string(), file);
      return result;
    }
  }
  JudgeCgroup judge;
  judge.dir = dir;
  const auto controllers = enable_controllers(*base, dir, {"memory", "pids"});
  judge.memory = contains(controllers.enabled, "memory");
  judge.pids = contains(controllers.enabled, "pids");
  judge.note = controllers.note;
  g_judge_in_leaf = controllers.judge_moved;
  g_judge_dir = dir;
  std::atexit(remove_judge_dir_at_exit);
  result.cgroup = std::move(judge);
  return result;
}

}  // namespace

EnabledControllers enable_controllers(const fs::path& base, const fs::path& judge_dir,
                                      const std::vector<std::string>& wanted_controllers) {
  EnabledControllers result;
  const auto available = words(read_file(base / "cgroup.controllers").value_or(""));
  std::vector<std::string> wanted;
  for (const auto& c : wanted_controllers) {
    if (contains(available, c)) wanted.push_back(c);
  }
  if (wanted.empty()) {
    result.note = fmt::format("the cgroup v2 hierarchy offers no {} controller here (bound to cgroup v1?)",
                              fmt::join(wanted_controllers, " or "));
    return result;
  }
  int error = 0;
  for (const auto& c : wanted) {
    if ((error = enable_controller(base, c)) != 0) break;
  }
  if (error == EBUSY) {
    // No internal processes (the true root is exempt, so this is a non-root cgroup, or the root
    // of a cgroup namespace): move the judge into a leaf of its own, if it is alone there.
    const auto here = processes_in(base);
    if (here.size() != 1 || here.front() != std::to_string(::getpid())) {
      result.note = fmt::format(
          "{} not used for the players: the judge's cgroup {} holds other processes too (run the judge in a cgroup "
          "of its own, e.g. systemd-run --scope -p Delegate=yes)",
          fmt::join(wanted, ", "), base.string());
      return result;
    }
    const fs::path leaf = judge_dir / "judge";
    if (::mkdir(leaf.c_str(), 0755) != 0 ||
        (error = write_file(leaf / "cgroup.procs", std::to_string(::getpid()))) != 0) {
      if (error == 0) error = errno;
    } else {
      result.judge_moved = true;
      for (const auto& c : wanted) {
        if ((error = enable_controller(base, c)) != 0) break;
      }
    }
  }
  if (error == 0) {
    for (const auto& c : wanted) {
      if ((error = enable_controller(judge_dir, c)) != 0) break;
    }
  }
  if (error != 0) {
    result.note = fmt::format("{} not used for the players: enabling them under {} failed: {}", fmt::join(wanted, ", "),
                              base.string(), errno_text(error));
    return result;
  }
  result.enabled = wanted;
  return result;
}

std::optional<Mount> find_v2_mount(std::string_view mountinfo) {
  std::vector<Mount> found;
  std::istringstream lines{std::string(mountinfo)};
  std::string line;
  while (std::getline(lines, line)) {
    const auto fields = words(line);
    const auto separator = std::find(fields.begin(), fields.end(), "-");
    if (fields.size() < 5 || separator == fields.end() || separator + 1 == fields.end()) continue;
    if (*(separator + 1) != "cgroup2") continue;
    found.push_back({unescape(fields[4]), unescape(fields[3])});
  }
  for (const char* preferred : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}) {
    for (const auto& m : found) {
      if (m.point == preferred) return m;
    }
  }
  if (found.empty()) return std::nullopt;
  return found.front();
}

std::optional<Mount> find_v1_mount(std::string_view mountinfo, std::string_view controller) {
  std::istringstream lines{std::string(mountinfo)};
  std::string line;
  while (std::getline(lines, line)) {
    const auto fields = words(line);
    const auto separator = std::find(fields.begin(), fields.end(), "-");
    if (fields.size() < 5 || separator == fields.end() || fields.end() - separator < 4) continue;
    if (*(separator + 1) != "cgroup") continue;
    std::istringstream options{*(separator + 3)};
    for (std::string option; std::getline(options, option, ',');) {
      if (option == controller) return Mount{unescape(fields[4]), unescape(fields[3])};
    }
  }
  return std::nullopt;
}

std::optional<std::string> v1_path(std::string_view proc_cgroup, std::string_view controller) {
  std::istringstream lines{std::string(proc_cgroup)};
  std::string line;
  while (std::getline(lines, line)) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    std::istringstream controllers{line.substr(first + 1, second - first - 1)};
    for (std::string name; std::getline(controllers, name, ',');) {
      if (name == controller) return line.substr(second + 1);
    }
  }
  return std::nullopt;
}

std::optional<std::string> v2_path(std::string_view proc_cgroup) {
  std::istringstream lines{std::string(proc_cgroup)};
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("0::", 0) == 0) return line.substr(3);
  }
  return std::nullopt;
}

std::optional<fs::path> cgroup_dir(const Mount& mount, const std::string& path) {
  if (path.empty() || path.front() != '/' || path.find("/..") != std::string::npos) return std::nullopt;
  std::string relative;
  if (mount.root == "/") {
    relative = path.substr(1);
  } else if (path == mount.root) {
    relative.clear();
  } else if (path.rfind(mount.root + "/", 0) == 0) {
    relative = path.substr(mount.root.size() + 1);
  } else {
    return std::nullopt;
  }
  return relative.empty() ? mount.point : mount.point / relative;
}

std::optional<std::uint64_t> keyed_value(std::string_view text, std::string_view key) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ' ') {
      std::uint64_t value = 0;
      bool digits = false;
      for (const char c : line.substr(key.size() + 1)) {
        if (c < '0' || c > '9') break;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
        digits = true;
      }
      if (digits) return value;
      return std::nullopt;
    }
    at = end + 1;
  }
  return std::nullopt;
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\n' || text[at] == '\t')) ++at;
    const std::size_t start = at;
    while (at < text.size() && text[at] != ' ' && text[at] != '\n' && text[at] != '\t') ++at;
    if (at > start) out.emplace_back(text.substr(start, at - start));
  }
  return out;
}

const JudgeCgroupResult& judge_cgroup() {
  static std::once_flag once;
  static JudgeCgroupResult result;
  std::call_once(once, [] { result = make_judge_cgroup(); });
  return result;
}

int write_file(const fs::path& path, std::string_view text) {
  const UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
  if (!fd) return errno;
  while (true) {
    const ssize_t n = ::write(fd.get(), text.data(), text.size());
    if (n == static_cast<ssize_t>(text.size())) return 0;
    if (n < 0 && errno == EINTR) continue;
    return n < 0 ? errno : EIO;
  }
}

std::optional<std::string> read_file(const fs::path& path) {
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) return std::nullopt;
  std::string text;
  char buffer[4096];
  while (true) {
    const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n > 0) {
      text.append(buffer, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return n == 0 ? std::optional<std::string>(text) : std::nullopt;
    }
  }
}

}  // namespace amazes::arbiter::cgroup
