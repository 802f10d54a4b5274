#pragma once
// A player's memory limit where the machine binds the memory controller to cgroup v1 (a hybrid
// hierarchy: cgroup v2 for freezing, killing and timing, the old hierarchies for the rest, as on
// the project's CI VM). Its cgroup v2 then cannot have memory.max, and RLIMIT_DATA alone does not
// bound a player: it counts per process (a bot's 256 processes may hold 256 GiB) and misses shared
// memory and what nothing maps (pipes, sockets, page tables of a forked child). A memory cgroup counts every page
// the player causes, and the kernel kills it when it goes beyond.
//
// One cgroup per player under a directory of the judge's in the memory hierarchy
// (<judge's memory cgroup>/amazes-<pid>-<random>/p<N>), with memory.limit_in_bytes and, where
// swap is accounted, memory.memsw.limit_in_bytes at the limit (no swap beyond it). cgroup v1
// has no CLONE_INTO_CGROUP: the player-to-be joins it by writing "0" to its `tasks` while it has
// one thread (spawn.cpp says who writes and when).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace amazes::arbiter {

// Whether the memory controller of cgroup v1 is there for the judge to use; the reason when not.
struct MemoryV1Support {
  bool usable = false;
  std::string problem;
};
const MemoryV1Support& memory_v1_support();

class MemoryCgroupV1 {
 public:
  // Makes a player's memory cgroup limited to `limit_bytes`; null and `error` when that fails.
  static std::unique_ptr<MemoryCgroupV1> create(std::uint64_t limit_bytes, std::string& error);
  ~MemoryCgroupV1();  // removes the cgroup (its processes must be gone)
  MemoryCgroupV1(const MemoryCgroupV1&) = delete;
  MemoryCgroupV1& operator=(const MemoryCgroupV1&) = delete;

  // Its `tasks`, open for writing: a process of one thread that writes "0" to it joins.
  int join_fd() const { return join_fd_; }
  // How many processes of it the kernel has killed for going beyond the limit.
  std::uint64_t oom_kills() const;

 private:
  MemoryCgroupV1() = default;
  std::filesystem::path dir_;
  int join_fd_ = -1;
};

}  // namespace amazes::arbiter
