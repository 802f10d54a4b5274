// The contest policy a store keeps (meta exclude_after, withdrawn): apart from the rules of
// player_policy.cpp, which the config reader uses without a store.
#include <charconv>

#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

PlayerPolicy stored_policy(const ResultsStore& store) {
  PlayerPolicy policy;
  if (const auto text = store.meta(kExcludeAfterKey)) {
    int n = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), n);
    if (error == std::errc{} && end == text->data() + text->size() && n >= 0) policy.exclude_after = n;
  }
  if (const auto text = store.meta(kWithdrawnKey)) policy.withdrawn = withdrawn_from_text(*text);
  return policy;
}

}  // namespace amazes::competition
