// The lines of Caia's protocol on the referee's side (docs/referees.md §1), as caiaio's
// mainloop.cc reads and writes them: one command per line, the first word says to whom.
#include "amazes/referee/caia_channel.hpp"

#include <algorithm>
#include <charconv>
#include <istream>
#include <ostream>

namespace amazes::referee {
namespace {

constexpr std::string_view kTimeout = "<caiaio:_player_timeout>";
constexpr std::string_view kStopped = "<caiaio:_player_stopped>";
constexpr std::string_view kEmptyLine = "<caiaio:_player_sends_'\\n'>";
constexpr std::string_view kNoOutputFile = "<caiaio:_player_no_output_file>";
constexpr std::string_view kCrashedPrefix = "<caiaio:_player_crashed:_";

// `-`, or `illegal@3`.
std::string fault_text(const std::optional<JudgedFault>& fault) {
  if (!fault) return "-";
  return std::string(fault_name(fault->kind)) + "@" + std::to_string(fault->move);
}

// The words after the message, each with its blank before it.
std::string extension_words(const ReportExtension& extension) {
  std::string words;
  for (const ReportExtension::Value& value : extension.values) {
    words += " " + value.name + "=" + std::to_string(value.of_player[0]) + "," + std::to_string(value.of_player[1]);
  }
  if (extension.faults[0] || extension.faults[1]) {
    words += " fault=" + fault_text(extension.faults[0]) + "," + fault_text(extension.faults[1]);
  }
  return words;
}

}  // namespace

CaiaReply parse_caia_reply(std::string_view line) {
  using Kind = CaiaReply::Kind;
  if (line == kTimeout) return {Kind::Timeout, {}};
  if (line == kStopped) return {Kind::Stopped, {}};
  if (line == kEmptyLine) return {Kind::EmptyLine, {}};
  if (line == kNoOutputFile) return {Kind::NoOutputFile, {}};
  if (line.substr(0, kCrashedPrefix.size()) == kCrashedPrefix && line.back() == '>') {
    return {Kind::Crashed, std::string(line.substr(kCrashedPrefix.size(), line.size() - kCrashedPrefix.size() - 1))};
  }
  return {Kind::Line, std::string(line)};
}

void CaiaChannel::write(std::string_view line) {
  // caiaio waits for each line: flush at once.
  out_ << line << '\n' << std::flush;
}

std::string CaiaChannel::read() {
  std::string line;
  if (!std::getline(in_, line)) throw CaiaClosed("caiaio closed the referee's input");
  return line;
}

void CaiaChannel::send(int player, std::string_view text) {
  if (text.find('\n') != std::string_view::npos) throw std::invalid_argument("a line for a player holds a line break");
  write(std::to_string(player) + " " + std::string(text));
}

CaiaReply CaiaChannel::listen(int player) {
  write("I listen " + std::to_string(player));
  return parse_caia_reply(read());
}

std::optional<int> CaiaChannel::request_time(int player) {
  write("I request_time " + std::to_string(player));
  const std::string answer = read();
  constexpr std::string_view kTime = "time ";
  if (answer.rfind(kTime, 0) != 0) return std::nullopt;
  int ms = 0;
  const char* begin = answer.data() + kTime.size();
  const char* end = answer.data() + answer.size();
  const auto [next, error] = std::from_chars(begin, end, ms);
  if (error != std::errc() || next == begin) return std::nullopt;
  return ms;
}

void CaiaChannel::report(int score1, int score2, std::string_view message, const ReportExtension& extension) {
  std::string word(message.empty() ? "-" : message);
  std::replace_if(
      word.begin(), word.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n'; }, '_');
  write("M report " + std::to_string(score1) + " " + std::to_string(score2) + " " + word + extension_words(extension));
}

}  // namespace amazes::referee
