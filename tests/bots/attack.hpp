#pragma once
// What the attack bots share: they play like the polite bot, attack at one turn, and
// say what happened on stderr, one line per attempt, "<attack>: <what>: <result>", which the
// sandbox tests read back from the match record. A result is "ok" or the error text.
#include <cerrno>
#include <cstring>
#include <string>

#include "bot_protocol.hpp"

namespace bot {

inline void report(const std::string& line) { write_all(2, line + "\n"); }

// The symbolic name of an errno value ("EPERM").
inline std::string errno_name(int error) {
  const char* name = ::strerrorname_np(error);
  return name != nullptr ? name : "errno " + std::to_string(error);
}

// "ok" when `succeeded`, else the text of errno.
inline std::string outcome(bool succeeded) { return succeeded ? "ok" : std::strerror(errno); }

// Plays every turn; at turn `k` runs `attack` first (with the turn's input read).
template <class Attack>
int play_and_attack(int k, int turns, Attack attack) {
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && read_turn(lines); ++turn) {
    if (turn == k) attack();
    answer(move_for(lines));
  }
  return 0;
}

}  // namespace bot
