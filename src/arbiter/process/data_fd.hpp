#pragma once
// Bytes handed to a child program through a file descriptor it inherits (bubblewrap's --args,
// --seccomp and --ro-bind-data): an anonymous memory file, close-on-exec in the judge, whose
// number is at least 10, so that a child hook may move it to a fixed number below 10 without
// clobbering it (spawn.cpp keeps 3–9 of the judge occupied).
#include <string_view>

#include "amazes/files/unique_fd.hpp"

namespace amazes::arbiter {

// The bytes in a fresh memory file, positioned at its start; an invalid fd (errno set) when the
// kernel refuses one.
UniqueFd data_fd(std::string_view bytes, const char* name);

}  // namespace amazes::arbiter
