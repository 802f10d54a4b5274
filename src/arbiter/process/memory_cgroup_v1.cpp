#include "process/memory_cgroup_v1.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <fmt/format.h>

#include "process/cgroup_hierarchy.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// The judge's directory in the memory hierarchy, made on first use and removed at exit.
struct JudgeMemoryDir {
  fs::path dir;
  std::string problem;
};

fs::path g_dir;  // for the exit handler
void remove_at_exit() {
  if (!g_dir.empty()) ::rmdir(g_dir.c_str());
}

JudgeMemoryDir make_judge_memory_dir() {
  JudgeMemoryDir made;
  const auto mountinfo = cgroup::read_file("/proc/self/mountinfo");
  const auto mount = mountinfo ? cgroup::find_v1_mount(*mountinfo, "memory") : std::nullopt;
  if (!mount) {
    made.problem = "no cgroup v1 memory hierarchy is mounted";
    return made;
  }
  const auto own = cgroup::read_file("/proc/self/cgroup");
  const auto path = own ? cgroup::v1_path(*own, "memory") : std::nullopt;
  const auto base = path ? cgroup::cgroup_dir(*mount, *path) : std::nullopt;
  if (!base) {
    made.problem = fmt::format("the judge's memory cgroup is not visible under {}", mount->point.string());
    return made;
  }
  const auto dir = cgroup::make_judge_dir(*base, made.problem);
  if (!dir) return made;
  if (::access((*dir / "memory.limit_in_bytes").c_str(), W_OK) != 0) {
    made.problem = fmt::format("{} has no memory.limit_in_bytes the judge may write", dir->string());
    ::rmdir(dir->c_str());
    return made;
  }
  made.dir = *dir;
  g_dir = *dir;
  std::atexit(remove_at_exit);
  return made;
}

const JudgeMemoryDir& judge_memory_dir() {
  static std::once_flag once;
  static JudgeMemoryDir dir;
  std::call_once(once, [] { dir = make_judge_memory_dir(); });
  return dir;
}

std::atomic<unsigned> g_next_player{0};

}  // namespace

const MemoryV1Support& memory_v1_support() {
  static const MemoryV1Support support = [] {
    MemoryV1Support s;
    s.usable = !judge_memory_dir().dir.empty();
    s.problem = judge_memory_dir().problem;
    return s;
  }();
  return support;
}

std::unique_ptr<MemoryCgroupV1> MemoryCgroupV1::create(std::uint64_t limit_bytes, std::string& error) {
  const JudgeMemoryDir& judge = judge_memory_dir();
  if (judge.dir.empty()) {
    error = judge.problem;
    return nullptr;
  }
  std::unique_ptr<MemoryCgroupV1> made(new MemoryCgroupV1());
  const fs::path dir = judge.dir / fmt::format("p{}", g_next_player.fetch_add(1));
  if (::mkdir(dir.c_str(), 0755) != 0) {
    error = fmt::format("mkdir {}: {}", dir.string(), std::strerror(errno));
    return nullptr;
  }
  made->dir_ = dir;
  const std::string limit = std::to_string(limit_bytes);
  if (const int e = cgroup::write_file(dir / "memory.limit_in_bytes", limit)) {
    error = fmt::format("{}/memory.limit_in_bytes: {}", dir.string(), std::strerror(e));
    return nullptr;
  }
  // Memory and swap together at the same limit: nothing beyond it goes to swap. Absent where
  // swap is not accounted (nothing to limit then).
  if (::access((dir / "memory.memsw.limit_in_bytes").c_str(), F_OK) == 0) {
    if (const int e = cgroup::write_file(dir / "memory.memsw.limit_in_bytes", limit)) {
      error = fmt::format("{}/memory.memsw.limit_in_bytes: {}", dir.string(), std::strerror(e));
      return nullptr;
    }
  }
  // `tasks`, not cgroup.procs: the joining process has one thread, and moving a single thread
  // spares the kernel's global threadgroup lock, whose first taker waits for an RCU grace
  // period (docs/performance.md).
  made->join_fd_ = ::open((dir / "tasks").c_str(), O_WRONLY | O_CLOEXEC);
  if (made->join_fd_ < 0) {
    error = fmt::format("{}/tasks: {}", dir.string(), std::strerror(errno));
    return nullptr;
  }
  return made;
}

MemoryCgroupV1::~MemoryCgroupV1() {
  if (join_fd_ >= 0) ::close(join_fd_);
  // Charges of pages still cached stay with the removed cgroup until the kernel reclaims them.
  if (!dir_.empty()) ::rmdir(dir_.c_str());
}

std::uint64_t MemoryCgroupV1::oom_kills() const {
  const auto text = cgroup::read_file(dir_ / "memory.oom_control");
  return text ? cgroup::keyed_value(*text, "oom_kill").value_or(0) : 0;
}

}  // namespace amazes::arbiter
