#pragma once
// A folder of one sandboxed program's own, on the judge's side: a compile's build folder, a
// per-move player's folder for one game. Made for one UID, a tmpfs of a bounded size where the
// judge may mount one (root, in a mount namespace of its own: private_mounts.hpp), removed with
// everything in it. Its contents are the program's, hostile: the judge writes and reads in it
// only between the program's runs, never following a link, and reads regular files only.
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace amazes::arbiter {

class WritableFolder {
 public:
  // Makes `path` (its parent must exist), a tmpfs of `bytes` and `entries` when it can be one,
  // owned by `uid` with mode 0700. Throws std::system_error.
  WritableFolder(std::filesystem::path path, uid_t uid, std::uint64_t bytes, std::uint64_t entries);
  ~WritableFolder();  // unmounted and removed with everything in it
  WritableFolder(const WritableFolder&) = delete;
  WritableFolder& operator=(const WritableFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Whether the folder is a tmpfs of its own: its total size is bounded, not only each file's.
  bool bounded() const { return mounted_; }
  // Whether what was written fills it (a full tmpfs: the program ran out of room).
  bool full() const;
  // The folder given to another UID (a program started again in another sandbox).
  void give_to(uid_t uid) const;
  // `bytes` in it as `file` (a plain name), owned by its UID, read-only to it.
  void write_in(const std::string& bytes, const std::string& file) const;
  // `file` (a plain name) made anew with `bytes`, the judge's, readable by the program: whatever
  // the program left under that name (a file, a link, a folder) is removed first.
  void replace(const std::string& file, const std::string& bytes) const;
  // Whatever is under the name `file`, removed without following a link.
  void remove(const std::string& file) const;
  // The first `limit` bytes of the regular file `file`; nothing when there is none (no entry, a
  // link, a folder, a FIFO).
  std::optional<std::string> read_start(const std::string& file, std::size_t limit) const;

 private:
  std::filesystem::path path_;
  uid_t uid_;
  bool mounted_ = false;
};

}  // namespace amazes::arbiter
