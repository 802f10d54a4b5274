#pragma once
// Plain-text tables with columns padded to their widest cell; numbers right-aligned.
#include <string>
#include <vector>

namespace amazes::report {

class TextTable {
 public:
  enum class Align { Left, Right };
  explicit TextTable(std::vector<std::string> header, std::vector<Align> align);
  void add_row(std::vector<std::string> cells);
  // Lines ended by '\n', two spaces between columns, no trailing spaces.
  std::string render() const;

 private:
  std::vector<std::string> header_;
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace amazes::report
