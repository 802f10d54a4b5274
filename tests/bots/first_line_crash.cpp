// A bot of any game with a line protocol (More under its referee, say): reads its first line,
// then dies of SIGSEGV without answering.
#include <csignal>
#include <iostream>
#include <string>

int main() {
  std::string line;
  std::getline(std::cin, line);
  std::signal(SIGSEGV, SIG_DFL);
  std::raise(SIGSEGV);
  return 0;
}
