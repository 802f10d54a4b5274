// A minimal bot of one file: "F" every turn, exit after the 150th or on Quit.
#include <iostream>
#include <string>

int main() {
  std::string line;
  for (int turn = 0; turn < 150; ++turn) {
    int lines = 5;
    if (!std::getline(std::cin, line)) return 0;
    if (line == "Quit") return 0;
    if (line == "Start")
      lines = 5;
    else
      lines = 4;
    for (int i = 0; i < lines; ++i) {
      if (!std::getline(std::cin, line)) return 0;
    }
    std::cout << "F" << std::endl;
  }
  return 0;
}
