#pragma once
// Test helpers for files: read a whole file, list a directory, make a scratch directory.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

namespace amazes::testing {

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

// The regular files in a directory, sorted by name.
inline std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir, const std::string& extension) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == extension) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The match logs in `dir` (names ending in .json or .json.zst), sorted.
inline std::vector<std::filesystem::path> match_logs_in(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> logs;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const auto ends_with = [&](std::string_view end) {
      return name.size() > end.size() && name.compare(name.size() - end.size(), end.size(), end) == 0;
    };
    if (entry.is_regular_file() && name.front() != '.' && (ends_with(".json") || ends_with(".json.zst"))) {
      logs.push_back(entry.path());
    }
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

// A fresh empty directory under the system temp dir, removed when the object dies.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& tag) {
    path_ = std::filesystem::temp_directory_path() /
            ("amazes-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  static int& counter() {
    static int n = 0;
    return n;
  }
  std::filesystem::path path_;
};

// The rows of a CSV without quoted fields (the judge's standings), each split on commas; the
// header is the first row.
inline std::vector<std::vector<std::string>> csv_table(const std::string& csv) {
  std::vector<std::vector<std::string>> rows;
  std::size_t start = 0;
  while (start < csv.size()) {
    const std::size_t end = std::min(csv.find('\n', start), csv.size());
    std::vector<std::string> fields;
    std::size_t field = start;
    while (true) {
      const std::size_t comma = csv.find(',', field);
      if (comma == std::string::npos || comma > end) {
        fields.push_back(csv.substr(field, end - field));
        break;
      }
      fields.push_back(csv.substr(field, comma - field));
      field = comma + 1;
    }
    rows.push_back(std::move(fields));
    start = end + 1;
  }
  return rows;
}

inline std::filesystem::path source_dir() { return AMAZES_SOURCE_DIR; }
inline std::filesystem::path binary_dir() { return AMAZES_BINARY_DIR; }

}  // namespace amazes::testing
