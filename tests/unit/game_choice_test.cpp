// What a match plays, resolved once from its settings' referee command, and the catalogue's rows.
#include <gtest/gtest.h>

#include <memory>
#include <set>

#include "amazes/arbiter/game_choice.hpp"
#include "amazes/arbiter/match_settings.hpp"
#include "amazes/competition/ranking.hpp"
#include "amazes/game_catalogue.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using arbiter::GameChoice;

TEST(GameChoice, NoRefereeIsTheBuiltInGameOnAMaze) {
  const GameChoice game;
  EXPECT_TRUE(game.built_in());
  EXPECT_EQ(game.name(), "amazes");
  EXPECT_TRUE(game.on_maze());
  ASSERT_NE(game.row(), nullptr);
  EXPECT_EQ(game.row()->title, "Amazes (CodeCup 2010)");
}

TEST(GameChoice, TheJudgesRefereeByAnyPathIsTheCataloguesGame) {
  const GameChoice more("/opt/judge/amazes referee more --seed {seed}");
  EXPECT_FALSE(more.built_in());
  EXPECT_EQ(more.name(), "more");
  EXPECT_EQ(more.setup(), SetupKind::Seed);
  ASSERT_NE(more.row(), nullptr);
  EXPECT_EQ(more.row()->sides[0], "white");

  const GameChoice susan("amazes referee susan");
  EXPECT_EQ(susan.name(), "susan");
  EXPECT_EQ(susan.setup(), SetupKind::None);
  ASSERT_NE(susan.row(), nullptr);
  EXPECT_EQ(susan.row()->move_files, "SPEL.IN,SPEL.UIT");

  // A referee given the maze file plays Amazes, whatever the program.
  const GameChoice on_maze("./my_amazes_referee.py --maze {maze}");
  EXPECT_EQ(on_maze.name(), "amazes");
  EXPECT_TRUE(on_maze.on_maze());
}

TEST(GameChoice, AnotherProgramIsAGameTheJudgeDoesNotKnow) {
  const GameChoice foreign("./lamistra_referee.py --seed {seed}");
  EXPECT_EQ(foreign.name(), "lamistra_referee.py");
  EXPECT_EQ(foreign.setup(), SetupKind::Seed);
  EXPECT_EQ(foreign.row(), nullptr);
  // A program called as a game of the catalogue is not that game's referee.
  const GameChoice pager("/usr/bin/more --seed {seed}");
  EXPECT_EQ(pager.name(), "more");
  EXPECT_EQ(pager.row(), nullptr);
  // A command that cannot be split names no game (the match's check says why).
  EXPECT_EQ(GameChoice("'unclosed").name(), "");
}

TEST(GameChoice, IsEqualByItsCommand) {
  EXPECT_EQ(GameChoice("amazes referee more"), GameChoice("amazes referee more"));
  EXPECT_FALSE(GameChoice("amazes referee more") == GameChoice("/usr/bin/amazes referee more"));
  EXPECT_EQ(GameChoice(), GameChoice(""));
}

// A game file's row (cli/game_file.cpp) names its game and is carried whole; the results store
// keeps it as JSON and gets the same row back.
TEST(GameChoice, AGameFilesRowIsCarriedAndKeptAsJson) {
  auto row = std::make_shared<GameRow>();
  row->name = "guess";
  row->title = "Guess";
  row->referee = "/games/guess_referee.sh {seed}";
  row->sides = {"odd", "even"};
  row->scores = "0-3";
  row->time_ms = 2000;
  row->ranking = "nio-2005";
  row->players = "/games/guess-players";
  row->reference = "five";
  row->setup = SetupKind::Seed;
  const GameChoice game(row);
  EXPECT_EQ(game.name(), "guess");
  EXPECT_EQ(game.setup(), SetupKind::Seed);
  EXPECT_EQ(game.referee(), row->referee);
  ASSERT_NE(game.row(), nullptr);
  EXPECT_EQ(game.row()->sides[1], "even");
  EXPECT_EQ(game, GameChoice(row->referee)) << "equal by the command, as a stored setting is compared";
  EXPECT_EQ(GameChoice(row->referee).row(), nullptr) << "the command alone is a game the judge does not know";

  const std::optional<GameRow> back = arbiter::game_row_from_json(arbiter::game_row_json(*row));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(arbiter::game_row_json(*back), arbiter::game_row_json(*row));
  EXPECT_FALSE(arbiter::game_row_from_json("{\"name\": \"guess\"}").has_value());
  EXPECT_FALSE(arbiter::game_row_from_json("not json").has_value());
}

TEST(GameCatalogue, RowsHaveUniqueNamesAndSettingsTheJudgeAccepts) {
  std::set<std::string_view> names;
  for (const GameRow& game : game_catalogue()) {
    SCOPED_TRACE(std::string(game.name));
    EXPECT_TRUE(names.insert(game.name).second);
    EXPECT_EQ(find_game(game.name), &game);
    EXPECT_TRUE(arbiter::score_range_from_text(game.scores).has_value());
    EXPECT_TRUE(arbiter::move_files_from_text(game.move_files).has_value());
    EXPECT_GT(game.time_ms, 0);
    EXPECT_NO_THROW((void)competition::ranking_preset(game.ranking));
    // The settings `--game NAME` makes play the row's game, with its setup.
    arbiter::MatchSettings settings;
    (void)arbiter::set_catalogue_game(game, settings);
    EXPECT_EQ(settings.game.name(), game.name);
    EXPECT_EQ(settings.game.setup(), game.setup);
    EXPECT_EQ(settings.game.row(), &game);
    EXPECT_EQ(arbiter::move_files_text(settings.move_files), game.move_files);
  }
  EXPECT_EQ(find_game("chess"), nullptr);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
