// amazes: the judge for the game Amazes. Dispatches to one subcommand per file of src/cli/.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "amazes/arbiter/judge_process.hpp"
#include "amazes/arbiter/judge_scope.hpp"
#include "amazes/arbiter/private_mounts.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/game_catalogue.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/printable.hpp"
#include "command.hpp"

namespace {

using namespace amazes::cli;

const std::vector<Subcommand> kCommands = {
    Subcommand{"maze generate", "generate valid mazes from a seed", maze_generate_command},
    Subcommand{"maze check", "validate maze files and print their statistics", maze_check_command},
    Subcommand{"maze show", "draw a maze file in the terminal", maze_show_command},
    Subcommand{"match", "play one game between two player programs", match_command},
    Subcommand{"log show", "print a match log as a table and the final board", log_show_command},
    Subcommand{"log maze", "write a logged game's maze and starts as a maze file", log_maze_command},
    Subcommand{"replay", "write a match log (or a directory's logs) as an HTML page that plays it back",
               replay_command},
    Subcommand{"tournament",
               "play a round robin or a Swiss stage (and a final), with standings after every round and a site",
               tournament_command},
    Subcommand{"standings", "rebuild a tournament's standings from its results store", standings_command},
    Subcommand{"work", "play one chunk of a plan (tournament or versus --executor plan)", work_command},
    Subcommand{"collect", "store the games workers finished; write the standings or the versus report",
               collect_command},
    Subcommand{"versus", "is a new bot not worse than old ones? paired games, statistics, sequential test",
               versus_command},
    Subcommand{"compile", "compile submitted sources in the sandbox and admit the bots by test games", compile_command},
    Subcommand{"doctor", "what the sandbox can use here, what is missing and how to fix it; timing hygiene",
               doctor_command},
};

// The commands, with `referee NAME` for each game of the catalogue, after `versus`.
const std::vector<Subcommand>& all_subcommands() {
  static const std::vector<Subcommand> all = [] {
    std::vector<Subcommand> list = kCommands;
    auto at = std::find_if(list.begin(), list.end(), [](const Subcommand& c) { return c.name == "versus"; }) + 1;
    for (const amazes::GameRow& game : amazes::game_catalogue()) {
      const CommandMain run = referee_command_of(game.name);
      if (run == nullptr) continue;
      const std::string summary = "one game of " + std::string(game.title) + " as a Caia referee, for caiaio";
      at = list.insert(at, Subcommand{"referee " + std::string(game.name), summary, run}) + 1;
    }
    return list;
  }();
  return all;
}

void print_overview(std::ostream& out) {
  out << "usage: amazes COMMAND [OPTIONS] [ARGS]\n\n"
         "The judge for Amazes, the CodeCup 2010 game. Commands:\n";
  for (const auto& command : all_subcommands()) {
    out << "  " << command.name << std::string(18 - command.name.size(), ' ') << command.summary << "\n";
  }
  out << "\n`amazes COMMAND --help` (or `amazes help COMMAND`) describes each command.\n";
}

// The groups of two-word commands (maze, log, referee): the first words of those names.
bool is_group(const std::string& word) {
  return std::any_of(all_subcommands().begin(), all_subcommands().end(),
                     [&](const Subcommand& c) { return std::string(c.name).rfind(word + " ", 0) == 0; });
}

// A group's own usage: its commands with their summaries (`amazes maze --help`).
void print_group(std::ostream& out, const std::string& group) {
  out << "usage: amazes " << group << " COMMAND [OPTIONS] [ARGS]\n\nCommands:\n";
  for (const auto& command : all_subcommands()) {
    const std::string name(command.name);
    if (name.rfind(group + " ", 0) == 0) {
      out << "  " << name << std::string(18 - name.size(), ' ') << command.summary << "\n";
    }
  }
  out << "\n`amazes " << group << " COMMAND --help` describes each command.\n";
}

// The group's commands as a list for an error line: "maze generate, maze check, maze show".
std::string group_commands(const std::string& group) {
  std::string list;
  for (const auto& c : all_subcommands()) {
    const std::string name(c.name);
    if (name.rfind(group + " ", 0) == 0) list += (list.empty() ? "" : ", ") + name;
  }
  return list;
}

bool is_help_word(const std::string& word) { return word == "--help" || word == "-h"; }

// Whether the command plays games (or, doctor, checks what games would get), so that its players
// need the judge's cgroup: not for its help, nor when the command line turns cgroups off (a
// config file that does is not read here: the scope then costs nothing but its making).
bool plays_games(const std::string& name) {
  return name == "match" || name == "tournament" || name == "versus" || name == "work";
}

bool needs_player_cgroups(const std::string& name, const Args& words) {
  if (!plays_games(name) && name != "doctor") return false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--help" || words[i] == "-h" || words[i] == "--sandbox-cgroups=off") return false;
    if (words[i] == "--sandbox-cgroups" && i + 1 < words.size() && words[i + 1] == "off") return false;
  }
  return true;
}

// Finds the longest subcommand name that the arguments start with.
const Subcommand* find_subcommand(const Args& words, std::size_t& consumed) {
  const Subcommand* best = nullptr;
  for (const auto& command : all_subcommands()) {
    std::string name(command.name);
    const std::size_t space = name.find(' ');
    const bool two_words = space != std::string::npos;
    const std::string first = two_words ? name.substr(0, space) : name;
    if (words.empty() || words[0] != first) continue;
    if (two_words) {
      if (words.size() < 2 || words[1] != name.substr(space + 1)) continue;
      best = &command;
      consumed = 2;
    } else if (best == nullptr) {
      best = &command;
      consumed = 1;
    }
  }
  return best;
}

// `amazes help CMD [SUB]`: the command's own help, a group's list, or one line for a name that
// is no command (exit 2).
int help_command(const Args& words) {
  std::size_t consumed = 0;
  const Subcommand* command = find_subcommand(words, consumed);
  if (command != nullptr && consumed == words.size()) return command->run(Args{"--help"});
  if (command == nullptr && words.size() == 1 && is_group(words[0])) {
    print_group(std::cout, words[0]);
    return kExitOk;
  }
  std::string given;
  for (const auto& word : words) given += (given.empty() ? "" : " ") + word;
  std::cerr << "amazes help: error: no command '" << amazes::printable(given) << "' (see amazes --help)\n";
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  amazes::arbiter::open_missing_standard_descriptors();  // before any file of ours takes 0, 1 or 2
  const Args words(argv + 1, argv + argc);
  if (words.empty() || is_help_word(words[0]) || (words[0] == "help" && words.size() == 1)) {
    print_overview(words.empty() ? std::cerr : std::cout);
    return words.empty() ? kExitUsage : kExitOk;
  }
  // `amazes help CMD [SUB]` is `amazes CMD [SUB] --help`; `amazes GROUP --help` the group's usage.
  if (words[0] == "help") return help_command(Args(words.begin() + 1, words.end()));
  if (words.size() >= 2 && is_group(words[0]) && is_help_word(words[1])) {
    print_group(std::cout, words[0]);
    return kExitOk;
  }
  if (words[0] == "--version") {
    std::cout << "amazes " << AMAZES_VERSION << "\n";
    return kExitOk;
  }
  std::size_t consumed = 0;
  const Subcommand* command = find_subcommand(words, consumed);
  if (command == nullptr) {
    // A group (`maze`, `log`) names its subcommands; anything else is named as given.
    if (is_group(words[0])) {
      const std::string given = words.size() > 1 ? "unknown command '" + words[0] + " " + words[1] + "'"
                                                 : "'" + words[0] + "' needs a subcommand";
      std::cerr << "amazes: error: " << given << "; there are: " << group_commands(words[0]) << "\n";
    } else {
      std::cerr << "amazes: error: unknown command '" << words[0] << "' (see amazes --help)\n";
    }
    return kExitUsage;
  }
  const std::string name(command->name);
  if (needs_player_cgroups(name, words)) amazes::arbiter::enter_delegated_scope(argv);
  // As root and before any thread: a per-move player's folder can then be a tmpfs of its own that
  // goes with the judge however it ends (when it cannot, the folders are ordinary ones, said once).
  if (plays_games(name) && ::geteuid() == 0) amazes::arbiter::enter_private_mount_namespace();
  try {
    return command->run(Args(words.begin() + static_cast<long>(consumed), words.end()));
  } catch (const UsageError& error) {
    // printable(): a message may quote a file's or a bot's bytes; they must not reach the terminal raw.
    std::cerr << "amazes " << name << ": error: " << amazes::printable(error.what()) << " (see amazes " << name
              << " --help)\n";
    return kExitUsage;
  } catch (const std::exception& error) {
    std::cerr << "amazes " << name << ": " << amazes::printable(error.what()) << "\n";
    return kExitFailure;
  }
}
