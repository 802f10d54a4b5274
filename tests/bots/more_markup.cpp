// A More bot whose every answer is HTML, never a move: the referee's `illegal` fault at its first
// move, whose reason quotes the line. A contest site must show that reason as text, not markup.
#include <iostream>
#include <string>

int main() {
  std::string line;
  if (!std::getline(std::cin, line)) return 0;  // the board
  while (std::getline(std::cin, line) && line != "Quit") std::cout << "<b id=\"x\">a1&a2</b>" << std::endl;
  return 0;
}
