// From a match record to a results-store row.
#include "amazes/competition/match_row.hpp"

#include <chrono>
#include <ctime>

#include "amazes/arbiter/game_setup.hpp"

#include <fmt/format.h>

namespace amazes::competition {

std::string match_log_path(const std::string& id, arbiter::LogFormat format) {
  return "matches/" + id + arbiter::log_file_suffix(format);
}

void write_game_log(const std::filesystem::path& out_dir, const std::string& log, const arbiter::MatchRecord& record) {
  const std::filesystem::path path = out_dir / log;
  arbiter::write_match_log(path, record);
  const arbiter::LogFormat other =
      arbiter::log_format_of(path) == arbiter::LogFormat::Zst ? arbiter::LogFormat::Json : arbiter::LogFormat::Zst;
  std::filesystem::remove(out_dir / match_log_path(arbiter::without_log_suffix(path.filename().string()), other));
}

MatchRow match_row(const arbiter::MatchRecord& record, int round, const std::string& maze_name, double duration_ms,
                   std::string played_at, arbiter::LogFormat log_format) {
  MatchRow row;
  row.id = record.id;
  row.round = round;
  row.maze = maze_name;
  // A game played on no maze has no starts.
  const arbiter::AmazesBoard* board = record.board();
  const std::array<Start, 2> starts =
      board == nullptr ? std::array<Start, 2>{} : std::array<Start, 2>{board->starts.red, board->starts.blue};
  for (int c = 0; c < 2; ++c) {
    const auto& outcome = record.outcome[static_cast<std::size_t>(c)];
    auto& side = row.side[static_cast<std::size_t>(c)];
    side.player = record.players[static_cast<std::size_t>(c)].name;
    side.start = starts[static_cast<std::size_t>(c)];
    side.points = outcome.points;
    side.score = outcome.score;
    side.fault = outcome.fault;
    side.fault_turn = outcome.fault_turn;
    side.time_ms = outcome.time_ms;
    side.exit = outcome.exit;
    side.values = outcome.values;
  }
  row.seed = record.seed;
  row.end = record.end;
  // A referee game's moves are its referee's to count: its row counts no turns.
  const arbiter::AmazesRecord* played = record.amazes();
  row.turns = played != nullptr ? static_cast<int>(played->turns.size()) : 0;
  row.duration_ms = duration_ms;
  row.log = match_log_path(record.id, log_format);
  row.played_at = std::move(played_at);
  return row;
}

std::string utc_timestamp_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                     utc.tm_hour, utc.tm_min, utc.tm_sec);
}

}  // namespace amazes::competition
