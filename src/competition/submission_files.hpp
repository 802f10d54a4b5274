#pragma once
// Where `amazes compile` keeps things in its output folder DIR: each admitted or not-admitted
// bot in DIR/NAME/ (a folder the players' sandbox shows that bot alone), and in DIR/.compile/
// (never shown to a bot or a compile) each submission's last source and verdict (DIR/.compile/NAME/,
// mode 0700), so that an unchanged one keeps its bot and a changed one replaces it, and the build
// folders while a compile runs (each its UID's alone).
#include <filesystem>
#include <optional>
#include <string>

#include "amazes/competition/submissions.hpp"

namespace amazes::competition {

struct SubmissionRecord {
  std::string row;            // the language row's commands it was built with
  std::string admission_key;  // the settings it was admitted under
  SubmissionVerdict verdict;
};

class SubmissionFiles {
 public:
  // Makes DIR and DIR/.compile when missing. Throws std::runtime_error (one line).
  explicit SubmissionFiles(std::filesystem::path out);

  std::filesystem::path bot(const std::string& name) const { return out_ / name; }
  std::filesystem::path build(const std::string& name) const { return state_ / ("build-" + name); }
  std::filesystem::path built(const std::string& name) const { return state_ / ("built-" + name); }

  // The record of `name`'s last run, when its source then had exactly these bytes.
  std::optional<SubmissionRecord> unchanged(const std::string& name, const std::string& source) const;
  void remember(const std::string& name, const std::string& source, const SubmissionRecord& record) const;
  // What was built (built(name)) becomes its bot, in one rename; the old bot goes.
  void install(const std::string& name) const;
  // It has no bot any more (rejected now).
  void remove_bot(const std::string& name) const;
  // What an earlier run left of build folders (a judge killed during a compile).
  void clear_leftovers() const;

 private:
  std::filesystem::path out_;
  std::filesystem::path state_;
};

}  // namespace amazes::competition
