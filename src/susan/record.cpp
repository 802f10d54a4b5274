// SPEL.IN's lines (docs/susan-rules.md §3).
#include "amazes/susan/record.hpp"

#include <charconv>

namespace amazes::susan {
namespace {

std::string_view trimmed(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return line;
}

}  // namespace

std::vector<std::string> record_lines(std::span<const Move> moves) {
  std::vector<std::string> lines{std::to_string(moves.size())};
  for (const Move& move : moves) lines.push_back(format_move(move));
  return lines;
}

std::optional<std::vector<Move>> parse_record(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view line = trimmed(text.substr(0, end));
    if (!line.empty()) lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  if (lines.empty()) return std::nullopt;
  std::size_t count = 0;
  const auto [next, error] = std::from_chars(lines[0].data(), lines[0].data() + lines[0].size(), count);
  if (error != std::errc() || next != lines[0].data() + lines[0].size() || count != lines.size() - 1) {
    return std::nullopt;
  }
  std::vector<Move> moves;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto move = parse_move(lines[i]);
    if (!move) return std::nullopt;
    moves.push_back(*move);
  }
  return moves;
}

}  // namespace amazes::susan
