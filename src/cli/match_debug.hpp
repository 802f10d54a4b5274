#pragma once
// `amazes match --debug`: the game as it runs, as cutechess's -debug shows it. One line per
// line the judge writes to a player (`<`), reads from it (`>`), per line of its stderr (`!`)
// and per fault (`FAULT` and why), each after the player's colour and turn:
//
//   red    1 < Start
//   red    1 > FFR
//   blue   3 ! thinking: 12 squares known
//   blue   7 FAULT illegal: answered "FFX": 'X' (character 3) is not F, T, L or R (exit: killed by judge)
//
// The turn is `end` once the game is over (`Quit`, the grace period). A bot's bytes are escaped.
// A player's stderr is shown as far as the log keeps it (its first `stderr_limit` bytes), then
// one line says the rest is not: a bot cannot flood the organiser's terminal.
// In a referee game the routed lines are the referee's transcript, and a player is its number,
// 1 or 2, its stderr under no turn (`1       - ! thinking`).
#include <array>
#include <ostream>
#include <string>

#include "amazes/arbiter/match_observer.hpp"
#include "amazes/arbiter/match_record.hpp"

namespace amazes::cli {

class DebugPrinter final : public arbiter::MatchObserver {
 public:
  DebugPrinter(std::ostream& out, const arbiter::MatchSettings& settings) : out_(out), settings_(settings) {}

  void on_write(Color player, int turn, std::span<const std::string> lines) override;
  void on_read(Color player, int turn, std::string_view line) override;
  void on_stderr(Color player, std::string_view bytes) override;
  void on_fault(const arbiter::LoggedTurn& turn, std::string_view exit) override;
  void on_game_over() override;
  // A referee game: each routed line as `amazes log show` prints it, the referee's stderr as
  // `referee ! text`.
  void on_referee_line(const arbiter::RefereeLine& line) override;
  void on_referee_stderr(std::string_view bytes) override;
  // Prints what is left of a stderr line without its '\n' (the match is over).
  void finish();

 private:
  struct Side {
    std::string turn = "1";  // the turn that stderr lines are shown under
    std::string partial;     // a stderr line not yet ended, at most kMaxPartial bytes
    std::size_t seen = 0;    // stderr bytes taken, at most the settings' stderr_limit
    bool cut = false;        // the rest of its stderr is not shown
  };
  void print(Color player, std::string_view turn, std::string_view mark, std::string_view text);
  void flush_partial(Color player);

  std::ostream& out_;
  const arbiter::MatchSettings& settings_;
  std::array<Side, 2> sides_;
};

}  // namespace amazes::cli
