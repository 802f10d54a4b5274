#pragma once
// The one line form in which a referee says, in its own log, why it refused a player's line
// (docs/referees.md, "Why a fault"): `fault N KIND: REASON`, N the player (1 or 2), KIND the
// fault as the referee names it, REASON what the player did. The judge's referees write it; the
// judge, in caiaio's place, reads it back from the log it kept, so that an author sees the reason.
#include <optional>
#include <string>
#include <string_view>

namespace amazes {

// The line, without its '\n'. Line ends inside KIND or REASON (a player's bytes) become blanks:
// one fault, one line.
std::string referee_fault_line(int player, std::string_view kind, std::string_view reason);

struct RefereeFaultLine {
  int player = 0;      // 1 or 2
  std::string reason;  // everything after `fault N `: "KIND: REASON"
};

// A line of a referee's log read as such a line: it begins with `fault 1 ` or `fault 2 ` and
// says something after; nothing for any other line. The reason is the referee's text, which
// quotes the player's: untrusted, to be escaped wherever it is shown.
std::optional<RefereeFaultLine> parse_referee_fault_line(std::string_view line);

}  // namespace amazes
