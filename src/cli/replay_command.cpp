// amazes replay: a match log as a self-contained HTML page that plays the match back, or the
// pages of every log of a competition output directory.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <vector>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/output_checks.hpp"
#include "amazes/competition/output_lock.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/report/replay_page.hpp"
#include "amazes/report/standings_files.hpp"
#include "command.hpp"
#include "logging.hpp"

namespace amazes::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kReplayUsage =
    "amazes replay LOG.json [-o FILE.html]\n"
    "       amazes replay DIR\n\n"
    "Writes one HTML file (default: the log's path with .json or .json.zst replaced by .html) that plays\n"
    "the match back in any browser, from file:// and without network: the maze, both players' moves, and\n"
    "what each knew after every turn as the judge kept it. Open it at a turn with #turn=N. A log the rules engine\n"
    "disagrees with is refused. DIR, a tournament or versus output directory, gets the replay of every\n"
    "log in DIR/matches/ and, for a tournament, standings that link to them.";

// The logs of a competition output directory, in name order.
std::vector<fs::path> logs_in(const fs::path& dir) {
  const fs::path matches = dir / "matches";
  std::error_code error;
  if (!fs::is_directory(matches, error)) {
    throw std::runtime_error(
        fmt::format("{}: no matches/ directory: not a tournament or versus output directory", dir.string()));
  }
  std::vector<fs::path> logs;
  for (const auto& entry : fs::directory_iterator(matches)) {
    // Dot files are temporaries of atomic writes.
    const auto name = entry.path().filename().string();
    if (entry.is_regular_file() && arbiter::is_log_file_name(name) && name.front() != '.') logs.push_back(entry.path());
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

// A tournament's standings link each game to its replay once it exists: rewritten here, as
// `amazes standings DIR` does, unless a tournament is running there (its next standings will
// link them).
void relink_standings(const fs::path& dir) {
  const auto store_file = competition::store_path(dir);
  if (!competition::ResultsStore::exists(store_file)) return;
  const auto store = competition::ResultsStore::open(store_file, competition::ResultsStore::Access::ReadOnly);
  if (store.competition().kind != competition::CompetitionKind::Tournament) return;
  const auto lock = competition::OutputLock::try_acquire(dir);
  if (!lock) {
    spdlog::info("{}: a tournament is running there; its next standings will link the replays", dir.string());
    return;
  }
  competition::remove_leftover_temporaries(dir);
  competition::check_stored_logs(store, dir);
  report::rebuild_standings(dir);
  spdlog::info("{}: standings rewritten with links to the replays", dir.string());
}

int replay_directory(const fs::path& dir) {
  const auto logs = logs_in(dir);
  int failed = 0;
  int refereed = 0;
  for (const auto& log : logs) {
    try {
      report::write_replay(log, report::replay_path_for(log));
    } catch (const report::NoReplayPage&) {
      ++refereed;  // a referee game's: not a bad log, and `log show` prints it
    } catch (const std::exception& e) {
      // One bad log does not keep the others from their replays; the exit status tells.
      std::cerr << "amazes replay: " << e.what() << "\n";
      ++failed;
    }
  }
  const std::size_t written = logs.size() - static_cast<std::size_t>(failed + refereed);
  std::cout << fmt::format("{} replay{} written in {}", written, written == 1 ? "" : "s", (dir / "matches").string());
  if (refereed > 0) {
    std::cout << fmt::format(", {} referee game{} without a replay page (amazes log show prints {})", refereed,
                             refereed == 1 ? "" : "s", refereed == 1 ? "it" : "them");
  }
  if (failed > 0) std::cout << fmt::format(", {} log{} refused", failed, failed == 1 ? "" : "s");
  std::cout << "\n";
  relink_standings(dir);
  return failed > 0 ? kExitFailure : kExitOk;
}

}  // namespace

int replay_command(const Args& args) {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
    ("out,o", po::value<std::string>()->value_name("FILE.html"), "where to write the page (one log only)")
    ("path", po::value<std::string>(), "match log, or competition output directory");
  // clang-format on
  add_logging_options(options);
  po::positional_options_description positionals;
  positionals.add("path", 1);
  const auto values = parse_options(kReplayUsage, options, positionals, args);
  if (!values) return kExitOk;
  configure_logging(*values);
  if (values->count("path") == 0U) throw UsageError("no match log or directory given");
  const fs::path path = (*values)["path"].as<std::string>();

  if (fs::is_directory(path)) {
    if (values->count("out") != 0U) throw UsageError("-o is for one log; a directory's replays go beside its logs");
    return replay_directory(path);
  }
  const fs::path html =
      values->count("out") != 0U ? fs::path((*values)["out"].as<std::string>()) : report::replay_path_for(path);
  std::error_code error;
  if (fs::equivalent(path, html, error)) throw UsageError(fmt::format("-o {}: that is the log itself", html.string()));
  report::write_replay(path, html);
  std::cout << html.string() << "\n";
  return kExitOk;
}

}  // namespace amazes::cli
