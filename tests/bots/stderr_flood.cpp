// Plays correctly; at turn K (argv[1], default 1) first writes argv[2] (default 10,000,000)
// bytes to stderr in blocking writes, then answers and goes on playing. The bytes are 'e's, or
// line ends with argv[3] = "newlines" (each an empty line for whoever shows stderr by lines).
#include <algorithm>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const long total = std::atol(bot::arg_str(argc, argv, 2, "10000000").c_str());
  std::vector<std::string> lines;
  const std::string block(65536, bot::arg_str(argc, argv, 3, "") == "newlines" ? '\n' : 'e');
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) {
      for (long left = total; left > 0; left -= static_cast<long>(block.size())) {
        bot::write_all(2, std::string_view(block).substr(
                              0, static_cast<std::size_t>(std::min<long>(left, static_cast<long>(block.size())))));
      }
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
