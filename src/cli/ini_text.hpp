#pragma once
// The INI text of config files, line by line, so that every error names FILE:LINE: `KEY = VALUE`
// lines, `[SECTION]` headers (blanks inside the brackets allowed), `#` comments anywhere on a line,
// blank lines. Values and keys are trimmed; nothing else is interpreted here.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::cli {

// A line that is not INI, or a section not in the list; what() is "FILE:LINE: …", one line.
class IniError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct IniEntry {
  std::string section;  // "" before the first header
  std::string key;
  std::string value;
  int line = 0;  // 1-based
};

// The entries of `text` in file order. `sections` are the headers allowed. Throws IniError.
std::vector<IniEntry> read_ini_text(std::string_view text, const std::string& file,
                                    const std::vector<std::string>& sections);

// `text` without the blanks around it, as keys and values are read.
std::string_view trimmed(std::string_view text);

// "FILE:LINE: what".
std::string ini_place(const std::string& file, int line, std::string_view what);

}  // namespace amazes::cli
