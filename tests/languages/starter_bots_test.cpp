// The starter bots of players/<language>/ against the real judge: each plays a whole match
// against the explorer under the default sandbox, under bubblewrap and without cgroups, and all
// of them play a short tournament. A language whose toolchain was not found at configure time fails its tests,
// unless AMAZES_LANGUAGES_MISSING (comma-separated, e.g. "csharp,pascal") says it may be missing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/results_store.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

// What players/CMakeLists.txt found (tests/CMakeLists.txt passes it on).
#ifndef AMAZES_HAVE_C
#define AMAZES_HAVE_C 0
#endif
#ifndef AMAZES_HAVE_JAVA
#define AMAZES_HAVE_JAVA 0
#endif
#ifndef AMAZES_HAVE_PASCAL
#define AMAZES_HAVE_PASCAL 0
#endif
#ifndef AMAZES_HAVE_CSHARP
#define AMAZES_HAVE_CSHARP 0
#endif
#ifndef AMAZES_HAVE_JAVASCRIPT
#define AMAZES_HAVE_JAVASCRIPT 0
#endif
#ifndef AMAZES_HAVE_GO
#define AMAZES_HAVE_GO 0
#endif
#ifndef AMAZES_HAVE_RUST
#define AMAZES_HAVE_RUST 0
#endif
#ifndef AMAZES_HAVE_HASKELL
#define AMAZES_HAVE_HASKELL 0
#endif

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

struct Language {
  std::string name;
  bool built;
  std::string command;  // as a user gives it to the judge
};

std::string starter(const std::string& path) { return shell_quote((binary_dir() / "starters" / path).string()); }

const std::vector<Language>& languages() {
  static const std::vector<Language> all = {
      {"c", AMAZES_HAVE_C, starter("c/starter_c")},
      {"java", AMAZES_HAVE_JAVA, std::string(AMAZES_JAVA_PROGRAM) + " -cp " + starter("java") + " StarterBot"},
      {"pascal", AMAZES_HAVE_PASCAL, starter("pascal/starter_pascal")},
      {"csharp", AMAZES_HAVE_CSHARP, std::string(AMAZES_MONO_PROGRAM) + " " + starter("csharp/starter_csharp.exe")},
      {"javascript", AMAZES_HAVE_JAVASCRIPT,
       std::string(AMAZES_NODE_PROGRAM) + " " +
           shell_quote((source_dir() / "players" / "javascript" / "starter_javascript.js").string())},
      {"go", AMAZES_HAVE_GO, starter("go/starter_go")},
      {"rust", AMAZES_HAVE_RUST, starter("rust/starter_rust")},
      {"haskell", AMAZES_HAVE_HASKELL, starter("haskell/starter_haskell")},
  };
  return all;
}

std::set<std::string> declared_missing_languages() {
  std::set<std::string> names;
  const char* text = std::getenv("AMAZES_LANGUAGES_MISSING");
  std::stringstream in(text != nullptr ? text : "");
  for (std::string name; std::getline(in, name, ',');) {
    if (!name.empty()) names.insert(name);
  }
  return names;
}

// A language not built fails the test, unless declared missing: CI installs every toolchain
// (scripts/setup), so none may drop out without a word.
#define REQUIRE_LANGUAGE(language)                                                                                \
  do {                                                                                                            \
    if (!(language).built) {                                                                                      \
      if (declared_missing_languages().count((language).name) == 0U) {                                            \
        FAIL() << "the " << (language).name << " toolchain was not found at configure time (scripts/setup "       \
               << "installs it; reconfigure after), and AMAZES_LANGUAGES_MISSING does not say it may be missing"; \
      }                                                                                                           \
      GTEST_SKIP() << (language).name << " not built (AMAZES_LANGUAGES_MISSING)";                                 \
    }                                                                                                             \
  } while (false)

std::string player_name(const Language& language) { return "starter_" + language.name; }

struct Case {
  Language language;
  // "default", "bwrap", or "nocgroup": the limits of a judge without cgroups (an ordinary
  // user's), whose memory limit is each process's data segment.
  std::string sandbox;
};
void PrintTo(const Case& c, std::ostream* os) { *os << c.language.name << " under " << c.sandbox; }

class StarterBot : public ::testing::TestWithParam<Case> {};

// A whole game of `command` as red against the explorer (seed 1), its log read back.
arbiter::MatchRecord game_against_the_explorer(const std::string& command, const std::string& sandbox,
                                               const std::filesystem::path& log) {
  const auto result = run_command(amazes_exe() + " match --seed 1" + sandbox + " --log " + shell_quote(log.string()) +
                                  " " + shell_quote(command) + " " + shell_quote(player_path("explorer")) + " 2>&1");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return arbiter::read_match_log(log);
}

// Red's lines, one per turn.
std::vector<std::string> red_moves(const arbiter::MatchRecord& record) {
  std::vector<std::string> moves;
  for (const auto& turn : record.amazes()->turns) {
    if (turn.player == Color::Red) moves.push_back(turn.output.value_or("(none)"));
  }
  return moves;
}

TEST_P(StarterBot, PlaysAWholeMatchAgainstTheExplorerWithoutAFault) {
  const Case& c = GetParam();
  REQUIRE_LANGUAGE(c.language);
  if (c.sandbox == "bwrap") REQUIRE_SANDBOX("bwrap");
  ScratchDir dir("starter-" + c.language.name);
  const std::string sandbox = c.sandbox == "bwrap"      ? " --sandbox bwrap"
                              : c.sandbox == "nocgroup" ? " --sandbox-cgroups off"
                                                        : "";
  const auto record = game_against_the_explorer(c.language.command, sandbox, dir.path() / "game.json");
  ASSERT_EQ(record.amazes()->turns.size(), 300U);
  const auto& bot = record.outcome[0];
  EXPECT_FALSE(bot.fault.has_value()) << bot.exit << "\n" << bot.stderr_text;
  // It explores: a bot that only paid for its letters would end below zero.
  EXPECT_GT(bot.points, 100);
  // One strategy in every language: the same game, move for move, as the C starter's.
  if (c.sandbox == "default" && c.language.name != "c") {
    const auto reference = game_against_the_explorer(languages().front().command, "", dir.path() / "c.json");
    EXPECT_EQ(red_moves(record), red_moves(reference)) << c.language.name << " plays other moves than C";
  }
}

std::vector<Case> cases() {
  std::vector<Case> all;
  for (const auto& language : languages()) {
    for (const std::string sandbox : {"default", "bwrap", "nocgroup"}) all.push_back({language, sandbox});
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(Languages, StarterBot, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return info.param.language.name + "_" + info.param.sandbox;
                         });

// Every starter bot that was built, one round of a short tournament (Java by its jar this time).
TEST(StarterBots, PlayAShortTournamentWithoutAFault) {
  std::vector<Language> players;
  for (auto language : languages()) {
    if (!language.built) continue;
    if (language.name == "java") {
      language.command = std::string(AMAZES_JAVA_PROGRAM) + " -jar " + starter("java/starter_java.jar");
    }
    players.push_back(language);
  }
  ASSERT_GE(players.size(), 2U) << "fewer than two starter bots were built";
  ScratchDir dir("starter-tournament");
  const auto out = dir.path() / "out";
  std::string command =
      amazes_exe() + " tournament -q --rounds 1 --turns 30 --seed 2010 --out " + shell_quote(out.string());
  for (const auto& player : players) command += " " + shell_quote(player_name(player) + "=" + player.command);
  const auto result = run_command(command + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;

  const auto csv = read_file(out / "standings.csv");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), static_cast<long>(players.size() + 1)) << csv;
  const auto store =
      competition::ResultsStore::open(out / "results.sqlite", competition::ResultsStore::Access::ReadOnly);
  const auto rows = store.matches();
  EXPECT_EQ(rows.size(), players.size() * (players.size() - 1));
  for (const auto& row : rows) {
    EXPECT_EQ(row.turns, 60) << row.id;
    for (const auto& side : row.side) {
      EXPECT_FALSE(side.fault.has_value()) << row.id << ": " << side.player << " " << side.exit;
    }
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
