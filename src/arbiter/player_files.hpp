#pragma once
// What of the machine's files a sandboxed player sees (issue 12): an allow-list, not the
// whole file system with a few holes.
//
// - the system's runtime (system_runtime()): /usr, the /bin, /sbin and /lib* links or
//   directories, and the few files of /etc that programs read (the dynamic linker's cache,
//   time zone, locale, name service and the configuration trees of language runtimes);
// - its own folders (player_files()): the folder of its program, of its "#!" interpreter when
//   that lies outside the runtime (with the interpreter's whole tree: /opt/python/bin/python3
//   brings /opt/python), and of every file or folder its command line names — all read-only.
//   A file right in a shared scratch directory (/tmp, /var/tmp, /run, /dev/shm) or in / comes
//   alone, not with its directory.
//
// Nothing else: not the judge's working directory, the mazes, the config, the output, /home,
// /root, /srv, /opt, /mnt. The player's working directory and HOME are its home folder.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "launch_spec.hpp"

namespace amazes::arbiter {

struct RuntimePath {
  std::filesystem::path path;
  std::optional<std::filesystem::path> link_target;  // bound as this symbolic link, not as a bind
};

// The runtime paths that exist on this machine, in bind order.
const std::vector<RuntimePath>& system_runtime();
// Whether `path` lies in (or is) a path of the system's runtime, which every player sees.
std::optional<std::filesystem::path> runtime_path_holding(const std::filesystem::path& path);

struct PlayerFiles {
  // Its working directory and HOME: the folder of its program, or for an interpreter from the
  // runtime or a bin folder (`python3 bots/x/bot.py`) the folder of the first path its command
  // names. Nothing: it names no path outside the runtime (`python3 -c …`).
  std::optional<std::filesystem::path> home;
  // Bound read-only, outside the runtime, none inside another; files or folders.
  std::vector<std::filesystem::path> bound;
  // The program, absolute (the working directory changes to `home`).
  std::filesystem::path program;
  // The command line with every argument that names an existing path made absolute (the
  // working directory changes to `home`).
  std::vector<std::string> argv;
};

// `cwd`: where relative paths of the command are taken from (the judge's working directory).
PlayerFiles player_files(const LaunchSpec& spec, const std::filesystem::path& cwd);

// The folders on the way to the bound ones that the runtime does not hold, each once, sorted
// (so a parent comes before its children): a sandbox makes them empty and only traversable, so
// that a player learns nothing by listing them.
std::vector<std::filesystem::path> folders_on_the_way(const PlayerFiles& files);

// Whether `path` is `dir` or lies below it (lexically).
bool is_inside(const std::filesystem::path& path, const std::filesystem::path& dir);

}  // namespace amazes::arbiter
