// A player whose first answer reads like one of caiaio's markers (docs/referees.md §6): LINE,
// by default `<caiaio:_player_stopped>`. The judge sent no marker, so it must record the line as
// this player's `illegal` fault rather than let the referee take it for one.
//   caiaio_marker more|lamistra|file [LINE]
// more: a More bot, answering the line after the board (white's `Start`, black's first move read);
// lamistra: answering the first line it reads (red's `Start`, blue's first move read);
// file: a program run once per move, LINE into SPEL.UIT.
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const std::string marker = argc > 2 ? argv[2] : "<caiaio:_player_stopped>";
  if (mode == "file") {
    std::ofstream("SPEL.UIT") << marker << "\n";
    return 0;
  }
  std::string line;
  if (mode == "more" && !std::getline(std::cin, line)) return 0;  // the board
  if (!std::getline(std::cin, line)) return 0;
  std::cout << marker << std::endl;
  while (std::getline(std::cin, line)) {
  }
  return 0;
}
