#include "match/referee_lines.hpp"

#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "amazes/printable.hpp"

namespace amazes::arbiter {

namespace {

// A referee's line quoted in a message: escaped, and cut where it would no longer fit on a line.
constexpr std::size_t kQuotedMax = 80;

std::string quoted(std::string_view line) {
  std::string text = printable(line.substr(0, kQuotedMax));
  if (line.size() > kQuotedMax) text += "...";
  return "\"" + text + "\"";
}

bool blank(char c) { return c == ' ' || c == '\t'; }

// The words of `text`, split at runs of blanks.
std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && blank(text[at])) ++at;
    std::size_t end = at;
    while (end < text.size() && !blank(text[end])) ++end;
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end;
  }
  return words;
}

std::optional<int> whole_number(std::string_view word) {
  int value = 0;
  const char* begin = word.data();
  if (!word.empty() && word[0] == '+') ++begin;
  const auto [end, error] = std::from_chars(begin, word.data() + word.size(), value);
  if (word.empty() || begin == word.data() + word.size() || error != std::errc{} || end != word.data() + word.size()) {
    return std::nullopt;
  }
  return value;
}

std::string unknown(std::string_view line) { return "wrote a line caiaio does not know: " + quoted(line); }

// `I listen N`, `I request_time N`, `I lock`, `I unlock`.
std::variant<RefereeRequest, std::string> parse_caiaio_line(std::string_view line, std::string_view rest, int players) {
  const std::vector<std::string_view> words = words_of(rest);
  RefereeRequest request;
  if (words.size() == 1 && words[0] == "lock") return RefereeRequest{RefereeRequest::Kind::Lock, 0, {}};
  if (words.size() == 1 && words[0] == "unlock") return RefereeRequest{RefereeRequest::Kind::Unlock, 0, {}};
  if (words.empty() || (words[0] != "listen" && words[0] != "request_time")) return unknown(line);
  request.kind = words[0] == "listen" ? RefereeRequest::Kind::Listen : RefereeRequest::Kind::RequestTime;
  const std::optional<int> player = words.size() == 2 ? whole_number(words[1]) : std::nullopt;
  if (!player) return fmt::format("wrote a malformed line: {} (caiaio takes `I {} N`)", quoted(line), words[0]);
  if (*player < 1 || *player > players) {
    return fmt::format("names player {}, but the game has {}: {}", *player, players, quoted(line));
  }
  request.player = *player;
  return request;
}

}  // namespace

std::variant<RefereeRequest, std::string> parse_referee_line(std::string_view line, int players) {
  std::size_t end = 0;
  while (end < line.size() && !blank(line[end])) ++end;
  const std::string_view first = line.substr(0, end);
  // caiaio hands on what follows the first word and one blank.
  const std::string_view rest = end < line.size() ? line.substr(end + 1) : std::string_view();
  if (first == "I") return parse_caiaio_line(line, rest, players);
  if (first == "M") return RefereeRequest{RefereeRequest::Kind::ToManager, 0, std::string(rest)};
  if (first.empty() || first.find_first_not_of("0123456789") != std::string_view::npos) return unknown(line);
  const std::optional<int> player = whole_number(first);
  // caiaio compares the word with "1", "2", …: "01" is no player of its.
  if (player && *player >= 1 && *player <= players && std::to_string(*player) == first) {
    return RefereeRequest{RefereeRequest::Kind::ToPlayer, *player, std::string(rest)};
  }
  if (!player || std::to_string(*player) != first) return unknown(line);
  return fmt::format("names player {}, but the game has {}: {}", *player, players, quoted(line));
}

std::optional<std::variant<RefereeReport, std::string>> parse_report(std::string_view text, const ScoreRange& range) {
  const std::vector<std::string_view> words = words_of(text);
  if (words.empty() || words[0] != "report") return std::nullopt;
  if (words.size() < 3) {
    return fmt::format("reported no two scores: {} (a report is `M report S1 S2 MESSAGE`)", quoted(text));
  }
  RefereeReport report;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::optional<int> score = whole_number(words[i + 1]);
    if (!score) {
      return fmt::format("reported {} for player {}, not a whole number: {}", quoted(words[i + 1]), i + 1,
                         quoted(text));
    }
    if (*score < range.min || *score > range.max) {
      return fmt::format("reported score {} for player {}, outside {}..{}", *score, i + 1, range.min, range.max);
    }
    report.scores[i] = *score;
  }
  const auto message_at = static_cast<std::size_t>(words[2].data() - text.data()) + words[2].size();
  std::string_view message = text.substr(message_at);
  while (!message.empty() && blank(message.front())) message.remove_prefix(1);
  report.message = std::string(message);
  return report;
}

}  // namespace amazes::arbiter
