#pragma once
// The characters of player names (players.hpp): ASCII letters, digits, '.', '_', '+', '-', and
// the visible characters beyond ASCII (UTF-8: letters of any script, é, ß, 名, …), so that a
// name is safe in file names, match ids, CSV and HTML without quoting, and prints as itself.
#include <cstddef>
#include <string_view>

namespace amazes::competition {

struct NameCharacter {
  std::size_t bytes = 1;   // its length at the front of the text (1 for a byte that starts no
                           // valid UTF-8 character)
  bool allowed = false;    // a name may hold it
  bool may_start = false;  // a name may start with it (not '.', '_', '+', '-')
};

// The character at the front of `text` (not empty). Refused beyond ASCII: invalid or overlong
// UTF-8, surrogates, C1 controls, spaces and invisible format characters (no-break and
// zero-width spaces, direction marks and overrides, the byte-order mark), private-use
// characters and noncharacters.
NameCharacter name_character(std::string_view text);

}  // namespace amazes::competition
