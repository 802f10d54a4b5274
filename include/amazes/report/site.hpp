#pragma once
// The contest site (docs/formats.md "The contest site"): static HTML pages in OUT/site/ that a
// tournament or versus run rewrites as each game is stored, so that the contest can be followed
// from a browser (file:// or any static web server: publishing is copying the folder).
//
// Public pages: the index, the schedule (one page per round), one page per game with its
// replay, the standings (live totals, and the full table after each round), the contestants and
// a page for each. Each contestant also has a private page, at site/private/TOKEN/, the only
// place that shows that contestant's stderr; TOKEN is random (128 bits), made once and kept in
// the results store, and the organiser finds every private address in OUT/private-links.txt,
// outside the site. Every file is written atomically (temporary file, then rename).
//
// The state is loaded once from the store and the logs; a stored game then rewrites only the
// pages it changes (its own, its round's schedule, its two players' pages, the index; the
// players' list and the live standings, which list the whole field, once per players/50 games),
// so the cost of an update grows neither with the games already played nor with the field.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/report/standings_tables.hpp"

namespace amazes::report {

inline constexpr const char* kSiteFolder = "site";                     // in the output folder
inline constexpr const char* kPrivateLinksFile = "private-links.txt";  // in the output folder
// The results store's meta key of a contestant's private token: "site_token.NAME".
inline constexpr const char* kSiteTokenKeyPrefix = "site_token.";
// While the judge runs, the pages that still change reload themselves this often.
inline constexpr int kSiteRefreshSeconds = 10;
// A game's stderr as a private page shows it, at most (the log may keep more).
inline constexpr std::size_t kSiteStderrCharacters = 10000;

// True when the store holds a private token for each of its players (the site can then be
// written from a store opened read-only).
bool every_contestant_has_a_token(const competition::ResultsStore& store);

// 128 bits from the kernel's random source (getrandom), as 32 lowercase hexadecimal digits.
std::string new_site_token();

class ContestSite {
 public:
  // Reads the competition, every stored game and its log, gives each contestant without a
  // private token one (stored at once: `store` must be writable then), and writes the whole
  // site and the private links file. `running`: the pages that may change refresh themselves.
  ContestSite(std::filesystem::path out_dir, competition::ResultsStore& store, bool running);
  ContestSite(const ContestSite&) = delete;
  ContestSite& operator=(const ContestSite&) = delete;
  ~ContestSite();

  // A game is handed to a worker: its schedule shows it as being played from the next page
  // written (no page is written for it: the pages reload and a commit soon rewrites them). Safe
  // from any thread, unlike the others.
  void playing(const std::string& id);
  // A game handed out was not played (its referee failed it): it is to play again.
  void not_played(const std::string& id);
  // A game's row is committed (its log is on disk): its pages and what it changes.
  void committed(const competition::MatchRow& row);
  // A round is complete: its standings page (from the tournament's round report, whose games
  // link to the site's game pages), and the games of rounds decided since (a Swiss round, the
  // final) on the schedule.
  void round_complete(const StandingsReport& round_standings);
  // The run is over: every page that refreshed is written once more without refreshing, with
  // the final standings when given, and `report` (a versus run's, as text) on the standings page.
  void finished(const std::optional<StandingsReport>& final_standings, const std::string& report = {});

  // Where a contestant's private page is, relative to the output folder.
  std::filesystem::path private_page(const std::string& player) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// `amazes standings`, `amazes collect` and the executors that store games elsewhere: the
// standings files (standings_files.hpp, rebuild_standings) and the whole site written again
// from the store, as a finished run leaves them (`running`: as a run that goes on, its pages
// refreshing); returns the standings of the whole. `store` must be writable when a contestant
// has no private token yet.
StandingsReport rebuild_standings_and_site(const std::filesystem::path& out_dir, competition::ResultsStore& store,
                                           bool running = false);
// The same for a versus run, which has no standings files: `report` is its report as text.
void rebuild_versus_site(const std::filesystem::path& out_dir, competition::ResultsStore& store,
                         const std::string& report);

}  // namespace amazes::report
