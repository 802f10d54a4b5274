#pragma once
// What a referee's line asks of caiaio, read as caiaio reads it (mainloop.cc: the first word says
// for whom, an `I` line's second word what), and the result of a game in its report. Pure: the
// driver (referee_match.cpp) does what the lines say.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/game.hpp"

namespace amazes::arbiter {

struct RefereeRequest {
  enum class Kind : std::uint8_t { ToPlayer, Listen, RequestTime, Lock, Unlock, ToManager };
  Kind kind = Kind::ToPlayer;
  int player = 0;    // ToPlayer, Listen, RequestTime: 1 or 2
  std::string text;  // ToPlayer: the line for the player; ToManager: the line for the manager
};

// The request, or what is wrong with the line, as a phrase to follow "referee 'CMD' ":
// `wrote a line caiaio does not know: "X"`, `names player 3, but the game has 2`. caiaio ignores
// a line whose first word it does not know; the judge refuses it (a referee's bug found at once).
std::variant<RefereeRequest, std::string> parse_referee_line(std::string_view line, int players);

// A fault the referee judged itself (an illegal move, say): caiaio's markers never show it.
struct RefereeFault {
  FaultKind kind = FaultKind::Illegal;
  std::optional<int> move;  // the player's move at which it came, when the referee said
};

struct RefereeReport {
  std::array<int, 2> scores{};  // player 1's, player 2's
  std::string message;          // MESSAGE: the words after the scores up to the extension, perhaps empty
  // The extension (docs/referees.md §6): `NAME=V1,V2` words by name, and the `fault=F1,F2` word.
  std::map<std::string, std::array<std::int64_t, 2>> values;
  std::array<std::optional<RefereeFault>, 2> faults;
};

// An `M` line's text: nothing when it is no report (another line for the manager), else the
// report (`report S1 S2 MESSAGE [NAME=V1,V2 …] [fault=F1,F2]`, the scores whole numbers within
// `range`) or what is wrong with it, as a phrase to follow "referee 'CMD' ": `reported score 25
// for player 1, outside 0..20`.
std::optional<std::variant<RefereeReport, std::string>> parse_report(std::string_view text, const ScoreRange& range);

}  // namespace amazes::arbiter
