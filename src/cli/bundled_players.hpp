#pragma once
// The programs that come with the judge (the sample bots, the More bots): beside the program in
// its build tree (build/players/explorer), under lib/amazes/ when installed
// (/usr/lib/amazes/players/explorer).
#include <filesystem>
#include <string_view>

namespace amazes::cli {

// `folder` is "players", "more-players", "lamistra-players" or "susan-players". The path where it should be, whether or
// not it is.
std::filesystem::path bundled_player(std::string_view folder, std::string_view name);

}  // namespace amazes::cli
