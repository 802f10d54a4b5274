#pragma once
// Lamistra's board (docs/lamistra-rules.md §1): 7×7 squares named as in chess, a1 bottom left,
// g7 top right; the lakes b4 and f4; red starts on ranks 1–3, blue on ranks 5–7. A move is one
// orthogonal step, written as in the protocol: "d3-d4".
#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace amazes::lamistra {

inline constexpr int kBoardSize = 7;

enum class Side : std::uint8_t { Red, Blue };  // red moves first
inline constexpr std::array kBothSides = {Side::Red, Side::Blue};
constexpr int index_of(Side side) { return side == Side::Red ? 0 : 1; }
constexpr Side other(Side side) { return side == Side::Red ? Side::Blue : Side::Red; }
std::string_view side_name(Side side);  // "red", "blue"

struct Square {
  int file = 0;  // 0..6: a..g
  int rank = 0;  // 0..6: 1..7
  friend auto operator<=>(const Square&, const Square&) = default;
};

bool on_board(Square square);
bool is_lake(Square square);  // b4, f4
// The side whose pieces start on `square`, or nothing (rank 4).
std::optional<Side> starting_side(Square square);
// One step horizontally or vertically.
bool adjacent(Square a, Square b);

std::string format_square(Square square);  // "d3"
// "d3" (a..g, 1..7), or nothing.
std::optional<Square> parse_square(std::string_view text);

struct Move {
  Square from;
  Square to;
  friend bool operator==(const Move&, const Move&) = default;
};

std::string format_move(Move move);  // "d3-d4"
// Five characters "d3-d4", both squares on the board; nothing for anything else. Whether the
// move is allowed is the position's question.
std::optional<Move> parse_move(std::string_view text);

}  // namespace amazes::lamistra
