#pragma once
// The referee's end of Caia's line protocol (docs/referees.md §1): the lines a referee writes
// to caiaio on its stdout and the answers it reads on its stdin. Streams in and out, so that a
// test can play caiaio's part.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/game.hpp"

namespace amazes::referee {

// What caiaio answers to `I listen N`: the player's next line, or the marker it writes in its
// place for a player that cannot give one.
struct CaiaReply {
  enum class Kind : std::uint8_t {
    Line,       // the line, without its '\n'
    Timeout,    // <caiaio:_player_timeout>: the player's time for the game ran out
    Crashed,    // <caiaio:_player_crashed:_SIGNAL>: killed by a signal
    Stopped,    // <caiaio:_player_stopped>: it exited, nothing left to read
    EmptyLine,  // <caiaio:_player_sends_'\n'>: it wrote an empty line
    // <caiaio:_player_no_output_file>: not caiaio's; the judge's for a program run once per move
    // that wrote no answer file (Susan's BESTAND)
    NoOutputFile,
  };
  Kind kind = Kind::Line;
  std::string text;  // the line; for Crashed the signal as caiaio names it ("Segmentation_fault")
};

CaiaReply parse_caia_reply(std::string_view line);

// A fault the referee judged itself, for the judge in caiaio's place (docs/referees.md §6): its
// kind as the judge names faults, and the player's move at which it came.
struct JudgedFault {
  FaultKind kind = FaultKind::Illegal;
  int move = 1;
};

// What a report may add after its message for the judge (docs/referees.md §6): values per player
// to rank by (name, player 1's, player 2's), and the faults the referee judged. Caia's manager
// reads the message's first word only, so it never sees them.
struct ReportExtension {
  struct Value {
    std::string name;  // lowercase letters, digits and `_`
    std::array<std::int64_t, 2> of_player{};
  };
  std::vector<Value> values;
  std::array<std::optional<JudgedFault>, 2> faults;
};

// caiaio closed the referee's stdin before it answered: nothing more can be played.
class CaiaClosed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CaiaChannel {
 public:
  CaiaChannel(std::istream& from_caiaio, std::ostream& to_caiaio) : in_(from_caiaio), out_(to_caiaio) {}

  // "N TEXT": TEXT as a line to player N (1-based). Throws std::invalid_argument for a text
  // with a line break, which would reach the player as two lines.
  void send(int player, std::string_view text);
  // "I listen N", then caiaio's answer. Throws CaiaClosed.
  CaiaReply listen(int player);
  // "I request_time N", then caiaio's "time MS SCALED": the milliseconds player N has used so
  // far (MS; SCALED is MS divided by the manager's CPU speed factor). Nothing when the answer
  // is not a time line. Throws CaiaClosed.
  std::optional<int> request_time(int player);
  // "M report SCORE1 SCORE2 MESSAGE": the game's result for the manager, which reads four
  // words: so every space of MESSAGE becomes '_'. The extension's words follow it:
  // `NAME=V1,V2` for each value, `fault=F1,F2` when a fault was judged.
  void report(int score1, int score2, std::string_view message, const ReportExtension& extension = {});

 private:
  void write(std::string_view line);
  std::string read();

  std::istream& in_;
  std::ostream& out_;
};

}  // namespace amazes::referee
