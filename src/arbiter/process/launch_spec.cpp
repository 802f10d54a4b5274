#include "process/launch_spec.hpp"

#include <system_error>

#include "amazes/arbiter/player_command.hpp"
#include "process/interpreter_files.hpp"

namespace amazes::arbiter {

LaunchSpecResult make_launch_spec(std::string_view player_name, std::string_view command) {
  LaunchSpecResult result;
  const std::string prefix = "player '" + std::string(player_name) + "': ";
  std::vector<std::string> words;
  std::error_code ec;
  if (!command.empty() && command.find('/') != std::string_view::npos &&
      std::filesystem::is_regular_file(std::filesystem::path(command), ec)) {
    words.emplace_back(command);
  } else {
    SplitCommand split = split_command(command);
    if (!split.ok()) {
      result.error = prefix + "cannot split command '" + std::string(command) + "': " + split.error;
      return result;
    }
    words = std::move(split.words);
  }
  ProgramLookup program = find_program(words.front());
  if (!program.ok()) {
    result.error = prefix + program.error + tilde_hint(words.front());
    return result;
  }
  result.spec.program = program.path;
  result.spec.argv = std::move(words);
  return result;
}

}  // namespace amazes::arbiter
