// Ignores SIGTERM, SIGINT and SIGHUP; plays correctly for argv[1] turns (default 150), then
// does not exit: it keeps running (also after end of input or "Quit") until it is killed.
#include <csignal>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  std::signal(SIGTERM, SIG_IGN);
  std::signal(SIGINT, SIG_IGN);
  std::signal(SIGHUP, SIG_IGN);
  const int turns = bot::arg_int(argc, argv, 1, 150);
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) bot::answer(bot::move_for(lines));
  bot::sleep_forever();
}
