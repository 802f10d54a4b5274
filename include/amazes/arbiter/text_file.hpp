#pragma once
// Whole-file reads and atomic writes: a reader never sees a half-written file, and a crash
// in the middle of a write leaves the old file (or none) in place.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace amazes::arbiter {

// A file that cannot be read or written; what() is "PATH: reason".
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string read_text_file(const std::filesystem::path& path);

// Writes to a temporary file in the same directory, flushes it to disk, then renames it over
// `path`. Creates missing parent directories.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace amazes::arbiter
