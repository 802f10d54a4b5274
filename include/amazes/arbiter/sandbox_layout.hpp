#pragma once
// A contest laid out so that a sandbox cannot hide its secrets: the sandbox shows a player its
// own folders (the folder of its program, of its script, of every path its command names) and
// the system's runtime. A maze, the config, the output folder or any other file the judge
// writes with mazes or results inside one of those would be open to that player (in a later
// game if not in this one), so the judge refuses the layout before the first game, naming the
// player, the folder and the secret, and how to lay it out instead.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/arbiter/sandbox_settings.hpp"

namespace amazes::arbiter {

// What a player must not see: "the maze folder", "the maze file", "the config file", "the
// output folder", "the match log of --log", "the report of --json", …, with its path as the
// user gave it.
struct Secret {
  std::string what;
  std::filesystem::path path;
};

// A layout that would show a secret to a player; what() is one line.
class SandboxLayoutError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws SandboxLayoutError when a player's sandbox would show one of the secrets: one that lies
// in a folder the player is given, or in the system's runtime that every player sees. Players
// that share a folder see each other's files: allowed (the bundled bots in build/players), said
// once as a warning. Nothing to check under `--sandbox none`. Player commands that cannot be
// parsed are left to check_player_commands.
void check_sandbox_layout(const SandboxSettings& settings, const std::vector<PlayerSpec>& players,
                          const std::vector<Secret>& secrets);

}  // namespace amazes::arbiter
