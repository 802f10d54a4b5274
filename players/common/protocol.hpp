#pragma once
// The Amazes player protocol (CodeCup 2010), as a sample bot sees it: a tiny helper that reads
// one turn's input from stdin and writes one move line to stdout. Standard library only, so a
// bot author can copy this file as it is.
//
// Each turn the judge writes, on red's very first turn only, the line "Start"; then five lines:
// the corridors ahead, right, behind and left (letters B/L/R/N per square, ending in W) and the
// squared distance to the opponent. The first line of a turn may instead be "Quit": exit then.
// The bot answers with one line of 1..256 characters from "FTLR" and must flush it. After its
// 150th turn it must exit by itself, without waiting for "Quit".
#include <array>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>

namespace amazes_bot {

inline constexpr int kTurns = 150;          // turns per player in a game
inline constexpr int kMaxLineLength = 256;  // characters per move line
inline constexpr int kMazeSize = 25;        // the maze of the game is kMazeSize × kMazeSize squares
inline constexpr int kMaxMazeSize = 64;     // the largest maze a judge may use in tests

// What the judge tells the player at the start of one of its turns.
struct TurnInput {
  bool first_player = false;  // "Start" came before the corridors: this bot is red
  // Ahead, right, behind, left: one letter per visible square, the last one always 'W'.
  std::array<std::string, 4> corridors;
  long distance2 = 0;  // squared Euclidean distance to the opponent
};

// Reads one line without its '\n' and a '\r' before it. False at the end of input.
inline bool read_line(std::string& line) {
  if (!std::getline(std::cin, line)) return false;
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return true;
}

// A corridor line is well formed when it is letters from "BLRN" followed by one 'W'.
inline bool is_corridor(std::string_view line) {
  if (line.empty() || line.back() != 'W') return false;
  return line.substr(0, line.size() - 1).find_first_not_of("BLRN") == std::string_view::npos;
}

// Reads the input of one turn. Returns false when the game is over for this bot: "Quit", the end
// of input, or input that does not follow the protocol (reported on stderr).
inline bool read_turn(TurnInput& turn) {
  std::string line;
  if (!read_line(line) || line == "Quit") return false;
  turn.first_player = false;
  if (line == "Start") {
    turn.first_player = true;
    if (!read_line(line)) return false;
  }
  for (int i = 0; i < 4; ++i) {
    if (i > 0 && !read_line(line)) return false;
    if (!is_corridor(line)) {
      std::cerr << "unexpected corridor line: '" << line << "'\n";
      return false;
    }
    turn.corridors[i] = line;
  }
  if (!read_line(line)) return false;
  try {
    turn.distance2 = std::stol(line);
  } catch (...) {
    std::cerr << "unexpected distance line: '" << line << "'\n";
    return false;
  }
  return true;
}

// Writes one move line and flushes it at once: the judge waits for the whole line.
inline void write_move(std::string_view moves) { std::cout << moves << '\n' << std::flush; }

// Unbuffered-enough stdin/stdout for a pipe protocol: iostreams not tied to C stdio.
inline void init_io() {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
}

}  // namespace amazes_bot
