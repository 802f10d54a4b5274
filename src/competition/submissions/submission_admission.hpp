#pragma once
// Admission: a compiled bot plays test games against the reference bot under the contest's
// settings (colours alternating, mazes from the admission seed); a fault in any of them keeps it
// out, with the why `amazes match` gives.
#include <string>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/submissions.hpp"

namespace amazes::competition {

struct Admission {
  bool admitted = false;
  bool reference_faulted = false;  // undecided: the judge's side, not the bot's
  std::string reason;              // one line
  std::string details;             // the lines under it (how it ended, its stderr)
};

// What admission depends on, as text: a verdict kept from an earlier run holds while it is equal.
std::string admission_key(const SubmissionSettings& settings);

// Test game `game` (from 0) of `bot`.
arbiter::MatchSpec admission_game(const SubmissionSettings& settings, const arbiter::PlayerSpec& bot, int game);

Admission admit(const SubmissionSettings& settings, const arbiter::PlayerSpec& bot);

}  // namespace amazes::competition
