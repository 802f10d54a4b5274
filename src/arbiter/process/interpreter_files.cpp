#include "process/interpreter_files.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>

namespace amazes::arbiter {
namespace {

namespace fs = std::filesystem;

enum class Interpreter { None, Python, Node, Java, Mono, Perl, Ruby, Shell };

// By the program's file name, its version suffix aside (python3.11, nodejs).
Interpreter interpreter_of(const std::string& program) {
  const std::string name = fs::path(program).filename().string();
  const auto named = [&](std::string_view stem) {
    if (name.rfind(stem, 0) != 0) return false;
    return name.find_first_not_of("0123456789.", stem.size()) == std::string::npos;
  };
  if (named("python") || named("pypy")) return Interpreter::Python;
  if (named("node") || named("nodejs")) return Interpreter::Node;
  if (named("java")) return Interpreter::Java;
  if (named("mono")) return Interpreter::Mono;
  if (named("perl")) return Interpreter::Perl;
  if (named("ruby")) return Interpreter::Ruby;
  if (named("sh") || named("bash") || named("dash")) return Interpreter::Shell;
  return Interpreter::None;
}

// A file the interpreter will open, as written, and what it is to it ("its script").
struct NamedFile {
  std::string written;
  const char* what;
};

// Options of one dash, bundled as the interpreter allows (`-uB`): `stops` end the options
// without a file (code on the command line, a module, stdin); `takes` take a value, the rest of
// the word or the next word. The first word that is not an option is the script.
struct ShortOptions {
  std::string_view stops;
  std::string_view takes;
};

std::vector<NamedFile> script_after_options(const std::vector<std::string>& argv, ShortOptions options,
                                            const std::vector<std::string_view>& long_with_value = {}) {
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& word = argv[i];
    if (word == "-") return {};  // stdin
    if (word == "--")
      return i + 1 < argv.size() ? std::vector<NamedFile>{{argv[i + 1], "its script"}} : std::vector<NamedFile>{};
    if (word.rfind("--", 0) == 0) {
      for (const auto option : long_with_value) {
        if (word == option) ++i;
      }
      continue;
    }
    if (word.size() < 2 || (word[0] != '-' && word[0] != '+')) return {{word, "its script"}};
    for (std::size_t k = 1; k < word.size(); ++k) {
      if (options.stops.find(word[k]) != std::string_view::npos) return {};
      if (options.takes.find(word[k]) != std::string_view::npos) {
        if (k + 1 == word.size()) ++i;  // its value is the next word
        break;
      }
    }
  }
  return {};
}

// java: -jar FILE, -cp/-classpath/--class-path PATHS (each entry), or a source file
// (java Bot.java); a main class names no file.
std::vector<NamedFile> java_files(const std::vector<std::string>& argv) {
  std::vector<NamedFile> files;
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& word = argv[i];
    const bool has_value = i + 1 < argv.size();
    if (word == "-jar") {
      if (has_value) files.push_back({argv[i + 1], "its jar"});
      return files;
    }
    if ((word == "-cp" || word == "-classpath" || word == "--class-path") && has_value) {
      const std::string& paths = argv[++i];
      std::size_t start = 0;
      while (start <= paths.size()) {
        std::size_t colon = paths.find(':', start);
        if (colon == std::string::npos) colon = paths.size();
        std::string entry = paths.substr(start, colon - start);
        if (entry.size() >= 1 && entry.back() == '*') entry.pop_back();  // a folder's jars
        if (!entry.empty()) files.push_back({entry, "its class path entry"});
        start = colon + 1;
      }
      continue;
    }
    if (word == "-p" || word == "--module-path" || word == "--add-modules") {
      ++i;
      continue;
    }
    if (word == "-m" || word == "--module") return files;
    if (word.rfind("-", 0) == 0) continue;
    if (word.size() > 5 && word.compare(word.size() - 5, 5, ".java") == 0) files.push_back({word, "its source file"});
    return files;
  }
  return files;
}

// mono: the first word that is not an option (all of mono's are `--x` or `-x=…`) is the assembly.
std::vector<NamedFile> mono_files(const std::vector<std::string>& argv) {
  for (std::size_t i = 1; i < argv.size(); ++i) {
    if (argv[i].rfind("-", 0) != 0) return {{argv[i], "its assembly"}};
  }
  return {};
}

std::vector<NamedFile> named_files(const std::vector<std::string>& argv) {
  switch (interpreter_of(argv.front())) {
    case Interpreter::None: return {};
    case Interpreter::Python:
      return script_after_options(argv, {.stops = "cm", .takes = "WXQ"}, {"--check-hash-based-pycs"});
    case Interpreter::Node:
      // -e/-p run code, -i a REPL; --require and friends take a value.
      return script_after_options(argv, {.stops = "epi", .takes = "rC"},
                                  {"--require", "--import", "--loader", "--experimental-loader", "--input-type",
                                   "--title", "--eval", "--print"});
    case Interpreter::Java: return java_files(argv);
    case Interpreter::Mono: return mono_files(argv);
    case Interpreter::Perl: return script_after_options(argv, {.stops = "eE", .takes = "IMmx"});
    case Interpreter::Ruby: return script_after_options(argv, {.stops = "eC", .takes = "Irx"});
    case Interpreter::Shell:
      return script_after_options(argv, {.stops = "cs", .takes = "oO"}, {"--rcfile", "--init-file"});
  }
  return {};
}

}  // namespace

std::string tilde_hint(const std::string& word) {
  return word.rfind('~', 0) == 0 ? " (the shell did not expand ~: write the full path)" : "";
}

std::optional<std::string> interpreter_file_problem(const std::vector<std::string>& argv, const fs::path& cwd) {
  if (argv.empty()) return std::nullopt;
  for (const NamedFile& file : named_files(argv)) {
    const fs::path path = fs::path(file.written).is_absolute() ? fs::path(file.written) : cwd / file.written;
    if (::access(path.c_str(), R_OK) == 0) continue;
    const int error = errno;
    const std::string why = error == ENOENT || error == ENOTDIR ? "no such file"
                            : error == EACCES                   ? "not readable"
                                                                : std::strerror(error);
    return std::string(file.what) + " " + file.written + ": " + why + tilde_hint(file.written);
  }
  return std::nullopt;
}

}  // namespace amazes::arbiter
