#include "match/referee_lines.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/printable.hpp"

namespace amazes::arbiter {

namespace {

// A referee's line quoted in a message: escaped, and cut where it would no longer fit on a line.
constexpr std::size_t kRefereeLineQuoted = 80;

std::string quoted(std::string_view line) { return quoted_printable(line, kRefereeLineQuoted); }

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

template <typename Number = int>
std::optional<Number> whole_number(std::string_view word) {
  Number value = 0;
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

namespace {

// A report's words: `report`, S1, S2, then MESSAGE's first word.
constexpr std::size_t kMessageWord = 3;

// `NAME=…`: a word of the extension, well formed or not.
bool extension_word(std::string_view word) {
  const std::size_t equals = word.find('=');
  return equals != std::string_view::npos && is_value_name(word.substr(0, equals));
}

// Where the extension begins: the run of `NAME=…` words at the end of the line, after MESSAGE's
// first word. Caia's manager reads that one word; a referee written for Caia may have written
// more, which stay MESSAGE unless they end in such words.
std::size_t extension_start(const std::vector<std::string_view>& words) {
  std::size_t start = words.size();
  while (start > kMessageWord + 1 && extension_word(words[start - 1])) --start;
  return start;
}

// `A,B` as its two parts; nothing without exactly one comma.
std::optional<std::array<std::string_view, 2>> pair_of(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos || text.find(',', comma + 1) != std::string_view::npos) return std::nullopt;
  return std::array<std::string_view, 2>{text.substr(0, comma), text.substr(comma + 1)};
}

// One player's part of `fault=F1,F2`: `-` (none), or a fault's name with perhaps `@MOVE`.
// False when it is neither.
bool read_fault(std::string_view part, std::optional<RefereeFault>& fault) {
  if (part == "-") return true;
  const std::size_t at = part.find('@');
  const std::optional<FaultKind> kind = fault_from_name(part.substr(0, at));
  if (!kind) return false;
  fault = RefereeFault{*kind, std::nullopt};
  if (at == std::string_view::npos) return true;
  fault->move = whole_number(part.substr(at + 1));
  return fault->move && *fault->move >= 1;
}

// One word of the extension, `fault=F1,F2` or `NAME=V1,V2`, into `report`; what is wrong with it
// otherwise.
std::optional<std::string> take_extension_word(std::string_view word, std::string_view text, RefereeReport& report) {
  const std::size_t equals = word.find('=');
  const std::string_view name = word.substr(0, equals);
  const std::optional<std::array<std::string_view, 2>> parts = pair_of(word.substr(equals + 1));
  if (name == "fault") {
    if (parts && read_fault((*parts)[0], report.faults[0]) && read_fault((*parts)[1], report.faults[1])) {
      return std::nullopt;
    }
    return fmt::format(
        "reported {}, not fault=F1,F2 (each `-` or a fault: crash, timeout, illegal, too_long, unsolicited or "
        "no_output, "
        "perhaps with @MOVE): {}",
        quoted(word), quoted(text));
  }
  const auto first = parts ? whole_number<std::int64_t>((*parts)[0]) : std::nullopt;
  const auto second = parts ? whole_number<std::int64_t>((*parts)[1]) : std::nullopt;
  if (!first || !second) {
    return fmt::format("reported {}, not NAME=V1,V2 (player 1's and player 2's, whole numbers): {}", quoted(word),
                       quoted(text));
  }
  report.values[std::string(name)] = {*first, *second};
  return std::nullopt;
}

// The extension's words into `report`: each name once.
std::optional<std::string> take_extension(std::span<const std::string_view> words, std::string_view text,
                                          RefereeReport& report) {
  std::set<std::string_view> names;
  for (const std::string_view word : words) {
    const std::string_view name = word.substr(0, word.find('='));
    if (!names.insert(name).second) return fmt::format("reported {} twice: {}", quoted(name), quoted(text));
    if (auto problem = take_extension_word(word, text, report)) return problem;
  }
  return std::nullopt;
}

}  // namespace

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
  const std::size_t extension = extension_start(words);
  if (auto problem = take_extension(std::span(words).subspan(extension), text, report)) return *problem;
  const auto offset = [&](std::string_view word) { return static_cast<std::size_t>(word.data() - text.data()); };
  const std::size_t message_at = offset(words[2]) + words[2].size();  // after the second score
  // Without an extension MESSAGE is the rest of the line, as before there was one.
  const std::size_t message_end =
      extension < words.size() ? offset(words[extension - 1]) + words[extension - 1].size() : text.size();
  std::string_view message = text.substr(message_at, message_end - message_at);
  while (!message.empty() && blank(message.front())) message.remove_prefix(1);
  report.message = std::string(message);
  return report;
}

}  // namespace amazes::arbiter
