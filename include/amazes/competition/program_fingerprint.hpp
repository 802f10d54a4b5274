#pragma once
// A fingerprint of the files a player command runs, so that a versus store is never continued
// with a rebuilt bot under the same command: the results of yesterday's build would silently be
// counted as today's.
#include <optional>
#include <string>
#include <string_view>

namespace amazes::competition {

// "fnv1a64:<16 hex digits>" over the contents (not the names) of the files the command names:
// its program when given as a path (a word with '/'), and every later word that names a regular
// file relative to the current directory or by an absolute path (`python3 bot.py` → bot.py).
// Programs found through PATH (python3, an installed bot) are not included. Nothing when the
// command names no file, or cannot be split.
std::optional<std::string> program_fingerprint(std::string_view command);

}  // namespace amazes::competition
