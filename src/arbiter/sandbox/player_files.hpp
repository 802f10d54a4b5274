#pragma once
// What of the machine's files a sandboxed player sees: an allow-list, not the whole file system
// with a few holes.
//
// - the system's runtime (system_runtime()): /usr, the /bin, /sbin and /lib* links or
//   directories, and the few files of /etc that programs read (the dynamic linker's cache,
//   time zone, locale, name service and the configuration trees of language runtimes);
// - its own folders (player_files()), read-only: the folder of its program (of its script, for
//   an interpreter given one), the tree of an interpreter named on the command line
//   (/opt/python/bin/python3 brings /opt/python), and every file or folder its command names.
//   A file right in a shared scratch folder (/tmp, /var/tmp, /run) or in / comes alone.
//
// Every path is resolved by the kernel's rules (path_resolution.hpp) and only what it resolves
// to is bound; the way there (folders, links) is reproduced empty, so that the same text
// resolves to the same file inside. The contestant's own files never widen what is bound:
// its program, a link in its folder or its "#!" line that leads out of its folder (and out of
// the runtime) is refused before the first game. Only the command line, which the organiser
// writes, may bring a folder from elsewhere.
//
// Nothing else: not the judge's working directory, the mazes, the config, the output, /home,
// /root, /srv, /opt, /mnt. The player's working directory and HOME are its home folder.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "process/launch_spec.hpp"
#include "sandbox/path_resolution.hpp"

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
  // Bound read-only, resolved, outside the runtime, none inside another; files or folders.
  std::vector<std::filesystem::path> bound;
  // Folders the sandbox makes empty and only traversable, parents first: those on the way to
  // the bound ones and those the command's paths pass through (a player learns nothing by
  // listing them).
  std::vector<std::filesystem::path> way;
  // Links the command's paths follow outside what is bound, made again at the same places.
  std::vector<WayLink> links;
  // The program, absolute as written (the working directory changes to `home`).
  std::filesystem::path program;
  // The command line with every argument that names an existing path made absolute, as written.
  std::vector<std::string> argv;
  // A compile's build folder (SandboxSettings::build_folder): its home, bound writable. Nothing
  // for a player, whose every folder is read-only.
  std::optional<std::filesystem::path> writable;
  // What the kernel will open, resolved, and how: the program (and each "#!" interpreter after
  // it) executed, scripts and named files read, named folders and the home searched. A player's
  // UID must be allowed each (sandbox.cpp).
  struct Need {
    std::filesystem::path path;
    int mode;          // X_OK or R_OK
    const char* what;  // "its program", "its #! interpreter", … (a string literal)
  };
  std::vector<Need> needs;
};

struct PlayerFilesResult {
  PlayerFiles files;
  std::string error;  // why the command would show a player more than its own: one line
  bool ok() const { return error.empty(); }
};

// `cwd`: where relative paths of the command are taken from (the judge's working directory,
// resolved).
PlayerFilesResult player_files(const LaunchSpec& spec, const std::filesystem::path& cwd);

// A per-move player's folder (SandboxSettings::move_folder), resolved and the judge's own, made
// its home and bound writable, the folders on its way made empty: the player starts there, with
// its program's files read-only where they are. Empty on success; else why not, one line.
std::string add_move_folder(PlayerFiles& files, const std::filesystem::path& folder);

// Whether `path` is `dir` or lies below it, on their text: both absolute and normal (resolved,
// or lexically normal), without "." or "..".
bool is_inside(const std::filesystem::path& path, const std::filesystem::path& dir);

}  // namespace amazes::arbiter
