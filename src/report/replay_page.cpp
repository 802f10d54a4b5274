// The replay page: the template of src/report/replay_page/ filled with its CSS, its script and
// the match's data.
#include "amazes/report/replay_page.hpp"

#include <array>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/replay_page_assets.hpp"
#include "amazes/report/replay_data.hpp"
#include "html_escape.hpp"

namespace amazes::report {

namespace {

// JSON inside <script type="application/json">: no '<' may appear, or "</script>" or "<!--" in a
// bot's output would end or change the script element. '<' only occurs inside strings, where
// \u003c is the same character.
std::string script_safe_json(const nlohmann::ordered_json& data) {
  const std::string text = data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

// Replaces each marker of the template once, scanning the template only: nothing inserted is
// ever searched for markers.
std::string fill(std::string_view page, const std::array<std::pair<std::string_view, std::string>, 4>& parts) {
  std::string out;
  std::size_t at = 0;
  for (const auto& [marker, text] : parts) {
    const std::size_t found = page.find(marker, at);
    if (found == std::string_view::npos) {
      throw std::logic_error("replay page template: marker " + std::string(marker) + " missing or out of order");
    }
    out.append(page.substr(at, found - at));
    out += text;
    at = found + marker.size();
  }
  out.append(page.substr(at));
  return out;
}

}  // namespace

std::string replay_page(const nlohmann::ordered_json& data) {
  std::string title = "Amazes " + data.at("id").get<std::string>() + ": " +
                      data.at("players").at("red").at("name").get<std::string>() + " vs " +
                      data.at("players").at("blue").at("name").get<std::string>();
  // A replay of a contest's site names the contest too.
  if (const auto contest = data.find("contest"); contest != data.end()) title += " · " + contest->get<std::string>();
  return fill(assets::kReplayHtml, {{{"{{TITLE}}", escape_html(title)},
                                     {"/*{{CSS}}*/", std::string(assets::kReplayCss)},
                                     {"{{DATA}}", script_safe_json(data)},
                                     {"/*{{JS}}*/", std::string(assets::kReplayJs)}}});
}

std::filesystem::path replay_path_for(const std::filesystem::path& log) {
  // r01-a-b.json and r01-a-b.json.zst both play back in r01-a-b.html; any other name gains .html.
  return log.parent_path() / (arbiter::without_log_suffix(log.filename().string()) + ".html");
}

void write_replay(const std::filesystem::path& log, const std::filesystem::path& html) {
  const auto record = arbiter::read_match_log(log);
  if (record.referee() != nullptr) {
    throw NoReplayPage(log.string() + ": a referee game's log (" + arbiter::kRefereeMatchLogFormat +
                       ") has no replay page: `amazes log show` prints its lines");
  }
  nlohmann::ordered_json data;
  try {
    data = replay_data(record);
  } catch (const ReplayMismatch& e) {
    throw ReplayMismatch(log.string() + ": the log disagrees with the rules engine: " + e.what());
  }
  files::write_file_atomically(html, replay_page(data));
}

}  // namespace amazes::report
