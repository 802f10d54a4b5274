// The sample More bots' dialogue (players/more/more_bot.hpp, docs/more-rules.md §4): a move
// that leaves the bot no legal move gets no answer, and "Nil" after the other's pass gets one.
// The moves are testing::blockade_moves(), chosen here in the bots' place.
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../players/more/more_bot.hpp"
#include "amazes/more/board.hpp"
#include "support/more_blockade.hpp"

namespace AMAZES_FILE_NAMESPACE {

// Runs more_bot::play on `input`, choosing the moves of `ours` in turn (each must be legal where
// the bot thinks the stones are); returns what it wrote.
std::string dialogue(const std::string& input, const std::vector<std::string>& ours) {
  std::istringstream in(input);
  std::ostringstream out;
  auto* const cin_buffer = std::cin.rdbuf(in.rdbuf());
  auto* const cout_buffer = std::cout.rdbuf(out.rdbuf());
  std::size_t next = 0;
  more_bot::play([&](const more_bot::Board& board, const more_bot::Stones& stones, int side) {
    const std::string text = next < ours.size() ? ours[next++] : "none left";
    for (const more_bot::Move& m : more_bot::legal_moves(board, stones, side)) {
      if (more_bot::move_text(m) == text) return m;
    }
    ADD_FAILURE() << text << " is not a legal move where the bot sees the stones";
    return more_bot::legal_moves(board, stones, side).front();
  });
  std::cin.rdbuf(cin_buffer);
  std::cout.rdbuf(cout_buffer);
  EXPECT_EQ(next, ours.size()) << "moves asked of the bot";
  return out.str();
}

std::string lines(const std::vector<std::string>& texts) {
  std::string joined;
  for (const std::string& text : texts) joined += text + "\n";
  return joined;
}

const std::vector<std::string> kMoves = amazes::testing::blockade_moves();
const std::string kBoard = amazes::more::format_board(amazes::testing::blockade_board());

std::vector<std::string> moves_of(int side) {
  std::vector<std::string> own;
  for (std::size_t i = static_cast<std::size_t>(side); i < kMoves.size(); i += 2) own.push_back(kMoves[i]);
  return own;
}

// Black reads white's 25 moves, answers 24: a4a3 leaves it none. It answers b3c3, which frees it.
TEST(MoreBotDialogue, AMoveThatLeavesTheBotNoMoveGetsNoAnswer) {
  std::vector<std::string> black = moves_of(more_bot::kBlack);
  ASSERT_EQ(black.size(), 24U);
  std::vector<std::string> white = moves_of(more_bot::kWhite);
  white.insert(white.end(), {"b3c3", "Quit"});
  black.push_back("b2b3");
  EXPECT_EQ(dialogue(kBoard + "\n" + lines(white), black), lines(black));
}

// White reads "Nil" after black's pass and moves again.
TEST(MoreBotDialogue, NilAfterThePassOfTheOtherGetsAMove) {
  std::vector<std::string> white = moves_of(more_bot::kWhite);
  white.push_back("b3c3");
  std::vector<std::string> black = moves_of(more_bot::kBlack);
  black.insert(black.end(), {"Nil", "Quit"});
  EXPECT_EQ(dialogue(kBoard + "\nStart\n" + lines(black), white), lines(white));
}

}  // namespace AMAZES_FILE_NAMESPACE
