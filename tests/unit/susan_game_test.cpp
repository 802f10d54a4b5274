// One game of Susan by its rules (docs/susan-rules.md): the seed's example, legal and illegal
// moves, enclosures won and lost, both draws, and the move points.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "amazes/susan/game.hpp"
#include "amazes/susan/record.hpp"

namespace amazes::susan {
namespace AMAZES_FILE_NAMESPACE {

Cell at(const std::string& name) { return *parse_cell(name); }

// Plays `lines`, each of which must leave the game going.
void play_on(Game& game, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    const TurnResult& turn = game.play(line);
    ASSERT_FALSE(game.over()) << line << ": " << turn.refusal;
  }
}

// The seed's SPEL.IN, as its page shows it, blank lines and all.
constexpr const char* kSeedExample = "6\n\ne2\n\nd3\n\nf2\n\nd4\n\nf2-e3\n\ne5\n";

TEST(SusanGame, TheSeedsExampleAndItsAnswerF3) {
  const auto moves = parse_record(kSeedExample);
  ASSERT_TRUE(moves.has_value());
  ASSERT_EQ(moves->size(), 6U);
  EXPECT_TRUE((*moves)[4].is_slide());
  Game game;
  for (const Move& move : *moves) play_on(game, {format_move(move)});
  // Red placed e2 and f2 and slid f2 to e3; yellow placed d3, d4 and e5. Red is to move.
  const Position& position = game.position();
  EXPECT_EQ(position.at(at("e2")), Side::Red);
  EXPECT_EQ(position.at(at("e3")), Side::Red);
  EXPECT_TRUE(position.empty(at("f2")));
  for (const char* yellow : {"d3", "d4", "e5"}) EXPECT_EQ(position.at(at(yellow)), Side::Yellow) << yellow;
  EXPECT_EQ(game.to_move(), Side::Red);
  EXPECT_EQ(game.slides_in_a_row(), 0);  // e5 was a placement
  EXPECT_EQ(record_lines(game.moves()), (std::vector<std::string>{"6", "e2", "d3", "f2", "d4", "f2-e3", "e5"}));

  const TurnResult& answer = game.play("f3");
  EXPECT_EQ(answer.move_number, 7);
  EXPECT_FALSE(answer.fault.has_value()) << answer.refusal;
  EXPECT_FALSE(game.over());
  EXPECT_EQ(game.position().at(at("f3")), Side::Red);
}

TEST(SusanGame, MovesAreWrittenAsTheSeedWritesThem) {
  EXPECT_EQ(parse_move("e3"), (Move{std::nullopt, at("e3")}));
  EXPECT_EQ(parse_move("e3-f2"), (Move{at("e3"), at("f2")}));
  EXPECT_EQ(parse_move("c6\r"), (Move{std::nullopt, at("c6")}));
  EXPECT_EQ(parse_move("c6  "), (Move{std::nullopt, at("c6")}));
  for (const char* bad : {"", "e", "e3-", "-e3", "e3f2", "e3 - f2", "E3", "e3-f2-g2", " e3", "pass"}) {
    EXPECT_EQ(parse_move(bad), std::nullopt) << bad;
  }
  EXPECT_EQ(format_move(Move{at("e3"), at("f2")}), "e3-f2");
}

struct IllegalCase {
  std::vector<std::string> before;  // legal moves first
  std::string line;
};

// Every way to break the rules is ONGELDIG: an irregular end, lost by the side that did it.
TEST(SusanGame, EveryIllegalMoveIsOngeldigAndLoses) {
  const std::vector<IllegalCase> cases = {
      {{}, ""},                       // nothing
      {{}, "z"},                      // not a move
      {{}, "j1"},                     // off the board: no row j
      {{}, "a6"},                     // off the board: row a has 5 cells
      {{"e5"}, "e5"},                 // placed on a taken cell
      {{"e5", "d4"}, "c3-c4"},        // a slide from an empty cell
      {{"e5", "d4"}, "d4-d5"},        // a slide of the other side's stone
      {{"e5", "d4"}, "e5-e7"},        // a slide two cells away
      {{"e5", "d4"}, "e5-d4"},        // a slide onto a taken neighbour
      {{"e5", "d4", "a1"}, "e5-a1"},  // onto a taken cell far away
  };
  for (const IllegalCase& c : cases) {
    Game game;
    play_on(game, c.before);
    const Side mover = game.to_move();
    const TurnResult& turn = game.play(c.line);
    EXPECT_EQ(turn.fault, FaultKind::Illegal) << c.line;
    EXPECT_FALSE(turn.refusal.empty()) << c.line;
    EXPECT_FALSE(turn.played.has_value()) << c.line;
    ASSERT_TRUE(game.over()) << c.line;
    EXPECT_EQ(game.end(), GameEnd::Fault);
    EXPECT_EQ(game.winner(), other(mover)) << c.line;
    // The illegal move is not a move of the game: the loser gets one point for each made.
    const int made = static_cast<int>(c.before.size());
    EXPECT_EQ(game.move_points(mover), made) << c.line;
    EXPECT_EQ(game.move_points(other(mover)), 200 - made) << c.line;
  }
}

TEST(SusanGame, EnclosingAStoneOfTheOtherSideWins) {
  Game game;
  // Yellow's a1 in the corner: red takes its three neighbours a2, b1, b2.
  play_on(game, {"b1", "a1", "a2", "e5"});
  const TurnResult& turn = game.play("b2");
  EXPECT_EQ(turn.end, GameEnd::Enclosed);
  EXPECT_EQ(game.winner(), Side::Red);
  EXPECT_FALSE(game.fault().has_value());
  EXPECT_TRUE(game.position().enclosed(at("a1")));
  EXPECT_EQ(game.move_points(Side::Red), 195);  // 200 minus the 5 moves
  EXPECT_EQ(game.move_points(Side::Yellow), 5);
  EXPECT_THROW(game.play("e6"), std::logic_error);
}

// A stone is enclosed by any mix of stones and the edge: a slide does it as well as a placement.
TEST(SusanGame, ASlideEnclosesToo) {
  Game game;
  play_on(game, {"e1", "d1", "e3", "e9"});
  // Yellow's d1 has d2, c1, e1 (red), e2: red fills c1 and d2, then slides e3 to e2.
  play_on(game, {"c1", "e8", "d2", "e7"});
  const TurnResult& turn = game.play("e3-e2");
  EXPECT_EQ(turn.end, GameEnd::Enclosed);
  EXPECT_EQ(game.winner(), Side::Red);
}

// Enclosing one's own stone loses, even when a stone of the other side is enclosed by the same
// move; with other moves at hand it is the irregular ONNODIG.
TEST(SusanGame, EnclosingOnesOwnStoneLosesEvenWhileEnclosing) {
  Game game;
  // Yellow's a1 has red a2 and b1 beside it; b3, c2, c3 are taken, so a stone on b2 encloses
  // a1 and is enclosed itself.
  play_on(game, {"a2", "a1", "b1", "b3", "c2", "c3"});
  const TurnResult& turn = game.play("b2");
  EXPECT_TRUE(game.position().enclosed(at("a1")));
  EXPECT_TRUE(game.position().enclosed(at("b2")));
  EXPECT_EQ(turn.fault, FaultKind::Needless);
  EXPECT_TRUE(turn.played.has_value());
  EXPECT_EQ(game.end(), GameEnd::Fault);
  EXPECT_EQ(game.winner(), Side::Yellow);
  // The losing move was made: 7 moves.
  EXPECT_EQ(game.move_points(Side::Red), 7);
  EXPECT_EQ(game.move_points(Side::Yellow), 193);
}

// A self-enclosure no move could avoid is a regular loss, even while it encloses a stone of the
// other side. The position: red's six stones around the empty e5, each with e5 its only free
// neighbour, and yellow everywhere else but twelve cells apart from each other. A placement
// fills one of those cells, enclosing the stone placed there; a slide into e5 encloses the red
// stone across e5 from it. It is reached by red sliding its first stone between d4 and e5 while
// yellow places, then placing the other five.
TEST(SusanGame, ASelfEnclosureThatNoMoveAvoidsIsARegularLossEvenWhileEnclosing) {
  const std::vector<std::string> petals = {"d4", "d5", "e4", "e6", "f4", "f5"};
  const std::vector<std::string> holes = {"a1", "a4", "b3", "c6", "d2", "d8", "e1", "f7", "g2", "h4", "h6", "i1"};
  std::vector<std::string> yellow;
  for (int i = 0; i < kCellCount; ++i) {
    const std::string name = cell_name(Cell{i});
    if (name != "e5" && std::find(petals.begin(), petals.end(), name) == petals.end() &&
        std::find(holes.begin(), holes.end(), name) == holes.end()) {
      yellow.push_back(name);
    }
  }
  ASSERT_EQ(yellow.size(), 42U);
  std::vector<std::string> red = {"d4"};
  while (red.size() + 5 < yellow.size()) red.push_back(red.size() % 2 == 1 ? "d4-e5" : "e5-d4");
  red.insert(red.end(), petals.begin() + 1, petals.end());
  ASSERT_EQ(red.size(), yellow.size());
  Game game;
  for (std::size_t k = 0; k < red.size(); ++k) play_on(game, {red[k], yellow[k]});

  ASSERT_EQ(game.to_move(), Side::Red);
  const auto moves = game.position().legal_moves(Side::Red);
  EXPECT_EQ(moves.size(), holes.size() + 1 + petals.size());  // the twelve cells, e5, six slides
  for (const Move& move : moves) {
    EXPECT_TRUE(game.position().encloses_own_stone(Side::Red, move)) << format_move(move);
  }
  const TurnResult& turn = game.play("a1");
  EXPECT_TRUE(game.position().has_enclosed_stone(Side::Yellow));  // a2, b1 or b2
  EXPECT_FALSE(turn.fault.has_value());
  EXPECT_EQ(turn.end, GameEnd::SelfEnclosed);
  EXPECT_EQ(game.winner(), Side::Yellow);
  EXPECT_EQ(game.move_points(Side::Red), 85);
  EXPECT_EQ(game.move_points(Side::Yellow), 115);
}

TEST(SusanGame, EnclosingOnesOwnStoneWithOtherMovesAtHandIsOnnodig) {
  Game game;
  // Red fills the neighbours of the empty corner a1, then places there.
  play_on(game, {"a2", "e5", "b1", "e6", "b2", "e7"});
  const TurnResult& turn = game.play("a1");
  EXPECT_EQ(turn.fault, FaultKind::Needless);
  EXPECT_EQ(game.winner(), Side::Yellow);
  EXPECT_EQ(fault_word(*game.fault()), "ONNODIG");
}

TEST(SusanGame, SixSlidesInARowDraw) {
  Game game;
  play_on(game, {"e2", "e8", "e2-e3", "e8-e7", "e3-e2", "e7-e8", "e2-e3"});
  EXPECT_EQ(game.slides_in_a_row(), 5);
  const TurnResult& turn = game.play("e8-e7");
  EXPECT_EQ(turn.end, GameEnd::DrawSlides);
  EXPECT_FALSE(game.winner().has_value());
  EXPECT_EQ(game.move_points(Side::Red), 100);
  EXPECT_EQ(game.move_points(Side::Yellow), 100);
}

TEST(SusanGame, APlacementStartsTheSlidesAgain) {
  Game game;
  play_on(game, {"e2", "e8", "e2-e3", "e8-e7", "e3-e2", "a1", "e2-e3", "e7-e8", "e3-e2", "e8-e7", "e2-e3"});
  EXPECT_EQ(game.slides_in_a_row(), 5);
  EXPECT_FALSE(game.over());
}

// Plays on until `moves` moves are made without enclosing a stone: red slides its stone between
// e2 and e3, yellow between e8 and e7 (placed first, when not there), and before the sixth slide
// in a row a stone goes on the next of `far`, cells whose neighbours stay empty.
void play_on_until(Game& game, std::size_t moves, const std::vector<std::string>& far) {
  std::size_t next_far = 0;
  while (game.moves().size() < moves) {
    const bool red = game.to_move() == Side::Red;
    const std::string home = red ? "e2" : "e8";
    const std::string away = red ? "e3" : "e7";
    std::string line;
    if (game.position().at(at(home)) != game.to_move() && game.position().at(at(away)) != game.to_move()) {
      line = home;
    } else if (game.slides_in_a_row() == kSlidesForDraw - 1) {
      line = far.at(next_far++);
    } else {
      line = game.position().empty(at(home)) ? away + "-" + home : home + "-" + away;
    }
    play_on(game, {line});
  }
}

// Rows a, c, g and i, whose stones keep the empty rows b, d, f and h beside them.
std::vector<std::string> outer_rows() {
  std::vector<std::string> cells;
  for (const char row : {'g', 'i', 'c', 'a'}) {
    for (int column = 1; column <= 7; ++column) {
      const std::string name = std::string(1, row) + std::to_string(column);
      if (parse_cell(name)) cells.push_back(name);
    }
  }
  return cells;
}

TEST(SusanGame, NinetyNineMovesDraw) {
  Game game;
  play_on_until(game, 98, outer_rows());
  const TurnResult& last = game.play("e5");
  EXPECT_EQ(last.move_number, 99);
  EXPECT_EQ(last.end, GameEnd::DrawMoveLimit);
  EXPECT_FALSE(game.winner().has_value());
  EXPECT_EQ(game.move_points(Side::Red), 100);
  EXPECT_EQ(game.move_points(Side::Yellow), 100);
}

// An enclosure at the 99th move decides the game: the draw is for a game without one.
TEST(SusanGame, AnEnclosureAtTheLastMoveStillWins) {
  Game game;
  // Yellow's a1 beside red's a2 and b1; b2 stays empty until the last move.
  play_on(game, {"b1", "a1", "a2"});
  std::vector<std::string> far;
  for (const std::string& cell : outer_rows()) {
    if (cell[0] != 'a' && cell != "c1" && cell != "c2" && cell != "c3") far.push_back(cell);
  }
  play_on_until(game, 98, far);
  ASSERT_EQ(game.to_move(), Side::Red);
  const TurnResult& last = game.play("b2");
  EXPECT_EQ(last.move_number, 99);
  EXPECT_EQ(last.end, GameEnd::Enclosed);
  EXPECT_EQ(game.winner(), Side::Red);
  EXPECT_EQ(game.move_points(Side::Red), 101);
  EXPECT_EQ(game.move_points(Side::Yellow), 99);
}

TEST(SusanGame, FaultsTheDriverSawLoseTheGame) {
  for (const FaultKind kind : {FaultKind::NoOutput, FaultKind::Timeout, FaultKind::Crash}) {
    Game game;
    play_on(game, {"e5", "d4", "c3"});
    const TurnResult& turn = game.play_fault(kind);
    EXPECT_EQ(turn.side, Side::Yellow);
    EXPECT_EQ(turn.move_number, 4);
    EXPECT_EQ(game.end(), GameEnd::Fault);
    EXPECT_EQ(game.fault(), kind);
    EXPECT_EQ(game.winner(), Side::Red);
    EXPECT_EQ(game.turns_of(Side::Yellow), 2);
    EXPECT_EQ(game.move_points(Side::Yellow), 3);
    EXPECT_EQ(game.move_points(Side::Red), 197);
  }
  EXPECT_EQ(fault_word(FaultKind::NoOutput), "BESTAND");
  EXPECT_EQ(fault_word(FaultKind::Timeout), "TIJD OP");
  EXPECT_EQ(fault_word(FaultKind::Illegal), "ONGELDIG");
}

TEST(SusanGame, ARecordIsReadBackOnlyWhenItsCountMatches) {
  EXPECT_EQ(parse_record("0\n"), std::vector<Move>{});
  EXPECT_EQ(parse_record("2\ne5\r\nd4\r\n")->size(), 2U);
  EXPECT_EQ(parse_record("3\ne5\nd4\n"), std::nullopt);
  EXPECT_EQ(parse_record("1\nx\n"), std::nullopt);
  EXPECT_EQ(parse_record(""), std::nullopt);
  EXPECT_EQ(record_lines({}), std::vector<std::string>{"0"});
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::susan
