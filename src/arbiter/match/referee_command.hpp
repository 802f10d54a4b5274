#pragma once
// A referee's command line as the judge runs it, in caiaio's place (docs/referees.md, "The judge
// as caiaio"): split like a player's command, its placeholders filled for the game ({seed}, and
// {maze}: a file of the game's maze and starts in a private folder), the referee's log file (in
// the same folder, the judge's) as the one argument caiaio adds, and the limits of a trusted but
// bounded program.
#include <cstdint>
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

// The most the referee may write into any file, its log included (RLIMIT_FSIZE): far above the
// log of any game (a More game's is a few KiB), low enough that a referee that writes on and on
// costs the disk little. Beyond it its writes fail; it is not killed.
inline constexpr std::uint64_t kRefereeLogDiskBytes = std::uint64_t{16} << 20;

struct RefereeLaunch {
  LaunchSpec spec;
  // The judge's own folder for the game: the referee's log file (caiaio's argument) and, for a
  // game on a maze, the {maze} file, while the game lasts.
  std::unique_ptr<PrivateFolder> folder;
  std::filesystem::path log_file;
};

// Throws PlayerCommandError, one line naming the referee, when its command cannot be split, its
// program is not found, or it asks for {seed} of a game that has none.
void check_referee_command(const MatchSpec& spec);

// The launch of the referee for this game, with its {maze} file written and its log file made. Throws
// PlayerCommandError as check_referee_command, JudgeFailure when the file cannot be written.
RefereeLaunch make_referee_launch(const MatchSpec& spec);

}  // namespace amazes::arbiter
