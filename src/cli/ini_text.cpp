// Config files' INI text, line by line.
#include "ini_text.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace amazes::cli {
std::string_view trimmed(std::string_view text) {
  constexpr std::string_view kBlank = " \t\r\v\f";
  const auto first = text.find_first_not_of(kBlank);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kBlank) - first + 1);
}

std::string ini_place(const std::string& file, int line, std::string_view what) {
  return fmt::format("{}:{}: {}", file, line, what);
}

std::vector<IniEntry> read_ini_text(std::string_view text, const std::string& file,
                                    const std::vector<std::string>& sections) {
  std::vector<IniEntry> entries;
  std::string section;
  int number = 0;
  while (!text.empty()) {
    ++number;
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    line = trimmed(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    const auto error = [&](std::string_view what) { return IniError(ini_place(file, number, what)); };
    if (line.front() == '[') {
      if (line.back() != ']') throw error(fmt::format("a section header ends with ']': '{}'", line));
      section = std::string(trimmed(line.substr(1, line.size() - 2)));
      if (std::find(sections.begin(), sections.end(), section) == sections.end()) {
        throw error(fmt::format("unknown section [{}] (there is: [{}])", section, fmt::join(sections, "], [")));
      }
      continue;
    }
    const auto equals = line.find('=');
    if (equals == std::string_view::npos) {
      throw error(fmt::format("expected KEY = VALUE or a [section], found '{}'", line));
    }
    IniEntry entry{section, std::string(trimmed(line.substr(0, equals))), std::string(trimmed(line.substr(equals + 1))),
                   number};
    if (entry.key.empty()) throw error(fmt::format("no key before '=': '{}'", line));
    entries.push_back(std::move(entry));
  }
  return entries;
}

}  // namespace amazes::cli
