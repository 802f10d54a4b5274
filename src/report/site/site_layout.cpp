// The frame every page of the contest site shares: one inline style (no file beside it, nothing
// fetched), the links to the main pages, and the paths of the pages, all relative so that the
// site works from file:// and from any folder of a web server.
#include <fmt/format.h>

#include "../html_escape.hpp"
#include "amazes/competition/stages.hpp"
#include "amazes/report/site.hpp"
#include "site_state.hpp"

namespace amazes::report::site {
namespace {

// Narrow screens first: tables scroll sideways inside their box instead of widening the page.
constexpr const char* kStyle = R"css(
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2430;background:#f6f7f9;line-height:1.45}
main{max-width:980px;margin:0 auto;padding:0.75em}
nav{background:#23395d;padding:0.4em 0.75em;display:flex;flex-wrap:wrap;gap:0.2em 1em}
nav a{color:#fff;text-decoration:none;font-weight:600;padding:0.25em 0}
nav a:hover{text-decoration:underline}
h1{font-size:1.45em;margin:0.4em 0}
h2{font-size:1.15em;margin:1.2em 0 0.4em}
a{color:#1a56a8}
.note{color:#555;font-size:0.92em}
.live{display:inline-block;background:#c62828;color:#fff;border-radius:0.3em;padding:0 0.4em;font-size:0.8em;font-weight:700}
.done{display:inline-block;background:#2e7d32;color:#fff;border-radius:0.3em;padding:0 0.4em;font-size:0.8em;font-weight:700}
.bar{background:#dde3ea;border-radius:0.4em;height:0.7em;overflow:hidden;margin:0.3em 0 0.8em}
.bar div{background:#2e7d32;height:100%}
.scroll{overflow-x:auto;margin:0.5em 0 1.2em;background:#fff;border:1px solid #d6dbe1;border-radius:0.4em}
table{border-collapse:collapse;width:100%}
th,td{padding:0.35em 0.55em;border-bottom:1px solid #e4e7eb;text-align:left;white-space:nowrap}
th{background:#eef1f5;font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.fault{color:#b00020}
.whys li{margin:0.3em 0;overflow-wrap:anywhere}
.todo{color:#777}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0.2em 1em;background:#fff;border:1px solid #d6dbe1;border-radius:0.4em;padding:0.6em 0.8em}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
pre{background:#fff;border:1px solid #d6dbe1;border-radius:0.4em;padding:0.6em;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;font-size:0.85em}
.cards{display:flex;flex-wrap:wrap;gap:0.6em}
.cards a{flex:1 1 9em;background:#fff;border:1px solid #d6dbe1;border-radius:0.4em;padding:0.6em;text-decoration:none}
.cards a b{display:block;font-size:1.05em}
.warn{background:#fff4e5;border:1px solid #f0b35b;border-radius:0.4em;padding:0.4em 0.6em}
pre.table{white-space:pre;overflow-wrap:normal}
@media (max-width:600px){main{padding:0.5em}th,td{padding:0.3em 0.4em}h1{font-size:1.25em}.id,.wide{display:none}}
)css";

}  // namespace

std::string up(int depth) {
  std::string prefix;
  for (int k = 0; k < depth; ++k) prefix += "../";
  return prefix;
}

std::string game_file(const std::string& id) { return "matches/" + id + ".html"; }
std::string replay_file(const std::string& id) { return "matches/" + id + ".replay.html"; }
std::string player_file(const std::string& name) { return "players/" + name + ".html"; }
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
  out += fmt::format("<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n", escape_html(whole), kStyle);
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
