#pragma once
// One game between two players, played to its end: the built-in Amazes game (amazes_game.cpp), or
// a Caia referee's (referee_match.cpp), where the referee plays the game and the judge plays
// caiaio's part for it (docs/referees.md, "The judge as caiaio"). What every game shares is
// written once beside them: the seats (seats.hpp), a player's turn with its charge and outcome
// (turn_taker.hpp), the time control (time_control.hpp), the record (record_of_spec). A driver
// owns only what its game decides: who is to move, what a line means, when it is over.
#include <memory>

#include "amazes/arbiter/match.hpp"

namespace amazes::arbiter {

class MatchObserver;

class GameDriver {
 public:
  virtual ~GameDriver() = default;
  // As run_match: the record, every process ended and the game's folders removed, returned or
  // thrown. A referee game throws RefereeFailure when its referee broke caiaio's protocol.
  virtual MatchRecord play() = 0;
};

// `observer` may be null; both must outlive the driver.
std::unique_ptr<GameDriver> amazes_game(const MatchSpec& spec, MatchObserver* observer);
std::unique_ptr<GameDriver> referee_game(const MatchSpec& spec, MatchObserver* observer);

// The spec's: a referee's game when its settings name a referee, else the built-in one.
std::unique_ptr<GameDriver> game_driver(const MatchSpec& spec, MatchObserver* observer);

}  // namespace amazes::arbiter
