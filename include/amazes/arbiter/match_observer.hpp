#pragma once
// What a match shows of itself while it runs, for whoever watches (`amazes match --debug`
// prints it). run_match calls an observer, when it is given one, on the judge's thread, in the
// order things happen; without one it calls nothing and keeps nothing extra. An observer sees
// only what the match record will hold anyway, and stderr beyond what the record keeps: it
// changes nothing of the match or its log.
#include <span>
#include <string>
#include <string_view>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/game.hpp"

namespace amazes::arbiter {

class MatchObserver {
 public:
  MatchObserver() = default;
  MatchObserver(const MatchObserver&) = delete;
  MatchObserver& operator=(const MatchObserver&) = delete;
  virtual ~MatchObserver() = default;

  // The lines the judge wrote to a player (each without its '\n'): a turn's input at its turn
  // `turn`, or `Quit` after the game (turn 0).
  virtual void on_write(Color /*player*/, int /*turn*/, std::span<const std::string> /*lines*/) {}
  // The whole line read from a player at its turn `turn` (without '\n'; a '\r' kept), in time
  // or not: whether it counts is the turn's (on_turn, on_fault).
  virtual void on_read(Color /*player*/, int /*turn*/, std::string_view /*line*/) {}
  // Bytes a player wrote on stderr, as the judge reads them: pieces of any length, not lines,
  // and all of them (also those beyond what the record keeps).
  virtual void on_stderr(Color /*player*/, std::string_view /*bytes*/) {}
  // Every turn once played, substituted ones too, with the time charged (turn.time_ms).
  virtual void on_turn(const LoggedTurn& /*turn*/) {}
  // A fault as it happens, right after on_turn of its turn: the player has been stopped for
  // good and `exit` says how its process ended (as the record's PlayerOutcome::exit).
  virtual void on_fault(const LoggedTurn& /*turn*/, std::string_view /*exit*/) {}
  // The last turn was played: what follows is the end (`Quit` on a sudden death, the grace
  // period, the kill).
  virtual void on_game_over() {}

  // A referee game (MatchSettings::referee): each line as it goes, as the record keeps it (the
  // players' stderr comes through on_stderr, player 1 as red), and the referee's own stderr.
  virtual void on_referee_line(const RefereeLine& /*line*/) {}
  virtual void on_referee_stderr(std::string_view /*bytes*/) {}
};

}  // namespace amazes::arbiter
