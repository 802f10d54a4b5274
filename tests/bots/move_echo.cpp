// A player run once per move (docs/referees.md, "Players run once per move"): reads SPEL.IN from
// its working folder, keeps a count of its moves in a file of that folder (which lasts the game),
// and writes `N:FIRST-LINE:LINES` to SPEL.UIT, N its move, FIRST-LINE and LINES its input's.
// `move_echo K`: at its K-th move it computes for ever instead (a program too slow).
#include <cstdlib>
#include <fstream>
#include <string>

int main(int argc, char** argv) {
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
    for (volatile unsigned long spin = 0;; spin = spin + 1) {
    }
  }
  std::ofstream("SPEL.UIT") << moves << ":" << first << ":" << lines << "\n";
  return 0;
}
