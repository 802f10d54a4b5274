#pragma once
// A simulated field for the tests of the statistics: players of the test game
// tests/games/strength.ini, each a script in a folder of its own that states its strength in Elo,
// whose games the referee draws from the Bradley-Terry model with draws.
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "support/files.hpp"
#include "support/run.hpp"

namespace amazes::testing {

inline std::string strength_game_option() {
  return " --game " + shell_quote((source_dir() / "tests" / "games" / "strength.ini").string());
}

// Player k is "sNN" (NN = k + 1, the true place: s01 is the strongest) of strength elo[k];
// returns the players as a tournament takes them, NAME=PATH each.
inline std::string simulated_field(const std::filesystem::path& dir, const std::vector<double>& elo) {
  std::string players;
  for (std::size_t k = 0; k < elo.size(); ++k) {
    const std::string name = fmt::format("s{:02}", k + 1);
    const auto folder = dir / name;
    std::filesystem::create_directories(folder);
    const auto script = folder / name;
    write_file(script, fmt::format("#!/bin/sh\nwhile read -r _; do echo {}; done\n", elo[k]));
    ::chmod(script.c_str(), 0755);
    players += " " + name + "=" + shell_quote(script.string());
  }
  return players;
}

// The true place of a player of simulated_field: "s07" is 7th.
inline int true_place(const std::string& name) { return std::stoi(name.substr(1)); }

}  // namespace amazes::testing
