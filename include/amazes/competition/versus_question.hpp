#pragma once
// What a versus run asks of its store (NEW, this run's opponents, the pairs, the rule), kept in
// the store's meta at the start of every run, so that `amazes versus --report DIR` answers the
// question of the last run again from the stored games alone, without playing: the same table,
// counted as the run counts (pairs in order, a sequential test decided where it decided).
#include <string>
#include <vector>

#include "amazes/competition/results_store.hpp"
#include "amazes/competition/versus_stats.hpp"

namespace amazes::competition {

struct VersusQuestion {
  std::string new_player;
  std::vector<std::string> opponents;  // in the order the run gave them
  int pairs = 0;                       // --games
  VersusRule rule;
};

// Meta "versus.opponents" (names joined by ','), "versus.games", "versus.rule" ("margin M" or
// "sprt D0 D1 ALPHA BETA").
void record_versus_question(ResultsStore& store, const VersusQuestion& question);

// The last run's question. A store written before questions were kept gives every stored
// opponent, every stored pair and the default rule. Throws StoreError when the meta is damaged.
VersusQuestion stored_versus_question(const ResultsStore& store);

// Every stored game of the question's players counted for its opponent; one report per
// opponent, in the question's order.
std::vector<OpponentReport> answer_from_store(const ResultsStore& store, const VersusQuestion& question);

}  // namespace amazes::competition
