// Titles of the standings tables.
#include <fmt/format.h>

#include "amazes/report/standings_tables.hpp"

namespace amazes::report {

namespace {

// A table over unequal numbers of games says so, and what it ranks by (standings.hpp).
constexpr const char* kByMean = "ranked by mean points per game";

}  // namespace

std::string round_title(const competition::Standings& standings) {
  std::string title = fmt::format("Standings after round {} of {}", standings.round, standings.rounds);
  if (standings.ranked_by_mean) title += fmt::format(" (unequal numbers of games; {})", kByMean);
  return title;
}

std::string final_title(const competition::Standings& standings, int games_scheduled) {
  if (standings.games >= games_scheduled) {
    std::string title = fmt::format("Final standings ({} round{})", standings.rounds, standings.rounds == 1 ? "" : "s");
    if (standings.ranked_by_mean) title += fmt::format(" (unequal numbers of games; {})", kByMean);
    return title;
  }
  if (standings.ranked_by_mean) {
    return fmt::format("Standings so far (partial: {} of {} games; {})", standings.games, games_scheduled, kByMean);
  }
  return fmt::format("Standings so far ({} of {} games)", standings.games, games_scheduled);
}

}  // namespace amazes::report
