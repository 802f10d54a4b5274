#pragma once
// A player run once per move, as NIO's juries ran their programs (docs/referees.md, "Players run
// once per move"): for each move the judge writes the player's input into a file of its folder,
// runs the program once in a fresh sandbox whose working directory is that folder, and reads its
// answer from another file. The folder is private and writable, kept for the player through the
// game (as the jury's folder was) with room for its input whatever it leaves (move_folder.hpp),
// and removed after it: nothing carries to another game. One UID serves all the player's
// sandboxes of the game, the one that may write in its folder.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "amazes/arbiter/match_settings.hpp"
#include "process/player_process.hpp"
#include "sandbox/move_folder.hpp"
#include "sandbox/sandboxed_player.hpp"
#include "sandbox/uid_pool.hpp"

namespace amazes::arbiter {

struct MoveAnswer {
  enum class Kind : std::uint8_t {
    Line,      // the output file's first line (without '\n' and a '\r' before it)
    TooLong,   // its first line is longer than the limit
    NoOutput,  // it ended, in time, without an output file; or its folder could not take its input
    Timeout,   // its time ran out (the CPU limit or the wall limit)
  };
  Kind kind = Kind::Line;
  std::string text;
  // NoOutput when the program was not run: what of its folder kept its input out, one phrase.
  std::string why;
  std::chrono::nanoseconds cpu{0};
  std::chrono::nanoseconds wall{0};
};

class MovePlayer {
 public:
  // Leases its UID (as root) and makes its folder `folder`; starts nothing. Throws SandboxError,
  // std::system_error.
  MovePlayer(const MatchSettings& settings, LaunchSpec launch, std::filesystem::path folder);
  ~MovePlayer();

  // One move: `input` as the lines of the input file, the program run once within `limits`, its
  // answer read. The move's program stays in `last()` until the next move (for the record).
  MoveAnswer play(const std::vector<std::string>& input, ReadLimits limits, const PlayerOptions& options);

  // The program of the last move, or one not yet started: its sandbox and how it ended.
  SandboxedPlayer& last() { return *player_; }
  // The stderr of every move so far, up to the game's limit.
  const StderrCapture& stderr_capture() const { return stderr_; }

 private:
  std::unique_ptr<SandboxedPlayer> fresh_player() const;
  MoveAnswer run(PlayerProcess& process, const ReadLimits& limits);
  void gather_stderr(PlayerProcess& process);

  MatchSettings settings_;
  LaunchSpec launch_;
  std::optional<UidLease> uid_;  // as root
  std::optional<MoveFolder> folder_;
  std::unique_ptr<SandboxedPlayer> player_;
  StderrCapture stderr_;
};

}  // namespace amazes::arbiter
