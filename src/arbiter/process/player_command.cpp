#include "amazes/arbiter/player_command.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>

namespace amazes::arbiter {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

// Inside double quotes a backslash only escapes these (POSIX sh, "Double-Quotes").
bool escapable_in_double_quotes(char c) { return c == '\\' || c == '"' || c == '$' || c == '`' || c == '\n'; }

// The text of a double-quoted part that starts at command[i] (after the quote), added to `word`;
// the index after its closing quote, or nothing when it is not closed.
std::optional<std::size_t> read_double_quoted(std::string_view command, std::size_t i, std::string& word) {
  while (i < command.size()) {
    const char d = command[i];
    if (d == '"') return i + 1;
    if (d == '\\' && i + 1 < command.size() && escapable_in_double_quotes(command[i + 1])) {
      if (command[i + 1] != '\n') word += command[i + 1];
      i += 2;
    } else {
      word += d;
      ++i;
    }
  }
  return std::nullopt;
}

}  // namespace

SplitCommand split_command(std::string_view command) {
  SplitCommand result;
  std::string word;
  bool in_word = false;  // a word has started (even an empty one from "")
  std::size_t i = 0;
  auto end_word = [&] {
    if (in_word) result.words.push_back(std::move(word));
    word.clear();
    in_word = false;
  };
  while (i < command.size()) {
    const char c = command[i];
    if (is_blank(c)) {
      end_word();
      ++i;
      continue;
    }
    // Any part starts a word (even "" or ''), but a line continuation (backslash-newline).
    in_word = in_word || c != '\\' || (i + 1 < command.size() && command[i + 1] != '\n');
    if (c == '\\') {
      if (i + 1 >= command.size()) {
        result.error = "trailing backslash";
        return result;
      }
      if (command[i + 1] != '\n') word += command[i + 1];  // backslash-newline is a line continuation
      i += 2;
    } else if (c == '\'') {
      const std::size_t close = command.find('\'', i + 1);
      if (close == std::string_view::npos) {
        result.error = "unterminated single quote";
        return result;
      }
      word.append(command.substr(i + 1, close - i - 1));
      i = close + 1;
    } else if (c == '"') {
      const auto after = read_double_quoted(command, i + 1, word);
      if (!after) {
        result.error = "unterminated double quote";
        return result;
      }
      i = *after;
    } else {
      word += c;
      ++i;
    }
  }
  end_word();
  if (result.words.empty()) result.error = "empty command";
  return result;
}

namespace {

// True when binfmt_misc has a format registered: then the kernel may run files that are
// neither ELF nor scripts, and only an exec could tell.
bool other_formats_registered() {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/sys/fs/binfmt_misc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name != "register" && name != "status") return true;
  }
  return false;
}

bool first_line_ends_in_cr(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  return in && std::getline(in, line) && !line.empty() && line.back() == '\r';
}

// Why the kernel would refuse to execute the regular file `path` (ENOEXEC, or a script's
// missing interpreter), or nothing. A file we may execute but not read is left to the exec.
std::optional<std::string> unrunnable_content(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open()) return std::nullopt;
  char head[4] = {};
  in.read(head, sizeof head);
  const std::streamsize got = in.gcount();
  if (got == 4 && std::memcmp(head,
                              "\x7f"
                              "ELF",
                              4) == 0)
    return std::nullopt;
  if (got >= 2 && head[0] == '#' && head[1] == '!') {
    if (first_line_ends_in_cr(path)) {
      // The kernel takes the \r as part of the interpreter's name (or of its argument), and the
      // bot would only "crash" at its first turn with exit 127.
      return "its #! line ends in a carriage return (\\r, Windows line ends): the kernel would not find its "
             "interpreter; save the file with \\n line ends";
    }
    const auto interpreter = script_interpreter(path);
    if (!interpreter) return "its #! line names no interpreter";
    if (::access(interpreter->c_str(), X_OK) != 0) {
      return "its interpreter " + interpreter->string() + ": " +
             (errno == ENOENT ? "no such file" : std::strerror(errno));
    }
    return std::nullopt;
  }
  if (other_formats_registered()) return std::nullopt;
  return "not a program (neither an ELF file nor a #! script)";
}

// Why `path` cannot be executed, or nothing when it can.
std::optional<std::string> unusable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return "no such file";
    return std::strerror(errno);
  }
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (!S_ISREG(st.st_mode)) return "not a regular file";
  if (::access(path.c_str(), X_OK) != 0) return "not executable";
  return unrunnable_content(path);
}

}  // namespace

std::optional<std::filesystem::path> script_interpreter(const std::filesystem::path& program) {
  std::ifstream in(program, std::ios::binary);
  std::string line;
  if (!in || !std::getline(in, line) || line.rfind("#!", 0) != 0) return std::nullopt;
  const std::size_t start = line.find_first_not_of(" \t", 2);
  if (start == std::string::npos) return std::nullopt;
  const std::size_t end = line.find_first_of(" \t\r", start);
  return std::filesystem::path(line.substr(start, end == std::string::npos ? std::string::npos : end - start));
}

ProgramLookup find_program(std::string_view name, std::string_view search_path) {
  ProgramLookup result;
  const std::string name_text(name);
  if (name.empty()) {
    result.error = "empty program name";
    return result;
  }
  if (name.find('/') != std::string_view::npos) {
    if (auto why = unusable(name_text)) {
      result.error = name_text + ": " + *why;
    } else {
      result.path = name_text;
    }
    return result;
  }
  // A bare name: the first usable entry of the search path wins, like execvp. An entry
  // that exists but cannot be executed is remembered so the error can say so.
  std::optional<std::string> found_unusable;
  std::size_t start = 0;
  while (start <= search_path.size()) {
    std::size_t colon = search_path.find(':', start);
    if (colon == std::string_view::npos) colon = search_path.size();
    std::string dir(search_path.substr(start, colon - start));
    std::string candidate = dir;
    if (!candidate.empty()) candidate += '/';
    candidate += name_text;
    auto why = unusable(candidate);
    if (!why) {
      result.path = candidate;
      return result;
    }
    if (*why != "no such file" && !found_unusable) found_unusable = candidate + ": " + *why;
    start = colon + 1;
  }
  result.error = found_unusable ? *found_unusable : name_text + ": not found in PATH";
  return result;
}

ProgramLookup find_program(std::string_view name) {
  const char* path = std::getenv("PATH");
  return find_program(name, path != nullptr ? std::string_view(path) : std::string_view("/bin:/usr/bin"));
}

}  // namespace amazes::arbiter
