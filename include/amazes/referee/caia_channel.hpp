#pragma once
// The referee's end of Caia's line protocol (docs/referees.md §1): the lines a referee writes
// to caiaio on its stdout and the answers it reads on its stdin. Streams in and out, so that a
// test can play caiaio's part.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

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
  };
  Kind kind = Kind::Line;
  std::string text;  // the line; for Crashed the signal as caiaio names it ("Segmentation_fault")
};

CaiaReply parse_caia_reply(std::string_view line);

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
  // words: so every space of MESSAGE becomes '_'.
  void report(int score1, int score2, std::string_view message);

 private:
  void write(std::string_view line);
  std::string read();

  std::istream& in_;
  std::ostream& out_;
};

}  // namespace amazes::referee
