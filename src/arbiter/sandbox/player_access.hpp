#pragma once
// Whether the players' UIDs can run a command: the kernel's own answer, not a reading of mode
// bits. A helper process becomes such a UID (its GID the same, no other group, as a player) and
// asks access(2) for each file the command needs (PlayerFiles::needs). A root judge refuses a
// command it cannot run before the first game: no player ever runs as root instead.
#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "sandbox/player_files.hpp"

namespace amazes::arbiter {

// Nothing when `uid` may do each of `needs`; else the first refusal in one line, with the fix:
// "the players' UIDs may not run its program /root/bots/x/x: /root is open to its owner only
// (move the bot out of /root, or chmod o+x /root)".
std::optional<std::string> refused_to_players(uid_t uid, const std::vector<PlayerFiles::Need>& needs);

}  // namespace amazes::arbiter
