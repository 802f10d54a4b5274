// A player run once per move (docs/referees.md, "Players run once per move"): reads SPEL.IN from
// its working folder, keeps a count of its moves in a file of that folder (which lasts the game),
// and writes `N:FIRST-LINE:LINES` to SPEL.UIT, N its move, FIRST-LINE and LINES its input's.
// `move_echo K`: at its K-th move it computes for ever instead (a program too slow).
// `move_echo pipe`: the same answers as a player over pipes, for two lines of input at a time
// (scripts/measure-move-players compares the two ways).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

int answer_over_pipes() {
  int moves = 0;
  for (std::string first, second; std::getline(std::cin, first) && std::getline(std::cin, second);) {
    std::cout << ++moves << ":" << first << ":2" << std::endl;
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "pipe") return answer_over_pipes();
  std::ifstream in("SPEL.IN");
  std::string first;
  std::getline(in, first);
  int lines = first.empty() ? 0 : 1;
  for (std::string line; std::getline(in, line);) ++lines;
  int moves = 0;
  std::ifstream("moves") >> moves;
  ++moves;
  std::ofstream("moves") << moves;
  if (argc > 1 && moves == std::atoi(argv[1])) {
    for (unsigned long spin = 0;; ++spin) asm volatile("" : "+r"(spin));  // not optimised away
  }
  std::ofstream("SPEL.UIT") << moves << ":" << first << ":" << lines << "\n";
  return 0;
}
