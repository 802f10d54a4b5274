// Plays correctly and writes, every turn, the marker argv[1] (default "MARKER") on stderr in a
// line that also holds HTML ("<b>&amp;</b>"): a test finds where the judge shows this bot's
// stderr, and that it is shown as text.
#include <string>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const std::string marker = bot::arg_str(argc, argv, 1, "MARKER");
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    bot::write_all(2, marker + " turn " + std::to_string(turn) + " <b>&amp;</b>\n");
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
