// The one table of match and sandbox settings: every setting goes through the options, and by
// its scope the match log, the results store or a game plan, unchanged; each refuses what is
// out of its range with one line.
#include <gtest/gtest.h>

#include <unistd.h>

#include <set>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/arbiter/match_settings.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"
#include "cli/setting_options.hpp"
#include "support/files.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using arbiter::MatchSettings;
using arbiter::setting_fields;
using arbiter::SettingField;

// Every setting off its default (and a clock other than the default one).
MatchSettings unusual_settings() {
  MatchSettings s;
  s.turns = 17;
  s.time_ms = 250.5;
  s.clock = arbiter::ClockKind::Wall;
  s.wall_guard_factor = 3.25;
  s.wall_guard_extra_ms = 20;
  s.grace_ms = 7.5;
  s.stderr_limit = 123;
  s.game = arbiter::GameChoice("referee more --seed {seed}");
  s.referee_timeout_ms = 1234;
  s.scores = {0, 20};
  s.move_time_ms = 15000;
  s.move_files = {"SPEL.IN", "SPEL.UIT"};
  s.sandbox.mode = arbiter::SandboxMode::Bwrap;
  s.sandbox.memory_mb = 300;
  s.sandbox.processes = 9;
  s.sandbox.open_files = 40;
  s.sandbox.tmp_mb = 8;
  s.sandbox.uids.reset();
  s.sandbox.cgroups = false;
  s.sandbox.pin_cpu = false;
  s.sandbox.drop_caches = true;
  return s;
}

TEST(SettingFields, EveryFieldIsOffItsDefaultInTheSample) {
  const MatchSettings defaults;
  for (const SettingField& field : setting_fields()) {
    EXPECT_FALSE(same_setting(field, defaults, unusual_settings())) << field.key;
  }
}

TEST(SettingFields, TextRoundTrips) {
  for (const SettingField& field : setting_fields()) {
    MatchSettings read;
    EXPECT_EQ(set_setting_from_text(field, read, setting_text(field, unusual_settings())), std::nullopt);
    EXPECT_TRUE(same_setting(field, read, unusual_settings())) << field.key;
  }
}

TEST(SettingFields, TheMatchLogCarriesEveryFieldButTheSandboxs) {
  arbiter::MatchRecord record;
  record.amazes()->board.maze = generate_maze(3, {7, -1});
  record.amazes()->board.starts = *draw_starts_for_seed(record.amazes()->board.maze, 3);
  record.settings = unusual_settings();
  record.players = {arbiter::PlayerSpec{"r", "./r"}, arbiter::PlayerSpec{"b", "./b"}};
  // No turns: reading back checks fields, not the game.
  const auto read = arbiter::match_record_from_json(arbiter::match_log_json(record));
  for (const SettingField& field : setting_fields()) {
    // A log records the sandbox that was used (MatchRecord::sandbox_used), not its settings.
    const bool logged = field.scope != arbiter::SettingScope::Sandbox;
    EXPECT_EQ(same_setting(field, read.settings, unusual_settings()), logged) << field.key;
  }
  EXPECT_TRUE(arbiter::match_log_json(record).at("settings").at("turns").is_number_integer());
}

TEST(SettingFields, TheStoreCarriesTheCompetitionsFields) {
  testing::ScratchDir dir("setting-fields-store");
  competition::Competition competition;
  competition.players = {{"a", "./a"}, {"b", "./b"}};
  competition.settings = unusual_settings();
  const auto store = competition::ResultsStore::create(dir.path() / "results.sqlite", competition, {});
  const auto read = store.competition();
  for (const SettingField& field : setting_fields()) {
    // Grace, the stderr limit and the sandbox belong to a run, not to the competition.
    const bool stored = field.scope == arbiter::SettingScope::Competition;
    EXPECT_EQ(same_setting(field, read.settings, unusual_settings()), stored) << field.key;
  }
}

TEST(SettingFields, TheOptionsCarryEveryField) {
  namespace po = boost::program_options;
  const auto options = cli::setting_options();
  std::vector<std::string> args;
  for (const SettingField& field : setting_fields()) {
    args.push_back("--" + std::string(field.option));
    args.push_back(setting_text(field, unusual_settings()));
  }
  po::variables_map values;
  po::store(po::command_line_parser(args).options(options).run(), values);
  MatchSettings read;
  std::set<std::string, std::less<>> given;
  if (::geteuid() != 0) {
    // Dropping the page cache is root's: the options refuse it to anyone else, and say why.
    EXPECT_THROW(
        {
          try {
            cli::read_setting_options(values, nullptr, read, &given);
          } catch (const cli::SettingOptionError& e) {
            EXPECT_EQ(std::string(e.what()), "--sandbox-drop-caches needs root: it writes /proc/sys/vm/drop_caches");
            throw;
          }
        },
        cli::SettingOptionError);
    read.sandbox.drop_caches = true;
    given.emplace("drop_caches");
  } else {
    cli::read_setting_options(values, nullptr, read, &given);
  }
  for (const SettingField& field : setting_fields()) {
    EXPECT_TRUE(same_setting(field, read, unusual_settings())) << field.key;
    EXPECT_TRUE(given.contains(field.key)) << field.key;
  }
}

TEST(SettingFields, AGamePlanCarriesTheSandboxsFields) {
  testing::ScratchDir dir("setting-fields-plan");
  competition::GamePlan plan;
  competition::PlannedGame game;
  game.spec.id = "r01-a-b";
  const Maze maze = generate_maze(3, {7, -1});
  game.spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, 3), std::nullopt);
  game.spec.players = {arbiter::PlayerSpec{"a", "./a"}, arbiter::PlayerSpec{"b", "./b"}};
  game.spec.settings = unusual_settings();
  game.round = 1;
  game.maze_name = "m";
  plan.games.push_back(game);
  competition::write_game_plan(dir.path(), plan);
  const auto read = competition::read_game_plan(dir.path());
  ASSERT_EQ(read.games.size(), 1U);
  for (const SettingField& field : setting_fields()) {
    EXPECT_TRUE(same_setting(field, read.games[0].spec.settings, unusual_settings())) << field.key;
  }
}

std::string problem(std::string_view key, std::string_view text) {
  for (const SettingField& field : setting_fields()) {
    if (field.key != key) continue;
    MatchSettings s;
    return set_setting_from_text(field, s, text).value_or("accepted");
  }
  return "no such field";
}

TEST(SettingFields, OutOfRangeValuesSayTheRange) {
  EXPECT_EQ(problem("turns", "150"), "accepted");
  EXPECT_EQ(problem("turns", "151"), "must be from 1 to 150, not 151");
  EXPECT_EQ(problem("turns", "0"), "must be from 1 to 150, not 0");
  EXPECT_EQ(problem("turns", "2.5"), "must be a whole number from 1 to 150, not 2.5");
  EXPECT_EQ(problem("turns", "ten"), "must be a whole number from 1 to 150, not 'ten'");
  EXPECT_EQ(problem("time_ms", "0"), "must be more than 0 and at most 1000000000, not 0");
  EXPECT_EQ(problem("time_ms", "nan"), "must be more than 0 and at most 1000000000, not nan");
  EXPECT_EQ(problem("grace_ms", "0"), "accepted");
  EXPECT_EQ(problem("grace_ms", "-1"), "must be from 0 to 1000000000, not -1");
  EXPECT_EQ(problem("clock", "sundial"), "must be cpu or wall, not 'sundial'");
  EXPECT_EQ(problem("clock", "wall\x1b[31m"), "must be cpu or wall, not 'wall\\x1b[31m'");  // no raw ESC
  EXPECT_EQ(problem("stderr_limit", "1e12"), "must be from 0 to 100000000, not 1000000000000");
  EXPECT_EQ(problem("mode", "docker"), "must be auto, namespaces, bwrap or none, not 'docker'");
  EXPECT_EQ(problem("memory_mb", "0"), "accepted");
  EXPECT_EQ(problem("memory_mb", "15"), "must be 0 (no limit) or at least 16, not 15");
  EXPECT_EQ(problem("memory_mb", "-1"), "must be from 0 to 1099511627776, not -1");
  EXPECT_EQ(problem("open_files", "3"), "must be from 16 to 1048576, not 3");
  EXPECT_EQ(problem("uids", "0-10"), "must be FIRST-LAST (1 <= FIRST <= LAST) or none, not '0-10'");
  EXPECT_EQ(problem("uids", "none"), "accepted");
  EXPECT_EQ(problem("cgroups", "yes"), "must be auto or off, not 'yes'");
  EXPECT_EQ(problem("drop_caches", "on"), "accepted");
  EXPECT_EQ(problem("referee", ""), "accepted");
  EXPECT_EQ(problem("scores", "0-20"), "accepted");
  EXPECT_EQ(problem("scores", "20-0"), "must be MIN-MAX (0 <= MIN <= MAX <= 1000000000), not '20-0'");
  EXPECT_EQ(problem("scores", "-1-5"), "must be MIN-MAX (0 <= MIN <= MAX <= 1000000000), not '-1-5'");
  EXPECT_EQ(problem("referee_timeout_ms", "0"), "must be more than 0 and at most 1000000000, not 0");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
