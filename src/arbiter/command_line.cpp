#include "amazes/arbiter/command_line.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace amazes::arbiter {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

// Inside double quotes a backslash only escapes these (POSIX sh, "Double-Quotes").
bool escapable_in_double_quotes(char c) { return c == '\\' || c == '"' || c == '$' || c == '`' || c == '\n'; }

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
    } else if (c == '\\') {
      if (i + 1 >= command.size()) {
        result.error = "trailing backslash";
        return result;
      }
      if (command[i + 1] != '\n') {  // backslash-newline is a line continuation
        word += command[i + 1];
        in_word = true;
      }
      i += 2;
    } else if (c == '\'') {
      const std::size_t close = command.find('\'', i + 1);
      if (close == std::string_view::npos) {
        result.error = "unterminated single quote";
        return result;
      }
      word.append(command.substr(i + 1, close - i - 1));
      in_word = true;
      i = close + 1;
    } else if (c == '"') {
      in_word = true;
      ++i;
      bool closed = false;
      while (i < command.size()) {
        const char d = command[i];
        if (d == '"') {
          closed = true;
          ++i;
          break;
        }
        if (d == '\\' && i + 1 < command.size() && escapable_in_double_quotes(command[i + 1])) {
          if (command[i + 1] != '\n') word += command[i + 1];
          i += 2;
        } else {
          word += d;
          ++i;
        }
      }
      if (!closed) {
        result.error = "unterminated double quote";
        return result;
      }
    } else {
      word += c;
      in_word = true;
      ++i;
    }
  }
  end_word();
  if (result.words.empty()) result.error = "empty command";
  return result;
}

namespace {

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
  return std::nullopt;
}

}  // namespace

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
    const std::string candidate = dir.empty() ? name_text : dir + "/" + name_text;
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
