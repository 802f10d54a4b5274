// TEMPORARY greedy stand-in until the matching module lands.
#include <algorithm>

#include "amazes/competition/swiss_pairing.hpp"

namespace amazes::competition {

SwissRound pair_swiss_round(const SwissRoundInput& input) {
  SwissRound round;
  std::vector<int> left = input.order;
  if (left.size() % 2 == 1) {
    auto it = std::find_if(left.rbegin(), left.rend(), [&](int p) { return input.had_bye.count(p) == 0; });
    const int bye = it == left.rend() ? left.back() : *it;
    round.bye = bye;
    left.erase(std::find(left.begin(), left.end(), bye));
  }
  while (!left.empty()) {
    const int a = left.front();
    std::size_t pick = 1;
    for (std::size_t k = 1; k < left.size(); ++k) {
      if (input.met.count({std::min(a, left[k]), std::max(a, left[k])}) == 0) {
        pick = k;
        break;
      }
    }
    round.pairings.emplace_back(a, left[pick]);
    left.erase(left.begin() + static_cast<long>(pick));
    left.erase(left.begin());
  }
  return round;
}

}  // namespace amazes::competition
