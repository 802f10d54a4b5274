#pragma once
// How the players of a match are isolated and limited: plain values, carried in MatchSettings
// and described, with their options and ranges, by its table (match_settings.hpp). What they
// mean on a given machine is decided by the sandbox (src/arbiter/sandbox/isolation_factory.hpp),
// and what was actually used is recorded in the match log ("settings.sandbox").
#include <sys/types.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::arbiter {

enum class SandboxMode : std::uint8_t {
  Auto,        // the judge's own namespaces where they work (a root judge with a UID and a cgroup
               // per player), else bubblewrap where it works, else rlimits (and a UID per
               // player) only, each fallback said once in the log
  Namespaces,  // the judge's own namespaces (namespaces.hpp), or no match at all
  Bwrap,       // bubblewrap, or no match at all
  None,        // no isolation and no limits: the player runs as the judge's user, or, as root,
               // under a UID of its own (trusted bots, debugging). Its cgroup, when there is one,
               // still pauses, times and kills it.
};
std::string_view sandbox_mode_name(SandboxMode mode);  // "auto", "namespaces", "bwrap", "none"
std::optional<SandboxMode> sandbox_mode_from_name(std::string_view name);

// The UIDs (and GIDs, the same numbers) that players run under when the judge is root: one per
// running player, never shared by two players at once, not even across judge processes. The
// default lies in 60578–61183, which systemd leaves unused (between systemd-homed's users and
// its dynamic users); numbers that have a passwd or group entry, or fall in an /etc/subuid or
// /etc/subgid range, are skipped.
struct UidRange {
  uid_t first = 60600;
  uid_t last = 61099;
  friend bool operator==(const UidRange&, const UidRange&) = default;
};
std::string uid_range_text(const UidRange& range);                   // "60600-61099"
std::optional<UidRange> uid_range_from_text(std::string_view text);  // "A-B" with 0 < A <= B

// The least memory limit a player may be given: no program's start fits in less (a dynamic
// loader, a C library, a small heap and stack; bubblewrap in front of it).
inline constexpr std::uint64_t kMinMemoryMb = 16;

// A per-move player's folder (SandboxSettings::move_folder): what it may hold, a tmpfs of this
// size and so many entries as root; the largest file it may write elsewhere.
inline constexpr std::uint64_t kMoveFolderMb = 64;
inline constexpr std::uint64_t kMoveFolderEntries = 1000;

struct SandboxSettings {
  SandboxMode mode = SandboxMode::Auto;
  // Memory per player: its memory cgroup's limit (memory.max, or the memory controller of
  // cgroup v1), where there is one; else the data segment (RLIMIT_DATA: heap and private
  // writable mappings) of each of its processes. 0: no limit; else at least kMinMemoryMb.
  std::uint64_t memory_mb = 1024;
  // Processes and threads per player: RLIMIT_NPROC (counted per real UID, so only with a UID
  // of its own, i.e. as root) and pids.max where the pids controller is available. 0: no limit.
  // A JVM starts about 20 threads and adds garbage-collector threads under load, more the more
  // CPUs it sees: the default leaves room for that on a large machine, and still stops a fork bomb.
  int processes = 256;
  // Open file descriptors per process (RLIMIT_NOFILE).
  int open_files = 64;
  // Under bubblewrap, a private writable /tmp of this size for runtimes that need one; the
  // file-size limit (RLIMIT_FSIZE) is then this size instead of 0. 0: no writable place at all.
  std::uint64_t tmp_mb = 0;
  // As root: the UIDs of the players, in every mode (no player runs as root). Nothing: players
  // run under the judge's UID, which a root judge refuses.
  std::optional<UidRange> uids = UidRange{};
  // A cgroup v2 per player when the machine has a usable hierarchy (pause by cgroup.freeze,
  // CPU from cpu.stat, kill by cgroup.kill); false: the process group and the CPU clock of the
  // main process, as without cgroups.
  bool cgroups = true;
  // Each match on a CPU of its own, the judge's thread and both players (cpu_pin.hpp), when
  // their cgroups pause them and the clock is cpu: the players take turns, so it costs them
  // nothing, and it halves the wall time of a match of fast bots on a virtual machine. false:
  // the scheduler places all three.
  bool pin_cpu = true;
  // Before each game, the machine's clean page cache is dropped (root only): what a bot's earlier
  // game read into it (a pattern of pages, a maze learnt) is gone, so a later game cannot probe
  // it. A whole channel closed only for games that do not overlap (-j 1), and dear: a fifth of a
  // second here, and every program is read from the disk again (docs/security.md).
  bool drop_caches = false;
  // Not a player's: a compiler's (sandboxed_compile.hpp). Its home must be this folder, which is
  // bound writable; nothing else it sees is. Nothing: every folder read-only, as for a player.
  std::optional<std::string> build_folder;
  // A compiler's toolchain files outside the system's runtime (GHC's package database under
  // /var/lib/ghc), bound read-only.
  std::vector<std::string> toolchain;
  // A player run once per move (match_settings.hpp, MoveFiles): this folder, the judge's and
  // private to the player for one game, is its working directory and HOME, bound writable; its
  // program's files stay read-only where they are. Nothing: no folder is writable.
  std::optional<std::string> move_folder;

  friend bool operator==(const SandboxSettings&, const SandboxSettings&) = default;
};

// The sandbox the players ran in, as fields for programs to read; MatchRecord::sandbox says the
// same in words.
struct SandboxUsed {
  // In the order of the line, each one of "namespaces", "bwrap", "seccomp", "cgroup v2",
  // "memory cgroup v1", "process group", "rlimits".
  std::vector<std::string> mechanisms;
  // The rlimits of each player process, when set ("rlimits" among the mechanisms); nothing for a
  // limit that is unlimited.
  struct Limits {
    std::optional<std::uint64_t> data_bytes;
    std::optional<std::uint64_t> processes;
    std::uint64_t open_files = 0;
    std::uint64_t file_size_bytes = 0;
  };
  std::optional<Limits> limits;
  std::array<std::optional<std::uint32_t>, 2> uids;  // red, blue: a UID of its own, or nothing: the judge's
  std::optional<int> cpu;                            // the CPU both players were pinned to
};

}  // namespace amazes::arbiter
