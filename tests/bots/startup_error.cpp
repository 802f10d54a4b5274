// A runtime that fails to start, as a JVM does: before reading anything it writes its error on
// stdout, several lines, and exits 1. The judge takes the first line for the move; the rest
// must reach the bot's author.
#include <cstdio>

int main() {
  std::fputs("Error occurred during initialization of VM\n", stdout);
  std::fputs("Could not allocate compressed class space: 1073741824 bytes\n", stdout);
  std::fflush(stdout);
  return 1;
}
