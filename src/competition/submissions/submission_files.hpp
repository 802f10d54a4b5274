#pragma once
// Where `amazes compile` keeps things in its output folder DIR. The judge's own files (the
// report, players.ini, contest.ini) stand in DIR; each contestant's things stand in folders of
// the judge's, one per kind, under the contestant's name: its bot in DIR/bots/NAME/ (a folder
// the players' sandbox shows that bot alone), and in DIR/.compile/ (never shown to a bot or a
// compile) its last source and verdict (records/NAME/, mode 0700, so that an unchanged one
// keeps its bot and a changed one replaces it), its build folder while it compiles (build/NAME/,
// its UID's alone) and what that built until it is installed (built/NAME/). A name is letters,
// digits, '-' and '_' (submission_list.hpp), so no contestant's name is another's path or a
// file of the judge's.
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
  // Makes DIR and its folders when missing. Throws std::runtime_error (one line).
  explicit SubmissionFiles(std::filesystem::path out);

  std::filesystem::path bot(const std::string& name) const { return out_ / "bots" / name; }
  std::filesystem::path build(const std::string& name) const { return state_ / "build" / name; }
  std::filesystem::path built(const std::string& name) const { return state_ / "built" / name; }

  // The record of `name`'s last run, when its source then had exactly these bytes.
  std::optional<SubmissionRecord> unchanged(const std::string& name, const std::string& source) const;
  void remember(const std::string& name, const std::string& source, const SubmissionRecord& record) const;
  // What was built (built(name)) becomes its bot, in one rename; the old bot goes.
  void install(const std::string& name) const;
  // It has no bot any more (rejected now).
  void remove_bot(const std::string& name) const;
  // What an earlier run left of build folders (a judge killed during a compile).
  void clear_leftovers() const;
  // Whether the judge can still write its output folder and its own folders: when it cannot,
  // a submission's failure is the judge's trouble, not the submission's.
  bool writable() const;

 private:
  std::filesystem::path record_folder(const std::string& name) const { return state_ / "records" / name; }

  std::filesystem::path out_;
  std::filesystem::path state_;
};

}  // namespace amazes::competition
