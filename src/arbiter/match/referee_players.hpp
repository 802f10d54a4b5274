#pragma once
// The players of a referee game, as caiaio serves them to the referee (mainloop.cc): a line
// written to a player, a listen answered with the player's line or with caiaio's marker, the time
// charged; with everything an Amazes player has of the judge (referees.md, "The judge as caiaio").
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "match/seats.hpp"

namespace amazes::arbiter {

class MatchObserver;

// A player's line longer than this is `too_long` in a referee game: far beyond any game's line,
// and within what the judge reads ahead of a line.
inline constexpr std::size_t kRefereeGameMaxLine = 4096;

class RefereePlayers {
 public:
  // The players' sandboxes decided and, where worth it, made; nothing of theirs started. Throws as
  // seat_players. A per-move player's folder goes into `move_folders`, which outlives this.
  RefereePlayers(const MatchSpec& spec, MatchObserver* observer, const std::filesystem::path& move_folders);

  // `N TEXT`: TEXT for player n. A player is started at its first listen (seats.cpp says why not
  // earlier): the lines written to it before wait for it. Output waiting when a line is written
  // was written out of turn: the player's `unsolicited` fault, and the line is not written.
  RefereeLine write(int player, std::string text);
  // `I listen N`: the player's next line, or caiaio's marker for what happened instead. A line of
  // the player's that reads like a marker is its `illegal` fault: the referee never sees one.
  RefereeLine listen(int player);
  // `I request_time N`: the milliseconds charged so far.
  long long time_ms(int player) const;

  // The processes still to end, for the grace period at the end of the game.
  std::vector<PlayerProcess*> running();
  // Each player's fault, listen of the fault, time, stderr and exit; the sandbox used.
  void fill_record(MatchRecord& record);

 private:
  // What caiaio keeps of a player beside its seat.
  struct Side {
    int listens = 0;
    std::optional<std::string> marker;  // once set, every later listen's answer
    std::optional<FaultKind> fault;
    int fault_listen = 0;
  };
  RefereeLine marker_lookalike(int player, RefereeLine line, const std::string& text);
  void fault(int player, FaultKind kind, int listen, std::string marker);
  Seat& seat(int player) { return seats_[static_cast<std::size_t>(player - 1)]; }
  Side& side(int player) { return sides_[static_cast<std::size_t>(player - 1)]; }

  const MatchSpec& spec_;
  std::array<Seat, 2> seats_;
  std::array<Side, 2> sides_;
};

}  // namespace amazes::arbiter
