// The "R,C,D" text of a start (maze files, --red-start/--blue-start).
#include <charconv>

#include "amazes/starts.hpp"

namespace amazes {

std::string format_start(const Start& start) {
  return std::to_string(start.square.row + 1) + "," + std::to_string(start.square.col + 1) + "," +
         to_char(start.facing);
}

std::optional<Start> parse_start(std::string_view text) {
  // Three fields separated by one ',' and/or spaces: row, column, orientation.
  std::string_view fields[3];
  int count = 0;
  std::size_t i = 0;
  const auto is_blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (i < text.size()) {
    int commas = 0;
    while (i < text.size() && (is_blank(text[i]) || text[i] == ',')) commas += text[i++] == ',' ? 1 : 0;
    if (i == text.size()) {
      if (commas > 0) return std::nullopt;  // a trailing comma
      break;
    }
    // Before the first field no comma; between fields at most one.
    if (commas > (count == 0 ? 0 : 1) || count == 3) return std::nullopt;
    const std::size_t begin = i;
    while (i < text.size() && !is_blank(text[i]) && text[i] != ',') ++i;
    fields[count++] = text.substr(begin, i - begin);
  }
  if (count != 3) return std::nullopt;
  int row = 0;
  int col = 0;
  for (auto [field, value] : {std::pair{fields[0], &row}, std::pair{fields[1], &col}}) {
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), *value);
    if (error != std::errc{} || end != field.data() + field.size()) return std::nullopt;
  }
  if (fields[2].size() != 1) return std::nullopt;
  const auto facing = direction_from_char(fields[2][0]);
  if (!facing) return std::nullopt;
  return Start{{row - 1, col - 1}, *facing};
}

}  // namespace amazes
