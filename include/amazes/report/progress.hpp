#pragma once
// Tournament progress on stderr: on a terminal one status line redrawn after every game
// (games done/total, games per second, ETA, current leader); otherwise one log line per game
// through spdlog (so -q silences it and a log file stays readable).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

#include "amazes/competition/match_row.hpp"

namespace amazes::report {

class Progress {
 public:
  // `live`: redraw a status line on `terminal` (stderr when it is a terminal).
  Progress(std::FILE* terminal, bool live);

  // `earlier` are the games already in the store, counted for the leader.
  void started(int total, int already_played, const std::vector<competition::MatchRow>& earlier);
  void committed(const competition::MatchRow& row, int done, int total);
  // Removes the status line before something else is printed, and draws it again after.
  void clear();
  void redraw();
  void finish();

  // The status line itself, e.g. "[ 37/120]  4.2 games/s  ETA 0:20  leader: explorer 1234".
  std::string status_line() const;

 private:
  std::FILE* terminal_;
  bool live_;
  bool shown_ = false;
  int total_ = 0;
  int done_ = 0;
  int done_at_start_ = 0;
  std::chrono::steady_clock::time_point began_;
  std::map<std::string, std::int64_t> totals_;
};

// "1:05:03", "4:07" (hours only when needed).
std::string format_duration(double seconds);

}  // namespace amazes::report
