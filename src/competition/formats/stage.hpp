#pragma once
// A format is one class: a stage of a competition answers, for each of its rounds, who plays
// (once that is decided), how many games the round has, whether it waits for results of earlier
// rounds, and the ids and seeds of its games. A competition is a sequence of stages
// (StageSequence): a tournament's first stage (round robin or Swiss) and its final (a round robin
// of the top K, or adaptive), or a versus run's gauntlet. A new format is one more class here, and one more line in
// StageSequence.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "amazes/competition/competition.hpp"
#include "amazes/competition/pairing.hpp"
#include "amazes/competition/schedule.hpp"

namespace amazes::competition {

// A game of a round, before its setup is drawn: its id, who plays red and blue, and its pairing
// (an index into the round's pairings).
struct PairedGame {
  std::string id;
  std::string red;
  std::string blue;
  std::size_t pairing = 0;
};

class Stage {
 public:
  virtual ~Stage() = default;

  // The round numbers the stage plays (stages.hpp), in play order, as far as the decisions in
  // `state` tell: an adaptive final's are those decided so far and the next, until it ends.
  virtual std::vector<int> rounds(const PairingState& state) const = 0;
  // True for the round numbers that are this stage's (the first stage's: 1, 2, …; the final's:
  // those above kFinalRoundBase), however many rounds are played.
  virtual bool owns(int round) const = 0;
  // Who plays in `round` once it is decided; nothing while it waits for results.
  virtual std::optional<RoundPairings> pairings(const PairingState& state, int round) const = 0;
  // The round's games once decided, from the players alone.
  virtual int planned_games(int round) const = 0;
  // The same as far as the results in `state` tell (a Swiss round pairs only the players still
  // playing).
  virtual int games(const PairingState& /*state*/, int round) const { return planned_games(round); }
  // True when a round is decided only once a round before it is complete.
  virtual bool waits_for_results() const = 0;
  // The round that must be complete before `round` can be decided (0: none).
  virtual int round_before(int round) const { return round - 1; }
  // What deciding `round` from the results in `state` stores (a Swiss round's pairings, the
  // finalists), once round_before is complete; nothing for a round no result decides.
  virtual std::optional<RoundDecision> decide(const PairingState& /*state*/, int /*round*/) const {
    return std::nullopt;
  }

  // The round's games in schedule order: each pairing's first player red, then blue, with the
  // stage's ids. The schedule (add_round_games) and a versus run's walk both take them here.
  std::vector<PairedGame> games_of(const RoundPairings& pairings) const;

  // A tournament's, unless a stage says otherwise: ids rNN-RED-BLUE (final-rNN-…), each
  // pairing's games drawn from pair_seed, messages naming the round and its setup.
  virtual std::string match_id(int round, std::string_view red, std::string_view blue) const;
  virtual std::uint64_t pairing_seed(int round, std::string_view first, std::string_view second) const;
  // The round's setup as a message about its starts names it.
  virtual std::string setup_name(const RoundSetup& round) const;
  // A message about the round's setup that failed.
  virtual std::string setup_error(int round, const std::string& what) const;

 protected:
  explicit Stage(const Competition& competition) : competition_(competition) {}
  const Competition& competition_;
};

// The pairings of `round` stored when it was decided (a Swiss or an adaptive round); nothing
// before.
std::optional<RoundPairings> stored_pairings(const PairingState& state, int round);

// Every pair of `names` in their order: (0, 1), (0, 2), … as a round robin plays them.
std::vector<std::pair<std::string, std::string>> every_pair(const std::vector<std::string>& names);

// A competition's stages in play order: a tournament's first stage and its final (when it has
// one); a versus run's gauntlet of the first player against every other.
class StageSequence {
 public:
  explicit StageSequence(const Competition& competition);
  // Every round of every stage, in play order, as far as `state` tells (Stage::rounds).
  std::vector<int> rounds(const PairingState& state) const;
  // The stage that plays `round` (it lives as long as the sequence); throws std::out_of_range
  // for a round no stage plays.
  const Stage& of_round(int round) const;
  // True when a round of some stage waits for results.
  bool waits_for_results() const;

 private:
  std::vector<std::unique_ptr<Stage>> stages_;
};

}  // namespace amazes::competition
