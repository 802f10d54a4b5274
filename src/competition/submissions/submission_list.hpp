#pragma once
// Which files are submissions, and whose: NAME.EXT is contestant NAME's source in the language
// that owns EXT. A contestant's name becomes a folder of the judge's, a key in players.ini and a
// word on every page and terminal that shows results, so it is what is safe in all of them:
// ASCII letters, digits, '-' and '_', at most 64 bytes. Anything else is refused with its reason
// (and shown escaped), never changed into another name; names equal but for case are one name.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::competition {

struct Submission {
  std::filesystem::path path;
  std::string name;       // NAME of NAME.EXT, as it is (valid only when `problem` is empty)
  std::string extension;  // EXT, without the dot
  std::string shown;      // the file's name safe to print: every byte but printable ASCII as \xNN
  std::string problem;    // why it is refused before anything runs, its words safe to print
};

// Why `name` cannot be a contestant's, safe to print; "" when it can.
std::string contestant_name_problem(std::string_view name);

// A file's name safe to print on a terminal and in a report: printable ASCII as it is, a
// backslash and every other byte as \xNN (escape codes, line breaks, look-alike letters).
std::string shown_file_name(std::string_view name);

// The submissions among `sources` (files; a folder stands for the files in it that do not start
// with '.'), in order, each with the problem that refuses it before its compile.
std::vector<Submission> find_submissions(const std::vector<std::filesystem::path>& sources);

}  // namespace amazes::competition
