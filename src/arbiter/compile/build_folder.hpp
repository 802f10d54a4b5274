#pragma once
// What a compile built, copied out of its build folder (sandbox/writable_folder.hpp). The folder's
// contents are the compile's, hostile: they are read without following any link, and only
// regular files and folders come out, within the limits.
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace amazes::arbiter {

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
