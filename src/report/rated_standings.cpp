// An adaptive final's standings (rated_standings.hpp).
#include "rated_standings.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "amazes/competition/pairing_outcomes.hpp"

namespace amazes::report {
namespace {

// "place 1 is", "each of places 1 to 3 is".
std::string top_places(int top) {
  return top == 1 ? std::string("place 1 is") : fmt::format("each of places 1 to {} is", top);
}

// Places 1..n of the top K, each surely ahead of the next, counted from the top.
int sure_places(const RatedStandings& rated, int top) {
  int sure = 0;
  while (sure < top && static_cast<std::size_t>(sure) < rated.certainty.separated.size() &&
         rated.certainty.separated[static_cast<std::size_t>(sure)]) {
    ++sure;
  }
  return sure;
}

}  // namespace

RatedStandings rated_standings(const StoreSnapshot& snapshot, int up_to) {
  const auto& competition = snapshot.competition;
  const auto rows = games_up_to(snapshot, up_to);
  auto points = competition::compute_standings(snapshot.players, rows, up_to, competition.rounds, competition.ranking,
                                               competition::swiss_byes(snapshot.pairing));
  RatedStandings rated;
  auto fitted = competition::rank_certainty_by_rating(
      static_cast<int>(snapshot.players.size()),
      competition::pairing_outcomes(snapshot.players, rows, competition.ranking), competition.seed);
  std::map<std::string, std::size_t> at;
  for (std::size_t i = 0; i < points.table.size(); ++i) at.emplace(points.table[i].player, i);
  std::vector<std::size_t> from;  // table row k of the rated table is row from[k] of the points table
  for (const int i : fitted.order) from.push_back(at.at(snapshot.players[static_cast<std::size_t>(i)]));

  rated.standings = points;
  rated.standings.ranked_by_mean = false;
  rated.standings.table.clear();
  std::vector<competition::PlayerCertainty> players;  // in table order
  for (std::size_t k = 0; k < from.size(); ++k) {
    auto entry = points.table[from[k]];
    const auto& player = fitted.players[static_cast<std::size_t>(fitted.order[k])];
    const bool tied = k > 0 && player.rating == fitted.players[static_cast<std::size_t>(fitted.order[k - 1])].rating;
    entry.rank = tied ? rated.standings.table.back().rank : static_cast<int>(k) + 1;
    rated.standings.table.push_back(std::move(entry));
    players.push_back(player);
  }
  for (std::size_t i = 0; i < from.size(); ++i) {
    for (std::size_t j = 0; j < from.size(); ++j) rated.standings.cross[i][j] = points.cross[from[i]][from[j]];
  }
  // The neighbours' figures are of the rating order already: only the players move to table order.
  rated.certainty = std::move(fitted);
  rated.certainty.players = std::move(players);
  return rated;
}

std::string rated_counts(const StoreSnapshot& snapshot, const RatedStandings& rated, bool whole_competition) {
  const auto& stages = snapshot.competition.stages;
  std::string text =
      fmt::format("order: by rating, fitted to every game so far (both stages); total: the points of those games{}.",
                  snapshot.competition.ranking.bye_points != 0 ? " and the byes" : "");
  if (!whole_competition) return text;
  const int rounds = competition::adaptive_rounds_decided(snapshot.pairing);
  const int top = std::min(stages.decide_top, static_cast<int>(snapshot.players.size()) - 1);
  const int sure = sure_places(rated, top);
  const std::string& end = snapshot.pairing.final_end;
  const std::string after = fmt::format("after {} final round{}", rounds, rounds == 1 ? "" : "s");
  if (end == competition::kFinalSettled) {
    return text + fmt::format(
                      " The adaptive final decided {}: {} surely ahead of the next (all at once, "
                      "95 %).",
                      after, top_places(top));
  }
  const std::string how_far = sure == 0 ? fmt::format("no place of the top {} is sure yet", top)
                              : sure == 1
                                  ? fmt::format("place 1 of the top {} is sure (95 %)", top)
                                  : fmt::format("places 1 to {} of the top {} are sure (all at once, 95 %)", sure, top);
  if (end == competition::kFinalMaxGames) {
    return text + fmt::format(" The adaptive final stopped {} at the most games (--max-games {}): {}.", after,
                              stages.max_games, how_far);
  }
  if (end == competition::kFinalNoPairing) {
    return text + fmt::format(" The adaptive final stopped {}: no contender left to pair (excluded or withdrawn); {}.",
                              after, how_far);
  }
  return text + fmt::format(
                    " The adaptive final goes on until {} surely ahead of the next, or {} "
                    "games in all: {} so far, {}.",
                    top_places(top), stages.max_games, after, how_far);
}

}  // namespace amazes::report
