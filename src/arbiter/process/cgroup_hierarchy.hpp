#pragma once
// Where the judge makes its players' cgroups: the cgroup v2 hierarchy (/sys/fs/cgroup on a
// unified system, /sys/fs/cgroup/unified on a hybrid one, wherever /proc/self/mountinfo says
// otherwise), the judge's own cgroup in it, and one directory per judge process under that,
// "amazes-<pid>-<random>", made on first use and removed at exit. Each player's cgroup is a
// leaf inside it (CgroupControl).
//
// The "no internal processes" rule: a cgroup that hands controllers (memory, pids) down to its
// children may not hold processes itself; the root is exempt. Core files (cgroup.freeze,
// cgroup.kill, cpu.stat) need no controller, so pausing, timing and killing work under any
// cgroup the judge may write to. For memory.max and pids.max the judge's cgroup must enable
// the controllers for its children. That is possible when it is the root (a judge in "0::/"),
// when they are already enabled, or when the judge is alone in its cgroup (a systemd scope or
// service with Delegate=yes): the judge then moves itself into a leaf "judge" inside its own
// directory first, as systemd's delegation rules ask. A judge sharing its cgroup with other
// processes (an interactive shell's session) gets no memory.max/pids.max, and says why.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::arbiter::cgroup {

struct Mount {
  std::filesystem::path point;  // e.g. /sys/fs/cgroup/unified
  std::string root;             // the cgroup mounted there, "/" unless the mount is a subtree
};

// The cgroup2 mount from the text of /proc/self/mountinfo: /sys/fs/cgroup if it is one, else
// /sys/fs/cgroup/unified, else the first cgroup2 mount listed.
std::optional<Mount> find_v2_mount(std::string_view mountinfo);
// The cgroup v2 path of a process ("0::/a/b" → "/a/b") from the text of /proc/<pid>/cgroup.
std::optional<std::string> v2_path(std::string_view proc_cgroup);
// The same for the cgroup v1 hierarchy of `controller` (hybrid systems bind controllers such as
// memory to v1): its mount, and the process's path there ("4:memory:/a" → "/a").
std::optional<Mount> find_v1_mount(std::string_view mountinfo, std::string_view controller);
std::optional<std::string> v1_path(std::string_view proc_cgroup, std::string_view controller);
// The directory of cgroup `path` in `mount`; nothing when the path lies outside the mount's
// root (the process is outside this view of the hierarchy, e.g. "/../x" in a cgroup namespace).
std::optional<std::filesystem::path> cgroup_dir(const Mount& mount, const std::string& path);
// The number after `key` in a flat-keyed file ("usage_usec 123\n…", "populated 0\n…").
std::optional<std::uint64_t> keyed_value(std::string_view text, std::string_view key);
// The words of a space-separated file such as cgroup.controllers.
std::vector<std::string> words(std::string_view text);

struct JudgeCgroup {
  std::filesystem::path dir;  // this judge's directory: the players' cgroups are made inside it
  bool memory = false;        // memory.max can be set in the players' cgroups
  bool pids = false;          // pids.max likewise
  std::string note;           // why memory.max/pids.max are not available, or empty
};

struct JudgeCgroupResult {
  std::optional<JudgeCgroup> cgroup;
  std::string problem;  // why there is none, one line
};

// Enables those of `wanted` (e.g. memory, pids) that `base` (the judge's cgroup) offers for the
// children of `judge_dir` (the judge's directory in it), so that the players' cgroups get them.
// When `base` refuses because it holds processes and the judge is the only one, the judge moves
// itself into `judge_dir`/judge first (see above).
struct EnabledControllers {
  std::vector<std::string> enabled;
  std::string note;          // why some or all are not, or empty
  bool judge_moved = false;  // the judge process now lives in judge_dir/judge
};
EnabledControllers enable_controllers(const std::filesystem::path& base, const std::filesystem::path& judge_dir,
                                      const std::vector<std::string>& wanted);

// The judge's directory, made (with its controllers) on the first call, thread-safe; removed at
// exit when empty. Directories of judges that are gone and left theirs behind (killed) are
// removed on the way when empty.
const JudgeCgroupResult& judge_cgroup();

// A new directory of this judge's under `base`, "amazes-<pid>-<random hex>", after removing
// the empty ones of judges that are gone (a judge killed by SIGKILL cannot clean up; rmdir
// refuses a cgroup with live processes, so nothing running is touched). Nothing and `error`
// when it cannot be made.
std::optional<std::filesystem::path> make_judge_dir(const std::filesystem::path& base, std::string& error);
void remove_stale_judge_dirs(const std::filesystem::path& base);

// Small-file helpers for cgroup files: 0 or an errno value.
int write_file(const std::filesystem::path& path, std::string_view text);
std::optional<std::string> read_file(const std::filesystem::path& path);

}  // namespace amazes::arbiter::cgroup
