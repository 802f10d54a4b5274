#pragma once
// From a folder of submitted source files to the bots of a contest (`amazes compile`): each
// file, one contestant NAME.EXT, is compiled in the sandbox by the row of the languages table its
// extension names (arbiter/sandboxed_compile.hpp), then admitted by test games against a
// reference bot under the contest's settings, as the seeds' organisers did: "if it works with the
// competition software it is admitted; if not, you are told". The verdicts, the bots and the
// [players] section of the admitted ones go into one output folder (docs/contests.md).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/arbiter/match_settings.hpp"
#include "amazes/arbiter/sandboxed_compile.hpp"

namespace amazes::competition {

// One row of the languages table (config/languages.ini).
struct Language {
  std::string name;                     // "c++"
  std::vector<std::string> extensions;  // without the dot: "cpp", "cc"
  std::string compile;                  // empty: the source is the bot as it is
  std::string run;
  std::vector<std::string> toolchain;  // absolute paths
};

// What the placeholders of a row stand for.
struct LanguageWords {
  std::string source;  // {source}: the source's copy in the build folder
  std::string build;   // {build}
  std::string name;    // {name}: the contestant
  std::string file;    // {file}: NAME.EXT
  std::string bot;     // {bot}: the compiled bot's folder
};
// `text` with every {word} replaced; nothing when it holds a placeholder not in the list or an
// unclosed brace, and then `unknown` names it.
std::optional<std::string> fill_language_words(std::string_view text, const LanguageWords& words,
                                               std::string* unknown = nullptr);
// The row that owns `extension` (without the dot, any case), or nothing.
const Language* language_for(const std::vector<Language>& languages, std::string_view extension);

// The seed's limit on a submission: "at most 1,474,560 bytes" (a 1.44 MB floppy disk).
inline constexpr std::uint64_t kDefaultMaxSourceBytes = 1474560;

struct SubmissionSettings {
  std::filesystem::path out;  // DIR: the bots, players.ini, report.txt, report.csv
  std::vector<Language> languages;
  std::uint64_t max_source_bytes = kDefaultMaxSourceBytes;
  arbiter::CompileLimits limits;
  // The contest's match settings: the sandbox of every compile and of every admission game.
  arbiter::MatchSettings match;
  // The admission games' opponent (a command), their number (colours alternate) and their seed.
  std::string reference;
  int admission_games = 2;
  std::uint64_t seed = 1;
  int maze_size = 25;
  int jobs = 1;  // submissions handled at once
  // Why a bot faulted in a test game, as `amazes match` says it: one line, and the lines under it
  // (how it ended, its stderr). The report layer's words (report/fault_reason.hpp).
  std::function<std::pair<std::string, std::string>(const arbiter::MatchRecord&, Color)> explain_fault;
};

enum class SubmissionStatus : std::uint8_t {
  Admitted,     // compiled, and played its test games without a fault
  NotAdmitted,  // compiled, but faulted in a test game
  Rejected,     // not compiled: no language, over the size limit, a compile error or limit
};
std::string_view submission_status_name(SubmissionStatus status);  // "admitted", "not admitted", "rejected"

struct SubmissionVerdict {
  std::string name;      // the contestant
  std::string file;      // the file as submitted
  std::string language;  // the row's name, or "" when none
  SubmissionStatus status = SubmissionStatus::Rejected;
  std::string reason;            // one line: why not admitted or rejected; empty when admitted
  std::string details;           // the compiler's first lines, or the faulting game's stderr (several lines)
  std::string run;               // the bot's command (compiled ones)
  bool unchanged = false;        // the same source and row as the last run: its bot and verdict kept
  double compile_seconds = 0.0;  // CPU time of the compile, all its processes
  double compile_wall_seconds = 0.0;
  std::string sandbox;  // what the compile ran under
};

// "bot.c   c   admitted", "x.py   python   rejected: not compiled (exit 1): …": one line.
std::string submission_line(const SubmissionVerdict& verdict);

// Handles every source (files; a folder stands for the files in it), `settings.jobs` at a time,
// telling `done` as each one is decided (from the calling thread). A changed source replaces its
// bot; an unchanged one keeps its bot and verdict. Writes the report and players.ini at the end.
// Throws std::runtime_error (one line) for what stops it all: an unusable output folder, the
// reference bot failing.
std::vector<SubmissionVerdict> handle_submissions(const std::vector<std::filesystem::path>& sources,
                                                  const SubmissionSettings& settings,
                                                  const std::function<void(const SubmissionVerdict&)>& done);

}  // namespace amazes::competition
