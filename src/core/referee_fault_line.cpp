#include "amazes/referee_fault_line.hpp"

#include <algorithm>

namespace amazes {

namespace {

constexpr std::string_view kWord = "fault ";

std::string one_line(std::string_view text) {
  std::string line(text);
  std::replace_if(
      line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return line;
}

}  // namespace

std::string referee_fault_line(int player, std::string_view kind, std::string_view reason) {
  return std::string(kWord) + std::to_string(player) + " " + one_line(kind) + ": " + one_line(reason);
}

std::optional<RefereeFaultLine> parse_referee_fault_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.substr(0, kWord.size()) != kWord) return std::nullopt;
  line.remove_prefix(kWord.size());
  if (line.size() < 3 || (line[0] != '1' && line[0] != '2') || line[1] != ' ') return std::nullopt;
  return RefereeFaultLine{line[0] - '0', std::string(line.substr(2))};
}

}  // namespace amazes
