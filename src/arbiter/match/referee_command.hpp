#pragma once
// A referee's command line as the judge runs it, in caiaio's place (docs/referees.md, "The judge
// as caiaio"): split like a player's command, its placeholders filled for the game ({seed}, and
// {maze}: a file of the game's maze and starts in a private folder), the referee's log file as
// the one argument caiaio adds, and the limits of a trusted but bounded program.
#include <filesystem>
#include <memory>
#include <string>

#include "amazes/arbiter/match.hpp"
#include "process/launch_spec.hpp"

namespace amazes::arbiter {

// A folder of the judge's own for one game, mode 0700, removed with everything in it when dropped.
class PrivateFolder {
 public:
  PrivateFolder();  // throws JudgeFailure when none can be made
  PrivateFolder(const PrivateFolder&) = delete;
  PrivateFolder& operator=(const PrivateFolder&) = delete;
  ~PrivateFolder();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct RefereeLaunch {
  LaunchSpec spec;
  std::unique_ptr<PrivateFolder> folder;  // holds the {maze} file while the game lasts; null without one
};

// Throws PlayerCommandError, one line naming the referee, when its command cannot be split, its
// program is not found, or it asks for {seed} of a game that has none.
void check_referee_command(const MatchSpec& spec);

// The launch of the referee for this game, with its {maze} file written. Throws
// PlayerCommandError as check_referee_command, JudgeFailure when the file cannot be written.
RefereeLaunch make_referee_launch(const MatchSpec& spec);

}  // namespace amazes::arbiter
