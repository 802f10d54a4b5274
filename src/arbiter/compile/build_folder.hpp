#pragma once
// A compile's build folder on the judge's side: made for one UID, a tmpfs of the output limit's
// size where the judge may mount one (root, in a mount namespace of its own), and what was built
// there copied out. The folder's contents are the compile's, hostile: they are read without
// following any link, and only regular files and folders come out, within the limits.
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace amazes::arbiter {

class BuildFolder {
 public:
  // Makes `path` (its parent must exist), a tmpfs of `bytes` and `entries` when it can be one,
  // owned by `uid` with mode 0700. Throws std::system_error.
  BuildFolder(std::filesystem::path path, uid_t uid, std::uint64_t bytes, std::uint64_t entries);
  ~BuildFolder();  // unmounted and removed with everything in it
  BuildFolder(const BuildFolder&) = delete;
  BuildFolder& operator=(const BuildFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Whether the folder is a tmpfs of its own: its total size is bounded, not only each file's.
  bool bounded() const { return mounted_; }
  // Whether what was written fills it (a full tmpfs: the compile ran out of room).
  bool full() const;
  // The folder given to another UID (a compile started again in another sandbox).
  void give_to(uid_t uid) const;
  // `bytes` in it as `file`, owned by its UID, read-only to it.
  void write_in(const std::string& bytes, const std::string& file) const;

 private:
  std::filesystem::path path_;
  uid_t uid_;
  bool mounted_ = false;
};

struct BuildOutput {
  std::uint64_t bytes = 0;
  std::uint64_t entries = 0;
  std::string skipped;  // the first entry that was neither a regular file nor a folder, if any
};

// Copies the regular files and folders under `build` to `output` (made here, mode 0755, owned
// by the judge), files 0755 when any execute bit was set and 0644 otherwise, at most `bytes`
// and `entries` in all and 16 folders deep; links, devices, FIFOs and sockets are left behind.
// Throws std::system_error, or std::runtime_error when a limit is passed.
BuildOutput copy_build_output(const std::filesystem::path& build, const std::filesystem::path& output,
                              std::uint64_t bytes, std::uint64_t entries);

}  // namespace amazes::arbiter
