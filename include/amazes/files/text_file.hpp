#pragma once
// Whole-file reads and atomic writes: a reader never sees a half-written file, and a crash
// in the middle of a write leaves the old file (or none) in place.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace amazes::files {

// A file that cannot be read or written; what() is "PATH: reason".
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Size bounds of the files the judge reads (docs/formats.md §9): far above any real file of
// that kind, low enough that a wrong path (a disk image, /dev/zero) is refused at once.
inline constexpr std::uintmax_t kMaxMazeFileBytes = 1U << 20;
inline constexpr std::uintmax_t kMaxConfigFileBytes = 1U << 20;
inline constexpr std::uintmax_t kMaxMatchLogBytes = 64U << 20;

// The whole of a regular file of at most `max_bytes` bytes. Anything else (a directory, a
// FIFO, a device, a socket, a larger file) is refused with a FileError, without blocking and
// without reading more than `max_bytes` + 1 bytes.
std::string read_text_file(const std::filesystem::path& path, std::uintmax_t max_bytes = kMaxMazeFileBytes);

// Writes to a temporary file in the same directory, flushes it to disk, then renames it over
// `path`. Creates missing parent directories. `flush` false: readers still never see half a
// file, but a crash may lose it (for files made again from the store after a crash, such as
// the contest site's pages, where a flush per file would cost more than writing them).
void write_file_atomically(const std::filesystem::path& path, std::string_view content, bool flush = true);

// Checks, before anything is played or computed, that write_file_atomically(path, …) will be
// able to write: makes the missing folders, then creates and removes a temporary file beside
// `path`, as that write will. A real write rather than access(): root passes access() on /proc
// and on read-only mounts alike. Throws FileError ("PATH: cannot write …: reason") when it
// cannot, or when `path` is a directory.
void check_writable_file(const std::filesystem::path& path);

}  // namespace amazes::files
