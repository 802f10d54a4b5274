// Squares and moves in the protocol's notation.
#include "amazes/lamistra/board.hpp"

#include <cstdlib>

namespace amazes::lamistra {

std::string_view side_name(Side side) { return side == Side::Red ? "red" : "blue"; }

bool on_board(Square square) {
  return square.file >= 0 && square.file < kBoardSize && square.rank >= 0 && square.rank < kBoardSize;
}

bool is_lake(Square square) { return square.rank == 3 && (square.file == 1 || square.file == 5); }

std::optional<Side> starting_side(Square square) {
  if (!on_board(square) || square.rank == 3) return std::nullopt;
  return square.rank < 3 ? Side::Red : Side::Blue;
}

bool adjacent(Square a, Square b) { return std::abs(a.file - b.file) + std::abs(a.rank - b.rank) == 1; }

std::string format_square(Square square) {
  return {static_cast<char>('a' + square.file), static_cast<char>('1' + square.rank)};
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const Square square{text[0] - 'a', text[1] - '1'};
  if (!on_board(square)) return std::nullopt;
  return square;
}

std::string format_move(Move move) { return format_square(move.from) + "-" + format_square(move.to); }

std::optional<Move> parse_move(std::string_view text) {
  if (text.size() != 5 || text[2] != '-') return std::nullopt;
  const auto from = parse_square(text.substr(0, 2));
  const auto to = parse_square(text.substr(3, 2));
  if (!from || !to) return std::nullopt;
  return Move{*from, *to};
}

}  // namespace amazes::lamistra
