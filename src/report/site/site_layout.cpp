// The frame every page of the contest site shares: one stylesheet (assets/site.css, from
// src/report/site/site.css; nothing fetched from elsewhere), the links to the main pages, and the
// paths of the pages, all relative so that the site works from file:// and from any folder of a
// web server.
#include <fmt/format.h>

#include "../html_escape.hpp"
#include "amazes/competition/stages.hpp"
#include "amazes/report/site.hpp"
#include "site_state.hpp"

namespace amazes::report::site {
namespace {}  // namespace

std::string up(int depth) {
  std::string prefix;
  for (int k = 0; k < depth; ++k) prefix += "../";
  return prefix;
}

std::string game_file(const std::string& id) { return "matches/" + id + ".html"; }
std::string replay_file(const std::string& id) { return "matches/" + id + ".replay.html"; }
std::string player_file(const std::string& name) { return "players/" + name + ".html"; }
std::string player_link(const std::string& name, int depth) {
  return fmt::format("<a href=\"{}\">{}</a>", escape_html(up(depth) + player_file(name)), escape_html(name));
}
std::string round_schedule_file(const SiteState& state, int round) {
  // A versus run's pairs go to 10,000, beyond the rounds' numbers of a final.
  if (state.versus()) return fmt::format("schedule/pair-{:04}.html", round);
  return "schedule/" + competition::round_folder(round) + ".html";
}
std::string round_part_file(const SiteState& state, int round, std::size_t part) {
  const auto page = round_schedule_file(state, round);
  return fmt::format("{}-part-{:03}.html", page.substr(0, page.size() - 5), part + 1);
}

std::string round_standings_file(int round) { return "standings/" + competition::round_folder(round) + ".html"; }
std::string private_folder(const std::string& token) { return "private/" + token; }

std::string round_name(const SiteState& state, int round) {
  return state.versus() ? fmt::format("pair {}", round) : competition::round_label(round);
}

std::string navigation(const SiteState& state, int depth) {
  const std::string to = up(depth);
  return fmt::format(
      "<nav><a href=\"{0}index.html\">{1}</a><a href=\"{0}schedule.html\">Schedule</a>"
      "<a href=\"{0}standings.html\">Standings</a><a href=\"{0}players.html\">Contestants</a></nav>\n",
      to, escape_html(state.title));
}

std::string page(const SiteState& state, const std::string& title, int depth, bool refresh, const std::string& body) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      // A private page's address must not travel in a Referer header when a link is followed.
      "<meta name=\"referrer\" content=\"no-referrer\">\n";
  if (refresh) out += fmt::format("<meta http-equiv=\"refresh\" content=\"{}\">\n", kSiteRefreshSeconds);
  const std::string whole = title == state.title ? title : title + " · " + state.title;
  out += fmt::format("<title>{}</title>\n<link rel=\"stylesheet\" href=\"{}{}site.css\">\n</head>\n<body>\n",
                     escape_html(whole), up(depth), kAssetsFolder);
  out += navigation(state, depth);
  out += "<main>\n" + body + "</main>\n</body>\n</html>\n";
  return out;
}

std::string empty_private_index() {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Private</title>\n</head>\n"
         "<body>\n<p>Nothing to see here: each contestant has the address of their own page.</p>\n</body>\n</html>\n";
}

CutText first_characters(const std::string& text, std::size_t characters) {
  CutText cut;
  std::size_t end = text.size();
  for (std::size_t k = 0; k < text.size(); ++k) {
    // A byte that is not a UTF-8 continuation byte starts a character.
    if ((static_cast<unsigned char>(text[k]) & 0xC0U) == 0x80U) continue;
    if (cut.characters == characters) end = k;
    ++cut.characters;
  }
  cut.shown = std::min(cut.characters, characters);
  cut.text = text.substr(0, end);
  return cut;
}

const SiteRound* SiteState::round_of(int round) const {
  const auto found = round_index.find(round);
  return found == round_index.end() ? nullptr : &rounds[found->second];
}

}  // namespace amazes::report::site
