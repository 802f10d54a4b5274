// The live status line and the per-game log lines.
#include "amazes/report/progress.hpp"

#include <cmath>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/competition/player_policy.hpp"
#include "amazes/game.hpp"

namespace amazes::report {
namespace {

std::string side_summary(const competition::MatchSide& side) {
  std::string text = fmt::format("{} {}", side.player, side.score);
  // A fault a referee reported may come without its turn.
  if (side.fault) {
    text += side.fault_turn ? fmt::format(" ({} turn {})", fault_name(*side.fault), *side.fault_turn)
                            : fmt::format(" ({})", fault_name(*side.fault));
  }
  if (side.exit == competition::kExcludedExit || side.exit == competition::kWithdrawnExit) {
    text += fmt::format(" ({}: forfeit)", side.exit);
  }
  return text;
}

}  // namespace

std::string format_duration(double seconds) {
  const auto total = static_cast<long long>(std::llround(std::max(seconds, 0.0)));
  const long long h = total / 3600;
  const long long m = total / 60 % 60;
  const long long s = total % 60;
  return h > 0 ? fmt::format("{}:{:02}:{:02}", h, m, s) : fmt::format("{}:{:02}", m, s);
}

Progress::Progress(std::FILE* terminal, bool live) : terminal_(terminal), live_(live) {}

void Progress::started(int total, int already_played, const std::vector<competition::MatchRow>& earlier) {
  total_ = total;
  done_ = already_played;
  done_at_start_ = already_played;
  began_ = std::chrono::steady_clock::now();
  for (const auto& row : earlier) {
    for (const auto& side : row.side) totals_[side.player] += side.score;
  }
  if (already_played > 0) spdlog::info("resuming: {} of {} games already played", already_played, total);
  redraw();
}

void Progress::committed(const competition::MatchRow& row, int done, int total) {
  done_ = done;
  total_ = total;
  for (const auto& side : row.side) totals_[side.player] += side.score;
  if (live_) {
    redraw();
  } else {
    spdlog::info("[{}/{}] {}: {} - {}", done, total, row.id, side_summary(row.side[0]), side_summary(row.side[1]));
  }
}

std::string Progress::status_line() const {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
  const int played_now = done_ - done_at_start_;
  const int width = static_cast<int>(std::to_string(total_).size());
  std::string line = fmt::format("[{:>{}}/{}]", done_, width, total_);
  if (played_now > 0 && elapsed > 0) {
    const double rate = played_now / elapsed;
    line += fmt::format("  {:.1f} games/s  ETA {}", rate, format_duration((total_ - done_) / rate));
  }
  const std::pair<const std::string, std::int64_t>* leader = nullptr;
  for (const auto& entry : totals_) {  // by name, so the first of equals leads
    if (leader == nullptr || entry.second > leader->second) leader = &entry;
  }
  if (leader != nullptr) line += fmt::format("  leader: {} {}", leader->first, leader->second);
  return line;
}

void Progress::clear() {
  if (live_ && shown_) {
    std::fputs("\r\033[K", terminal_);
    std::fflush(terminal_);
    shown_ = false;
  }
}

void Progress::redraw() {
  if (!live_) return;
  std::fputs(("\r\033[K" + status_line()).c_str(), terminal_);
  std::fflush(terminal_);
  shown_ = true;
}

void Progress::finish() {
  if (live_ && shown_) {
    std::fputs("\n", terminal_);
    std::fflush(terminal_);
    shown_ = false;
  }
}

}  // namespace amazes::report
