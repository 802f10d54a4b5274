#pragma once
// caiaio's part in a referee's unit test: the answers it would give, in order (each `I listen`
// and `I request_time` takes the next), and every line the referee wrote.
#include <sstream>
#include <string>
#include <vector>

#include "amazes/referee/caia_channel.hpp"

namespace amazes::testing {

class ScriptedCaiaio {
 public:
  explicit ScriptedCaiaio(const std::vector<std::string>& answers) {
    std::string text;
    for (const auto& answer : answers) text += answer + "\n";
    in_.str(text);
  }

  referee::CaiaChannel& channel() { return channel_; }

  // The lines the referee wrote, without their '\n'.
  std::vector<std::string> written() const {
    std::vector<std::string> lines;
    std::istringstream text(out_.str());
    for (std::string line; std::getline(text, line);) lines.push_back(line);
    return lines;
  }

  // Whether every answer was read.
  bool all_read() { return in_.peek() == std::char_traits<char>::eof(); }

 private:
  std::istringstream in_;
  std::ostringstream out_;
  referee::CaiaChannel channel_{in_, out_};
};

}  // namespace amazes::testing
