#pragma once
// A game file: the catalogue row of a game the judge does not have built in, for `--game FILE`
// (docs/referees.md §6). An INI file of `KEY = VALUE` lines; paths in it (the referee's program,
// the players' folder) are relative to the file's folder.
#include <filesystem>
#include <memory>

#include "amazes/game_catalogue.hpp"

namespace amazes::cli {

// Whether `--game`'s value names a file (a path, or a name ending in .ini) rather than a catalogue
// game.
bool names_game_file(const std::string& value);

// The row of the game file at `path`. Throws SettingOptionError, "FILE:LINE: what" when a line is wrong.
std::shared_ptr<const GameRow> read_game_file(const std::filesystem::path& path);

}  // namespace amazes::cli
