#pragma once
// A per-move player's folder for one game (docs/referees.md, "Players run once per move"). The
// player keeps what it writes there from move to move, as NIO's jury let a program keep its
// folder, so the judge must not need room that the player could have taken: as root the input
// file is the judge's from the game's start, read-only to the player, in a folder with the
// sticky bit (its group may write there, but not remove or replace what is not its own), and
// holds room for its next contents beyond the player's 64 MiB (fallocate). Whatever the player
// leaves, the next input fits; what still goes wrong (an input larger than that room in a full
// folder, or, without root, a folder left where the input goes) is the player's doing, said as
// such, never the judge's failure.
#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "amazes/files/unique_fd.hpp"
#include "sandbox/writable_folder.hpp"

namespace amazes::arbiter {

// The room kept for the input beyond the player's own (a Susan game's whole SPEL.IN is under
// 700 bytes).
inline constexpr std::size_t kMoveInputRoom = 256 << 10;

class MoveFolder {
 public:
  // Makes `path` for the player of UID `uid` with the input file `input` in it, empty. Throws
  // std::system_error.
  MoveFolder(std::filesystem::path path, uid_t uid, std::string input);

  const std::filesystem::path& path() const { return folder_.path(); }
  bool bounded() const { return folder_.bounded(); }

  // Before a move, as the jury did: `output` removed, `bytes` the input. Nothing when done; else
  // what of the player's folder stopped it, one phrase ("SPEL.IN (612 bytes) does not fit: …").
  std::optional<std::string> prepare_move(const std::string& bytes, const std::string& output);
  // As WritableFolder::read_start.
  std::optional<std::string> read_start(const std::string& file, std::size_t limit) const {
    return folder_.read_start(file, limit);
  }

 private:
  UniqueFd own_input() const;
  std::optional<std::string> rewrite_input(int fd, const std::string& bytes) const;
  std::optional<std::string> recreate_input(const std::string& bytes);

  WritableFolder folder_;
  std::string input_;
  ino_t input_inode_ = 0;  // the judge's input file, kept through the game (as root)
};

}  // namespace amazes::arbiter
