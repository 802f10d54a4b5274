#pragma once
// One run per output directory at a time: an exclusive flock on DIR/.amazes.lock, held while a
// tournament or versus run (or `amazes standings DIR` rewriting the files) goes. The kernel drops
// it when the process dies, even by SIGKILL, so a crash never leaves a stale lock behind.
#include <filesystem>
#include <optional>
#include <stdexcept>

namespace amazes::competition {

class OutputBusy : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OutputLock {
 public:
  // Creates the directory when missing. Throws OutputBusy when another process holds the lock.
  static OutputLock acquire(const std::filesystem::path& out_dir);
  // Nothing when another process holds the lock.
  static std::optional<OutputLock> try_acquire(const std::filesystem::path& out_dir);

  OutputLock(OutputLock&& other) noexcept;
  OutputLock& operator=(OutputLock&& other) noexcept;
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  ~OutputLock();

 private:
  explicit OutputLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

// Removes the temporary files that atomic writes killed halfway leave behind (".NAME.tmp-XXXXXX")
// in the output directory, its matches/ and its round-NN/ directories; not one a live writer
// holds locked (a worker of the same run elsewhere). Call with the lock held. Returns how many
// were removed.
int remove_leftover_temporaries(const std::filesystem::path& out_dir);

}  // namespace amazes::competition
