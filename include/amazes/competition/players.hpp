#pragma once
// The players of a competition: a name (unique; used in match ids, file names and tables)
// and the command that starts the program.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::competition {

using arbiter::PlayerSpec;

// A player list that cannot be used (a bad name, a name given twice); what() is one line.
class PlayerListError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A name's length in bytes, at most: two names and a round fit in a file name (255 bytes).
inline constexpr std::size_t kMaxPlayerNameBytes = 64;

// Names are 1 to 64 bytes of ASCII letters, digits, '.', '_', '+', '-' and visible characters
// beyond ASCII in UTF-8 (é, ß, 名; not spaces, controls or invisible format characters),
// starting with a letter, digit or such a character, so that they are safe in file names,
// match ids, CSV cells and HTML without quoting.
bool is_valid_player_name(std::string_view name);

// The name a player gets from its command when none is given: the file name of its program
// (the first word, after `env` and its VAR=value assignments, or for an interpreter such as
// `python3 bot.py` or `python3.11 bot.py` the script), with every character that is not allowed
// in a name (or byte of no valid UTF-8) replaced by '_', and a 'p' before a first character
// that may not start one.
std::string name_from_command(std::string_view command);

// The command with its program and script paths made absolute when they name files relative
// to the current directory (`players/bot` → `/home/me/amazes/players/bot`, `python3 bot.py` →
// `python3 /home/me/bot.py`), so that a stored competition runs and compares the same from any
// directory. Other words, and commands it cannot split, are left as they are. With `folder`,
// the files are looked for there instead of the current directory (a config file's folder).
std::string anchored_command(std::string_view command, const std::filesystem::path& folder = {});

// "NAME=COMMAND" when the text starts with a valid name followed by '='; nothing otherwise.
std::optional<PlayerSpec> parse_named_player(std::string_view text);

// Builds a player list from unnamed commands (plain paths as in `amazes tournament bin/*`):
// names from name_from_command; players whose files have the same name are named by the
// fewest nearest folders that tell them apart (`v1/bot.py`, `v2/bot.py`: `v1`, `v2`; `a/x/bot`,
// `b/x/bot`: `a-x`, `b-x`; a Java class by its class path's first folder), and a name still
// repeated (the same file twice) gets "-2", "-3", … in order. A name no other player's file
// shares stays the file's, so stores keep resuming.
std::vector<PlayerSpec> players_from_commands(const std::vector<std::string>& commands);

// A player list from command-line arguments in their order: "NAME=COMMAND" names a player,
// anything else is a command named as players_from_commands names them, a name given with
// NAME=COMMAND getting "-2", "-3", … Throws PlayerListError for a name given twice with
// NAME=COMMAND.
std::vector<PlayerSpec> players_from_arguments(const std::vector<std::string>& arguments);

// Adds `extra` to `base`: an entry whose name is already in `base` replaces that entry's
// command in place (the later source wins), a new name is appended.
void merge_players(std::vector<PlayerSpec>& base, const std::vector<PlayerSpec>& extra);

// The players' names, in their order.
std::vector<std::string> player_names(const std::vector<PlayerSpec>& players);

// Throws PlayerListError for an invalid or repeated name or an empty command.
void check_players(const std::vector<PlayerSpec>& players);

}  // namespace amazes::competition
