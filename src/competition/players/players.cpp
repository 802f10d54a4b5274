// Player names: validation, names from commands, merging player lists.
#include "amazes/competition/players.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>

#include "amazes/arbiter/player_command.hpp"
#include "submissions/name_characters.hpp"

namespace amazes::competition {
namespace {

bool is_ascii_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '+' || c == '-';
}

// The words of a command, split on blanks; quotes are honoured only to keep a quoted word
// whole (the arbiter does the real shell-style parsing; a name needs no more).
std::vector<std::string> words_of(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : command) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

// Programs that run a script named by their first plain argument, with or without a version
// in their name (python3, python3.11, pypy3, lua5.4).
bool is_interpreter(std::string_view program) {
  static const std::array<std::string_view, 14> kInterpreters = {"python", "pypy", "node",  "nodejs", "ruby",
                                                                 "perl",   "sh",   "bash",  "dash",   "zsh",
                                                                 "lua",    "php",  "julia", "Rscript"};
  const auto versioned = program.find_last_not_of("0123456789.");
  if (versioned != std::string_view::npos) program = program.substr(0, versioned + 1);
  return std::find(kInterpreters.begin(), kInterpreters.end(), program) != kInterpreters.end();
}

std::string file_name_of(std::string_view path) {
  const auto slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// `base`, or `base-2`, `base-3`, … : the first not yet taken, which it then is.
std::string unique_name(const std::string& base, std::set<std::string>& taken) {
  std::string name = base;
  for (int n = 2; taken.count(name) != 0; ++n) name = fmt::format("{}-{}", base, n);
  taken.insert(name);
  return name;
}

}  // namespace

bool is_valid_player_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxPlayerNameBytes || !name_character(name).may_start) return false;
  while (!name.empty()) {
    const NameCharacter c = name_character(name);
    if (!c.allowed) return false;
    name.remove_prefix(c.bytes);
  }
  return true;
}

namespace {

// Where the program is among the words of a command: the first, or after `env`, its options and
// its VAR=value assignments (`env PYTHONHASHSEED=0 python3 bot.py`).
std::size_t program_word(const std::vector<std::string>& words) {
  if (words.empty() || file_name_of(words.front()) != "env") return 0;
  std::size_t i = 1;
  while (i < words.size() && !words[i].empty() &&
         (words[i].front() == '-' || words[i].find('=') != std::string::npos)) {
    const std::string& word = words[i++];
    if (word == "--") break;
    if (word == "-u" || word == "--unset" || word == "-C" || word == "--chdir") ++i;  // and its argument
  }
  return i < words.size() ? i : 0;
}

// A virtual machine's program: for `java`, the jar of `-jar`, else the class or source file
// after its options (skipping the values of those that take one); for `mono` and `dotnet`, the
// assembly. `strip` is the extension that names the kind of file, not the bot (".jar", ".exe").
struct VmProgram {
  std::size_t word = 0;
  bool strip_extension = false;
};

std::optional<VmProgram> vm_program(const std::vector<std::string>& words) {
  static const std::array<std::string_view, 9> kJavaValued = {
      "-cp", "-classpath", "--class-path", "-p", "--module-path", "--add-modules", "-m", "--module", "-splash"};
  const std::size_t program = program_word(words);
  const std::string vm = file_name_of(words[program]);
  const bool java = vm == "java";
  if (!java && vm != "mono" && vm != "dotnet") return std::nullopt;
  for (std::size_t i = program + 1; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (java && word == "-jar") return i + 1 < words.size() ? std::optional(VmProgram{i + 1, true}) : std::nullopt;
    if (java && std::find(kJavaValued.begin(), kJavaValued.end(), word) != kJavaValued.end()) {
      ++i;
      continue;
    }
    if (!word.empty() && word.front() != '-') return VmProgram{i, !java};
  }
  return std::nullopt;
}

std::string without_extension(const std::string& file) {
  const auto dot = file.find_last_of('.');
  return dot == std::string::npos || dot == 0 ? file : file.substr(0, dot);
}

// Where the script is among the words of an interpreter's command: `python3 -u bot.py` → 2,
// the first word after the interpreter that is not an option; nothing for another program,
// or when the code is given inline (`sh -c '…'`, `perl -e '…'`).
std::optional<std::size_t> script_word(const std::vector<std::string>& words) {
  const std::size_t program = program_word(words);
  if (words.empty() || !is_interpreter(file_name_of(words[program]))) return std::nullopt;
  const auto after = words.begin() + static_cast<long>(program) + 1;
  const auto script =
      std::find_if(after, words.end(), [](const std::string& w) { return !w.empty() && w.front() != '-'; });
  const bool inline_code = std::any_of(
      after, script, [](const std::string& w) { return w == "-c" || w == "-e" || w == "-r" || w == "--eval"; });
  if (script == words.end() || inline_code) return std::nullopt;
  return static_cast<std::size_t>(script - words.begin());
}

// A word as a shell-style command string would need it: as it is when it is plain, else in
// single quotes.
std::string quoted_word(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return is_ascii_name_char(c) || c == '/' || c == '=' || c == ':' || c == ',' || c == '@' || c == '%';
  });
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

namespace {

// The file that names a player: a virtual machine's jar, assembly or class, an interpreter's
// script, else the program. `in_path` when it is a program looked up in PATH (no folder of its
// own to tell it apart). `folder`: where a Java class is, the first element of its class path
// (`java -cp bots/alice Main`: bots/alice), when the class is named that way.
struct NamingFile {
  std::string path;
  bool strip_extension = false;
  bool in_path = false;
  std::optional<std::string> folder;
};

// The first element of a class path given before `before` (`-cp a:b.jar`: a; a jar's folder for
// a jar), nothing when there is none.
std::optional<std::string> class_folder(const std::vector<std::string>& words, std::size_t before) {
  for (std::size_t i = 0; i + 1 < before; ++i) {
    if (words[i] != "-cp" && words[i] != "-classpath" && words[i] != "--class-path") continue;
    std::string first = words[i + 1].substr(0, words[i + 1].find(':'));
    if (first.size() > 4 && first.compare(first.size() - 4, 4, ".jar") == 0) {
      first = std::filesystem::path(first).parent_path().string();
    }
    if (first.empty() || first == "*") first = ".";
    if (first.size() > 2 && first.compare(first.size() - 2, 2, "/*") == 0) first.resize(first.size() - 2);
    return first;
  }
  return std::nullopt;
}

std::optional<NamingFile> naming_file(std::string_view command) {
  const auto words = words_of(command);
  if (words.empty()) return std::nullopt;
  if (const auto vm = vm_program(words)) {
    NamingFile file{words[vm->word], vm->strip_extension, false, std::nullopt};
    if (file_name_of(words[program_word(words)]) == "java" && words[vm->word - 1] != "-jar") {
      file.folder = class_folder(words, vm->word);
    }
    return file;
  }
  if (const auto script = script_word(words)) return NamingFile{words[*script], false, false};
  const std::string& program = words[program_word(words)];
  return NamingFile{program, false, program.find('/') == std::string::npos};
}

// The text as a name: each character a name may not hold (or a byte of no valid UTF-8) as one
// '_', a 'p' before a first character that may not start one, cut to whole characters.
std::string name_from_text(std::string_view text) {
  std::vector<std::string> characters;
  for (std::string_view rest = text; !rest.empty();) {
    const NameCharacter c = name_character(rest);
    characters.push_back(c.allowed ? std::string(rest.substr(0, c.bytes)) : std::string("_"));
    rest.remove_prefix(c.bytes);
  }
  if (characters.empty() || !name_character(characters.front()).may_start) characters.insert(characters.begin(), "p");
  std::string name;
  for (const auto& c : characters) {
    if (name.size() + c.size() > kMaxPlayerNameBytes) break;  // whole characters only
    name += c;
  }
  return name;
}

// The folders the naming file lies in, nearest first (`v1/bot.py` run from /home/me: v1, me,
// home); none for a program found in PATH.
std::vector<std::string> folders_of(std::string_view command) {
  namespace fs = std::filesystem;
  const auto file = naming_file(command);
  if (!file || file->in_path) return {};
  std::error_code error;
  fs::path folder = file->folder ? fs::absolute(*file->folder, error).lexically_normal()
                                 : fs::absolute(file->path, error).lexically_normal().parent_path();
  if (folder.filename().empty()) folder = folder.parent_path();  // "a/b/" as "a/b"
  std::vector<std::string> folders;
  while (!error && !folder.filename().empty()) {
    folders.push_back(folder.filename().string());
    folder = folder.parent_path();
  }
  return folders;
}

// Names for the players of `commands` (each named by its file, name_from_command) whose file
// names are the same: the fewest nearest folders that tell each apart from the others, joined by
// '-' from the outermost (`v1/bot.py`, `v2/bot.py`: `v1`, `v2`; `a/x/bot`, `b/x/bot`: `a-x`,
// `b-x`). A command whose folders tell it from none of them (the same program twice) keeps the
// file's name.
std::vector<std::string> names_by_folder(const std::vector<std::string>& commands) {
  std::vector<std::vector<std::string>> folders;
  for (const auto& command : commands) folders.push_back(folders_of(command));
  std::size_t deepest = 0;
  for (const auto& f : folders) deepest = std::max(deepest, f.size());
  // The k nearest folders of player j (all of them when it has fewer).
  const auto tail = [&](std::size_t j, std::size_t k) {
    return std::vector<std::string>(folders[j].begin(),
                                    folders[j].begin() + static_cast<long>(std::min(k, folders[j].size())));
  };
  std::vector<std::string> names;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    std::string name = name_from_command(commands[i]);
    for (std::size_t k = 1; k <= deepest && !folders[i].empty(); ++k) {
      bool apart = true;
      for (std::size_t j = 0; j < commands.size() && apart; ++j) apart = j == i || tail(j, k) != tail(i, k);
      if (!apart) continue;
      const auto mine = tail(i, k);
      std::string joined;
      for (auto f = mine.rbegin(); f != mine.rend(); ++f) joined += (joined.empty() ? "" : "-") + *f;
      name = name_from_text(joined);
      break;
    }
    names.push_back(name);
  }
  return names;
}

// The names of unnamed players (`commands`), none of them one of `taken` (the names given with
// NAME=COMMAND, which it extends): the file's name when no other unnamed player has it, else
// names_by_folder's; a name still taken gets "-2", "-3", …, lone file names keeping theirs first.
std::vector<std::string> derived_names(const std::vector<std::string>& commands, std::set<std::string>& taken) {
  std::vector<std::string> bases;
  std::map<std::string, std::vector<std::size_t>> by_base;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    bases.push_back(name_from_command(commands[i]));
    by_base[bases.back()].push_back(i);
  }
  std::vector<std::string> wanted = bases;
  std::set<std::string> lone;
  for (const auto& [base, members] : by_base) {
    if (members.size() == 1) {
      if (taken.count(base) == 0) lone.insert(base);
      continue;
    }
    std::vector<std::string> group;
    for (const auto i : members) group.push_back(commands[i]);
    const auto names = names_by_folder(group);
    for (std::size_t m = 0; m < members.size(); ++m) wanted[members[m]] = names[m];
  }
  taken.insert(lone.begin(), lone.end());
  std::vector<std::string> names;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    names.push_back(lone.count(wanted[i]) != 0 && by_base[bases[i]].size() == 1 ? wanted[i]
                                                                                : unique_name(wanted[i], taken));
  }
  return names;
}

}  // namespace

std::string name_from_command(std::string_view command) {
  const auto file = naming_file(command);
  std::string program = file ? file_name_of(file->path) : std::string();
  if (file && file->strip_extension) program = without_extension(program);
  return name_from_text(program);
}

std::string anchored_command(std::string_view command, const std::filesystem::path& folder) {
  namespace fs = std::filesystem;
  std::error_code error;
  const auto anchor = [&](const std::string& path) {
    return fs::absolute(folder / path, error).lexically_normal().string();
  };
  const auto is_relative_file = [&](const std::string& path) {
    return !path.empty() && fs::path(path).is_relative() && fs::is_regular_file(folder / path, error);
  };
  // The whole command a path (make_launch_spec takes it so, blanks and all).
  if (command.find('/') != std::string_view::npos && is_relative_file(std::string(command))) {
    return anchor(std::string(command));
  }
  const arbiter::SplitCommand split = arbiter::split_command(command);
  if (!split.ok()) return std::string(command);  // refused later, with its error
  std::vector<std::string> words = split.words;
  const auto script = script_word(words);
  bool changed = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const bool may_be_a_path = words[i].find('/') != std::string::npos || script == i;
    if (may_be_a_path && is_relative_file(words[i])) {
      words[i] = anchor(words[i]);
      changed = true;
    }
  }
  if (!changed) return std::string(command);
  std::string anchored;
  for (const auto& word : words) anchored += (anchored.empty() ? "" : " ") + quoted_word(word);
  return anchored;
}

std::optional<PlayerSpec> parse_named_player(std::string_view text) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos) return std::nullopt;
  const auto name = text.substr(0, equals);
  if (!is_valid_player_name(name)) return std::nullopt;
  return PlayerSpec{std::string(name), std::string(text.substr(equals + 1))};
}

std::vector<PlayerSpec> players_from_commands(const std::vector<std::string>& commands) {
  std::set<std::string> taken;
  const auto names = derived_names(commands, taken);
  std::vector<PlayerSpec> players;
  players.reserve(commands.size());
  for (std::size_t i = 0; i < commands.size(); ++i) players.push_back({names[i], commands[i]});
  return players;
}

std::vector<PlayerSpec> players_from_arguments(const std::vector<std::string>& arguments) {
  // Explicit names first, so that a derived name steps aside for them wherever they come.
  std::set<std::string> taken;
  std::vector<std::string> unnamed;
  for (const auto& argument : arguments) {
    if (const auto named = parse_named_player(argument)) {
      if (!taken.insert(named->name).second)
        throw PlayerListError(fmt::format("player name '{}' is given twice", named->name));
    } else {
      unnamed.push_back(argument);
    }
  }
  const auto names = derived_names(unnamed, taken);
  std::vector<PlayerSpec> players;
  std::size_t next_unnamed = 0;
  for (const auto& argument : arguments) {
    if (auto named = parse_named_player(argument)) {
      players.push_back(std::move(*named));
    } else {
      players.push_back({names[next_unnamed++], argument});
    }
  }
  return players;
}

void merge_players(std::vector<PlayerSpec>& base, const std::vector<PlayerSpec>& extra) {
  for (const auto& player : extra) {
    const auto same =
        std::find_if(base.begin(), base.end(), [&](const PlayerSpec& p) { return p.name == player.name; });
    if (same != base.end()) {
      same->command = player.command;
    } else {
      base.push_back(player);
    }
  }
}

std::vector<std::string> player_names(const std::vector<PlayerSpec>& players) {
  std::vector<std::string> names;
  names.reserve(players.size());
  for (const auto& player : players) names.push_back(player.name);
  return names;
}

void check_players(const std::vector<PlayerSpec>& players) {
  std::set<std::string> seen;
  for (const auto& player : players) {
    if (!is_valid_player_name(player.name)) {
      throw PlayerListError(
          fmt::format("invalid player name '{}': use at most {} bytes of letters, digits, '.', '_', '+', '-' and "
                      "visible characters beyond ASCII (UTF-8), starting with a letter or digit",
                      player.name, kMaxPlayerNameBytes));
    }
    if (!seen.insert(player.name).second)
      throw PlayerListError(fmt::format("player name '{}' is given twice", player.name));
    if (player.command.find_first_not_of(" \t") == std::string::npos) {
      throw PlayerListError(fmt::format("player '{}' has an empty command", player.name));
    }
  }
}

}  // namespace amazes::competition
