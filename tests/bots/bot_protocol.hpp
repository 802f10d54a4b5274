#pragma once
// The little each test bot needs of the Amazes protocol (docs/rules.md §4.1, §4.2): read one turn's
// input (5 lines, 6 with "Start" on red's first turn; "Quit" ends the game), answer one line.
// Output goes straight to file descriptor 1 with write(2), so that a bot controls exactly
// which bytes leave in which write — that is what several of these bots are about.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace bot {

// Reads one turn's input. False at end of file or on "Quit".
inline bool read_turn(std::vector<std::string>& lines) {
  lines.clear();
  std::string line;
  if (!std::getline(std::cin, line) || line == "Quit") return false;
  int more = line == "Start" ? 5 : 4;
  lines.push_back(line);
  while (more-- > 0) {
    if (!std::getline(std::cin, line)) return false;
    lines.push_back(line);
  }
  return true;
}

inline void write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n <= 0) return;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

// A legal move: forward unless a wall is right ahead, then turn around.
inline std::string move_for(const std::vector<std::string>& lines) {
  const std::string& ahead = lines.front() == "Start" ? lines[1] : lines[0];
  return ahead == "W" ? "T" : "F";
}

inline void answer(const std::string& move) { write_all(1, move + "\n"); }

inline int arg_int(int argc, char** argv, int index, int fallback) {
  return index < argc ? std::atoi(argv[index]) : fallback;
}

inline std::string arg_str(int argc, char** argv, int index, const char* fallback) {
  return index < argc ? std::string(argv[index]) : std::string(fallback);
}

[[noreturn]] inline void sleep_forever() {
  for (;;) ::sleep(1000);
}

}  // namespace bot
