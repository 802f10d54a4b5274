// Titles of the standings tables.
#include <fmt/format.h>

#include "amazes/report/standings_tables.hpp"

namespace amazes::report {

std::string round_title(const competition::Standings& standings) {
  return fmt::format("Standings after round {} of {}", standings.round, standings.rounds);
}

std::string final_title(const competition::Standings& standings, int games_scheduled) {
  if (standings.games >= games_scheduled) {
    return fmt::format("Final standings ({} round{})", standings.rounds, standings.rounds == 1 ? "" : "s");
  }
  return fmt::format("Standings so far ({} of {} games)", standings.games, games_scheduled);
}

}  // namespace amazes::report
