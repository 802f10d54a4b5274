#pragma once
// A FIFO in a bot's folder is a channel between its games that run at the same time: the
// folder is bound read-only into each of its sandboxes, but a FIFO's data never touches the
// file system, so a player that may open it for writing passes bytes to whichever of its
// copies opens it for reading (a tournament's games of one round share their maze). No mount
// flag stops a FIFO (nodev stops device nodes), so a player whose folders hold one is refused
// before the first game. A Unix socket file needs a listener bound to it, which nobody in a
// sandbox can make; a device node opens nothing (nodev).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace amazes::arbiter {

// Why a player whose sandbox binds `bound` is refused: the first FIFO found in them (not
// following links, which lead nowhere else anyway: player_files.hpp), in one line.
std::optional<std::string> fifo_in_bound_files(const std::vector<std::filesystem::path>& bound);

}  // namespace amazes::arbiter
