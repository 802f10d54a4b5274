#pragma once
// `amazes replay`: one self-contained HTML file that plays a match back (the page of
// src/report/replay_page/ with its CSS, JavaScript and the replay data inlined; no network, no
// file beside it).
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace amazes::report {

// The page for the data of replay_data(): one file, its style and script inline.
std::string replay_page(const nlohmann::ordered_json& data);

// A contest site's replay page: its style (the site's stylesheet, then the replay's) and script
// are the site's files in `assets` (a relative folder, "../assets/": replay_assets() and the
// site's site.css), its data compressed (about a sixth of the bytes), `frame` (HTML: the site's
// navigation) above it all and under its title `links`, HTML: the way back to the site's pages.
std::string linked_replay_page(const nlohmann::ordered_json& data, std::string_view assets, std::string_view frame,
                               std::string_view links);
// The files a linked replay page uses: name ("replay.css", "replay.js") and text.
std::vector<std::pair<std::string, std::string_view>> replay_assets();

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
