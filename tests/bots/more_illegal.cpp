// A More bot that answers every move with one that is never legal (a stone moves to its own
// square), until "Quit" or the end of its input: the referee's `illegal` fault at its first move.
#include <iostream>
#include <string>

int main() {
  std::string line;
  if (!std::getline(std::cin, line)) return 0;  // the board
  while (std::getline(std::cin, line) && line != "Quit") std::cout << "a1a1" << std::endl;
  return 0;
}
