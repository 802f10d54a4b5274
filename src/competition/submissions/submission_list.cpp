#include "submissions/submission_list.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

namespace amazes::competition {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxContestantNameBytes = 64;

bool contestant_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

std::string folded(std::string_view name) {
  std::string out(name);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Submission submission_of(const fs::path& path) {
  const std::string file = path.filename().string();
  // NAME.EXT: the last dot parts them, as the languages table's extensions are matched.
  const std::size_t dot = file.rfind('.');
  Submission s{path, file.substr(0, std::min(dot, file.size())), dot == std::string::npos ? "" : file.substr(dot + 1),
               shown_file_name(file), ""};
  std::error_code ec;
  // Never followed: a link in an unpacked archive may name any file the judge can read.
  if (!fs::is_regular_file(fs::symlink_status(path, ec))) {
    s.problem = "not a regular file (a link, a folder, a device or a FIFO): a submission is one file";
  } else if (dot == std::string::npos || dot == 0 || s.extension.empty()) {
    s.problem = "no extension, so no language: name it NAME.EXT";
  } else {
    s.problem = contestant_name_problem(s.name);
  }
  return s;
}

}  // namespace

std::string shown_file_name(std::string_view name) {
  std::string out;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f && c != '\\') {
      out += c;
    } else {
      out += fmt::format("\\x{:02x}", byte);
    }
  }
  return out;
}

std::string contestant_name_problem(std::string_view name) {
  const std::string shown = shown_file_name(name);
  if (name.size() > kMaxContestantNameBytes) {
    return fmt::format("'{}' is longer than {} bytes: a contestant's name is at most that", shown,
                       kMaxContestantNameBytes);
  }
  if (std::all_of(name.begin(), name.end(), contestant_name_char)) return "";
  return fmt::format("'{}' is not a contestant's name: only ASCII letters, digits, '-' and '_' (NAME.EXT)", shown);
}

std::vector<Submission> find_submissions(const std::vector<fs::path>& sources) {
  std::vector<Submission> found;
  for (const auto& source : sources) {
    std::error_code ec;
    if (fs::is_directory(source, ec)) {
      std::vector<fs::path> inside;
      for (const auto& entry : fs::directory_iterator(source, ec)) {
        if (!entry.path().filename().string().starts_with(".")) inside.push_back(entry.path());
      }
      std::sort(inside.begin(), inside.end());
      for (const auto& path : inside) found.push_back(submission_of(path));
    } else {
      found.push_back(submission_of(source));
    }
  }
  // Names equal but for case are one contestant's twice: a file system that folds case, a
  // page's link, a reader, would take one for the other. Which one is meant is not the judge's
  // to guess, so each is refused.
  std::map<std::string, int> count;
  for (const auto& s : found) {
    if (s.problem.empty()) ++count[folded(s.name)];
  }
  for (auto& s : found) {
    const int same = s.problem.empty() ? count[folded(s.name)] : 0;
    if (same > 1) {
      s.problem =
          fmt::format("{} submissions are named '{}' (letter case aside): one file per contestant", same, s.name);
    }
  }
  return found;
}

}  // namespace amazes::competition
