#pragma once
// A versus run's gauntlet (docs/rules.md §3): in every pair p, NEW (the first player) meets each
// opponent on the same games: ids pNNNN-RED-BLUE, and every pairing of pair p drawn from the
// pair's maze seed, exactly what `amazes match --seed s_p` plays. Nothing waits for results (a
// sequential test only stops the handing out of pairs).
#include "formats/stage.hpp"

namespace amazes::competition {

class GauntletStage final : public Stage {
 public:
  // The opponents: every player after the first, or those given (a run's own).
  explicit GauntletStage(const Competition& competition);
  GauntletStage(const Competition& competition, std::vector<std::string> opponents);
  std::vector<int> rounds(const PairingState& state) const override;  // pairs 1..competition.rounds
  bool owns(int round) const override { return round >= 1; }
  // NEW against each opponent, in their order.
  std::optional<RoundPairings> pairings(const PairingState& state, int round) const override;
  RoundPairings pairings(int pair) const;
  int planned_games(int round) const override;  // two per opponent
  bool waits_for_results() const override { return false; }

  std::string match_id(int round, std::string_view red, std::string_view blue) const override;
  std::uint64_t pairing_seed(int round, std::string_view first, std::string_view second) const override;
  std::string setup_name(const RoundSetup& round) const override;
  std::string setup_error(int round, const std::string& what) const override;

 private:
  std::vector<std::string> opponents_;
};

}  // namespace amazes::competition
