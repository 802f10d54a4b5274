#pragma once
// `amazes replay`: one self-contained HTML file that plays a match back (the page of
// src/report/replay_page/ with its CSS, JavaScript and the replay data inlined; no network, no
// file beside it).
#include <filesystem>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace amazes::report {

// The page for the data of replay_data().
std::string replay_page(const nlohmann::ordered_json& data);

// Where a log's replay goes: beside it, `.json` replaced by `.html` (any other name gets
// `.html` added).
std::filesystem::path replay_path_for(const std::filesystem::path& log);

// A referee game's log (amazes-referee-match/1): its game is the referee's, so there is no page.
class NoReplayPage : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads the log, replays it through the rules engine and writes the page atomically. Throws
// NoReplayPage for a referee game's log.
// Throws std::runtime_error, one line naming the log: unreadable, not a match log, or a log the
// rules engine disagrees with ("LOG: the log disagrees with the rules engine: turn 12 (blue):
// …").
void write_replay(const std::filesystem::path& log, const std::filesystem::path& html);

}  // namespace amazes::report
