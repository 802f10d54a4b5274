#pragma once
// What the Susan bots share (docs/susan-rules.md): the 61 cells and their neighbours, the stones,
// the legal moves, what a move does, and the files: SPEL.IN (the game so far) read from the
// current folder, SPEL.UIT (one move) written there. Standard C++ only, like an NIO entry: each
// bot is run once per move and exits.
#include <array>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace susan_bot {

constexpr int kRows = 9;
constexpr int kCells = 61;
constexpr std::array<int, kRows> kRowLengths = {5, 6, 7, 8, 9, 8, 7, 6, 5};
constexpr int kMoveLimit = 99;     // the game is drawn after 99 moves
constexpr int kSlidesForDraw = 6;  // or after six slides in a row
constexpr int kRed = 0;            // moves first
constexpr int kYellow = 1;
constexpr int kEmpty = -1;

inline int row_start(int row) {
  int start = 0;
  for (int r = 0; r < row; ++r) start += kRowLengths[r];
  return start;
}

// The cell of `row` (0 = a) and `column` (from 1), or -1 off the board.
inline int cell_at(int row, int column) {
  if (row < 0 || row >= kRows || column < 1 || column > kRowLengths[row]) return -1;
  return row_start(row) + column - 1;
}

inline std::string cell_name(int cell) {
  int row = 0;
  while (row_start(row + 1) <= cell) ++row;
  return std::string(1, static_cast<char>('a' + row)) + std::to_string(cell - row_start(row) + 1);
}

inline int parse_cell(const std::string& text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'i') return -1;
  return cell_at(text[0] - 'a', text[1] - '0');
}

// A longer row next to row r is touched at c and c+1, a shorter one at c-1 and c.
inline const std::vector<std::vector<int>>& neighbours() {
  static const std::vector<std::vector<int>> table = [] {
    std::vector<std::vector<int>> of(kCells);
    for (int row = 0; row < kRows; ++row) {
      for (int column = 1; column <= kRowLengths[row]; ++column) {
        auto& out = of[static_cast<std::size_t>(cell_at(row, column))];
        for (const int other : {row - 1, row + 1}) {
          if (other < 0 || other >= kRows) continue;
          const int first = kRowLengths[other] > kRowLengths[row] ? column : column - 1;
          for (const int c : {first, first + 1}) {
            if (cell_at(other, c) >= 0) out.push_back(cell_at(other, c));
          }
        }
        for (const int c : {column - 1, column + 1}) {
          if (cell_at(row, c) >= 0) out.push_back(cell_at(row, c));
        }
      }
    }
    return of;
  }();
  return table;
}

struct Move {
  int from = -1;  // -1 for a placement
  int to = 0;
};

inline std::string move_text(const Move& move) {
  return move.from < 0 ? cell_name(move.to) : cell_name(move.from) + "-" + cell_name(move.to);
}

inline std::optional<Move> parse_move(const std::string& text) {
  const auto dash = text.find('-');
  if (dash == std::string::npos) {
    const int to = parse_cell(text);
    if (to < 0) return std::nullopt;
    return Move{-1, to};
  }
  const int from = parse_cell(text.substr(0, dash));
  const int to = parse_cell(text.substr(dash + 1));
  if (from < 0 || to < 0) return std::nullopt;
  return Move{from, to};
}

// What a move does for the side that makes it.
enum class Outcome : std::uint8_t { Continue, Win, Lose, Draw };

struct State {
  std::array<int, kCells> stone{};  // kEmpty, kRed or kYellow
  int to_move = kRed;
  int moves = 0;   // made so far, both sides
  int slides = 0;  // slides in a row just before this move

  State() { stone.fill(kEmpty); }

  bool enclosed(int cell) const {
    if (stone[static_cast<std::size_t>(cell)] == kEmpty) return false;
    for (const int n : neighbours()[static_cast<std::size_t>(cell)]) {
      if (stone[static_cast<std::size_t>(n)] == kEmpty) return false;
    }
    return true;
  }

  std::vector<Move> legal_moves() const {
    std::vector<Move> moves_list;
    for (int cell = 0; cell < kCells; ++cell) {
      if (stone[static_cast<std::size_t>(cell)] == kEmpty) moves_list.push_back({-1, cell});
    }
    for (int cell = 0; cell < kCells; ++cell) {
      if (stone[static_cast<std::size_t>(cell)] != to_move) continue;
      for (const int n : neighbours()[static_cast<std::size_t>(cell)]) {
        if (stone[static_cast<std::size_t>(n)] == kEmpty) moves_list.push_back({cell, n});
      }
    }
    return moves_list;
  }

  // Whether `move` is legal for the side to move.
  bool legal(const Move& move) const {
    if (stone[static_cast<std::size_t>(move.to)] != kEmpty) return false;
    if (move.from < 0) return true;
    if (stone[static_cast<std::size_t>(move.from)] != to_move) return false;
    for (const int n : neighbours()[static_cast<std::size_t>(move.from)]) {
      if (n == move.to) return true;
    }
    return false;
  }

  // Makes a legal move and says what it did for its maker. Only the new stone and its
  // neighbours can have become enclosed: a cell left empty frees stones, never encloses them.
  Outcome play(const Move& move) {
    const int side = to_move;
    if (move.from >= 0) stone[static_cast<std::size_t>(move.from)] = kEmpty;
    stone[static_cast<std::size_t>(move.to)] = side;
    ++moves;
    slides = move.from >= 0 ? slides + 1 : 0;
    to_move = 1 - side;
    bool own = enclosed(move.to);
    bool theirs = false;
    for (const int n : neighbours()[static_cast<std::size_t>(move.to)]) {
      if (!enclosed(n)) continue;
      if (stone[static_cast<std::size_t>(n)] == side)
        own = true;
      else
        theirs = true;
    }
    if (own) return Outcome::Lose;  // even when a stone of the other side is enclosed too
    if (theirs) return Outcome::Win;
    if (slides >= kSlidesForDraw || moves >= kMoveLimit) return Outcome::Draw;
    return Outcome::Continue;
  }
};

// The moves that enclose none of the mover's own stones (one that does is lost, and ONNODIG
// while another move is left): all moves only when each of them does.
inline std::vector<Move> regular_moves(const State& state) {
  const std::vector<Move> all = state.legal_moves();
  std::vector<Move> regular;
  for (const Move& move : all) {
    State after = state;
    if (after.play(move) != Outcome::Lose) regular.push_back(move);
  }
  return regular.empty() ? all : regular;
}

// The game so far from SPEL.IN in the current folder: the count, then one move a line (blank
// lines passed over). Nothing when it cannot be read.
inline std::optional<State> read_game(const char* path = "SPEL.IN") {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string word;
    if (words >> word) lines.push_back(word);
  }
  if (lines.empty()) return std::nullopt;
  State state;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const auto move = parse_move(lines[k]);
    if (!move || !state.legal(*move)) return std::nullopt;
    state.play(*move);
  }
  return state;
}

inline bool write_move(const std::string& text, const char* path = "SPEL.UIT") {
  std::ofstream out(path);
  out << text << "\n";
  return static_cast<bool>(out.flush());
}

}  // namespace susan_bot
