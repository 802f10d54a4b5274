#pragma once
// What a competition asks its game for: the setup the games of a round share, a pairing's own, and
// a match's whole. The game's setup kind (arbiter::GameChoice::setup()) picks one of two:
// - a game on a maze (Amazes, the judge's or a referee's `{maze}`): a round is a maze, its maze
//   file's (taken in turn) or generated from the round's seed, and a pairing its starts on it, the
//   file's or drawn from the pairing's seed;
// - a game its referee sets up (from `{seed}`, or with its one opening): a round is the game alone,
//   and a pairing its seed.
// The schedule, a tournament's and a versus run's, asks only this.
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "amazes/arbiter/game_setup.hpp"
#include "amazes/competition/competition.hpp"
#include "amazes/competition/match_source.hpp"
#include "amazes/competition/schedule.hpp"

namespace amazes::competition {

// A pairing's setup: its starts on the round's maze (nothing for a game on no maze), and the seed
// it was drawn from (nothing when a maze file's starts left nothing to draw).
struct PairingSetup {
  std::optional<Starts> starts;
  std::optional<std::uint64_t> seed;
};

class GameSetups {
 public:
  virtual ~GameSetups() = default;
  // The setup of `round`, played `place`-th (maze files are taken in the order rounds are played).
  virtual RoundSetup round(int round, int place) const = 0;
  // A pairing's setup in `round` from its seed, both colours' games the same; `name` names the
  // round's setup in a message. Throws MazeSourceError when a maze has no room for the starts.
  virtual PairingSetup pairing(const RoundSetup& round, std::string_view name, std::uint64_t seed) const = 0;
  // What the arbiter plays of a match of `round`.
  virtual arbiter::GameSetup match(const RoundSetup& round, const ScheduledMatch& match) const = 0;
};

// The setups of the competition's game. A game on maze files reads and checks them here, once.
// Throws ScheduleError naming a bad file, or when maze files are given for a game on no maze.
std::shared_ptr<const GameSetups> game_setups(const Competition& competition);

}  // namespace amazes::competition
