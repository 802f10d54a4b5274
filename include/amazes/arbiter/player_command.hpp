#pragma once
// How a player given on the command line becomes a program and its arguments
// (docs/formats.md: "a player is given as one shell-style command string or a path").
// No shell is involved: no variables, globs, pipes or redirections; only words and quotes.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::arbiter {

struct SplitCommand {
  std::vector<std::string> words;
  std::string error;  // empty when the command split cleanly
  bool ok() const { return error.empty(); }
};

// Splits `command` into words the way a POSIX shell does, without expanding anything:
// blanks (space, tab, newline) separate words; '…' keeps everything literally;
// "…" keeps everything except that a backslash escapes \ " $ ` and a newline;
// outside quotes a backslash keeps the next character literally (backslash-newline vanishes).
// `a"b c"'d'` is one word `ab cd`; `""` is an empty word. An unterminated quote, a trailing
// backslash or a command without any word is an error.
SplitCommand split_command(std::string_view command);

struct ProgramLookup {
  std::filesystem::path path;  // what to execute
  std::string error;           // "./bot: no such file", "bot: not found in PATH", …
  bool ok() const { return error.empty(); }
};

// The interpreter named on the "#!" line of `program`, or nothing when it is no such script.
std::optional<std::filesystem::path> script_interpreter(const std::filesystem::path& program);

// Finds the program for argv[0] the way execvp would, but checks it before anything is
// started: a name containing '/' is a path (relative to the current directory); a bare
// name is looked up in the ':'-separated `search_path` (an empty entry is the current
// directory). The program must be an existing regular file with execute permission that the
// kernel can run: an ELF file, or a "#!" script whose interpreter exists and is executable
// (any other content only when binfmt_misc has formats registered, which we cannot judge).
ProgramLookup find_program(std::string_view name, std::string_view search_path);
// Same with the judge's PATH (or "/bin:/usr/bin" when PATH is not set, as execvp does).
ProgramLookup find_program(std::string_view name);

}  // namespace amazes::arbiter
