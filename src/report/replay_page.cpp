// The replay page: the template of src/report/replay_page/ filled with its CSS, its script and
// the match's data.
#include "amazes/report/replay_page.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <zlib.h>

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
std::string fill(std::string_view page, const std::array<std::pair<std::string_view, std::string>, 6>& parts) {
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

std::string replay_title(const nlohmann::ordered_json& data) {
  std::string title = "Amazes " + data.at("id").get<std::string>() + ": " +
                      data.at("players").at("red").at("name").get<std::string>() + " vs " +
                      data.at("players").at("blue").at("name").get<std::string>();
  // A replay of a contest's site names the contest too.
  if (const auto contest = data.find("contest"); contest != data.end()) title += " · " + contest->get<std::string>();
  return title;
}

// zlib's format, which a browser's DecompressionStream("deflate") reads. Level 3: a 150-turn
// replay's 110 KB of JSON in 0.9 ms to 20 KB, where level 9 takes 3.8 ms for 16.5 KB (a
// tournament of cheap games stores a game every few milliseconds).
constexpr int kReplayCompression = 3;

std::string deflated(const std::string& text) {
  uLongf size = compressBound(static_cast<uLong>(text.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(text.data()),
                static_cast<uLong>(text.size()), kReplayCompression) != Z_OK) {
    throw std::runtime_error("cannot compress a replay's data (zlib)");
  }
  out.resize(size);
  return out;
}

std::string base64(const std::string& bytes) {
  static constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k) v = (v << 8U) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0U);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[(v >> (18 - 6 * k)) & 0x3FU] : '=';
  }
  return out;
}

}  // namespace

std::string replay_page(const nlohmann::ordered_json& data) {
  return fill(
      assets::kReplayHtml,
      {{{"{{TITLE}}", escape_html(replay_title(data))},
        {"{{STYLE}}", "<style>\n" + std::string(assets::kReplayCss) + "</style>"},
        {"{{FRAME}}", ""},
        {"{{LINKS}}", ""},
        {"{{DATA}}", "<script type=\"application/json\" id=\"replay-data\">" + script_safe_json(data) + "</script>"},
        {"{{SCRIPT}}", "<script>\n" + std::string(assets::kReplayJs) + "</script>"}}});
}

std::string linked_replay_page(const nlohmann::ordered_json& data, std::string_view assets, std::string_view frame,
                               std::string_view links) {
  const std::string folder = escape_html(std::string(assets));
  return fill(
      assets::kReplayHtml,
      {{{"{{TITLE}}", escape_html(replay_title(data))},
        {"{{STYLE}}", "<link rel=\"stylesheet\" href=\"" + folder + "site.css\">\n<link rel=\"stylesheet\" href=\"" +
                          folder + "replay.css\">"},
        {"{{FRAME}}", std::string(frame)},
        {"{{LINKS}}", "<p class=\"back\">" + std::string(links) + "</p>"},
        {"{{DATA}}", "<script type=\"application/octet-stream\" id=\"replay-data\" data-encoding=\"deflate-base64\">" +
                         base64(deflated(script_safe_json(data))) + "</script>"},
        {"{{SCRIPT}}", "<script src=\"" + folder + "replay.js\"></script>"}}});
}

std::vector<std::pair<std::string, std::string_view>> replay_assets() {
  return {{"replay.css", assets::kReplayCss}, {"replay.js", assets::kReplayJs}};
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
