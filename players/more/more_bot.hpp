#pragma once
// What both sample More bots share: the board line, the stones, the legal moves and the
// dialogue with the referee (docs/more-rules.md). Standard C++ only, like a CodeCup entry.
#include <array>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace more_bot {

constexpr int kSize = 6;
constexpr int kSquares = kSize * kSize;
constexpr int kEmpty = -1;
constexpr int kWhite = 0;  // moves first, starts bottom right
constexpr int kBlack = 1;  // starts top left

constexpr std::array<int, 4> kRowStep = {-1, 0, 1, 0};  // N E S W
constexpr std::array<int, 4> kColStep = {0, 1, 0, -1};

struct Move {
  int from = 0;  // square index: row · 6 + column, a1 = 0
  int to = 0;
  int penalty = 0;  // walls crossed by a step: 1 single, 2 double
};

inline std::string square_name(int square) {
  return {static_cast<char>('a' + square / kSize), static_cast<char>('1' + square % kSize)};
}
inline std::string move_text(const Move& m) { return square_name(m.from) + square_name(m.to); }

// The square beside `square` in direction d, or -1 off the board.
inline int neighbour(int square, int d) {
  const int row = square / kSize + kRowStep[d];
  const int col = square % kSize + kColStep[d];
  if (row < 0 || col < 0 || row >= kSize || col >= kSize) return -1;
  return row * kSize + col;
}

class Board {
 public:
  // The 60 digits: per row the 5 edges between its squares, then the 6 edges to the row below.
  explicit Board(const std::string& line) {
    std::size_t next = 0;
    const auto read = [&] { return next < line.size() ? line[next++] - '0' : 0; };
    for (int row = 0; row < kSize; ++row) {
      for (int col = 0; col + 1 < kSize; ++col) set(row * kSize + col, 1, read());
      if (row + 1 == kSize) break;
      for (int col = 0; col < kSize; ++col) set(row * kSize + col, 2, read());
    }
  }
  // The wall (0, 1 or 2) between `square` and its neighbour in direction d.
  int wall(int square, int d) const { return walls_[static_cast<std::size_t>(square * 4 + d)]; }

 private:
  void set(int square, int d, int wall) {
    walls_[static_cast<std::size_t>(square * 4 + d)] = wall;
    walls_[static_cast<std::size_t>(neighbour(square, d) * 4 + (d + 2) % 4)] = wall;
  }
  std::array<int, kSquares * 4> walls_{};
};

inline bool in_target(int side, int square) {
  const int row = square / kSize;
  const int col = square % kSize;
  return side == kWhite ? row < 2 && col < 2 : row >= kSize - 2 && col >= kSize - 2;
}

struct Stones {
  std::array<int, kSquares> owner{};

  Stones() {
    owner.fill(kEmpty);
    for (const int s : {0, 1, 6, 7}) owner[static_cast<std::size_t>(s)] = kBlack;
    for (const int s : {28, 29, 34, 35}) owner[static_cast<std::size_t>(s)] = kWhite;
  }
  int at(int square) const { return owner[static_cast<std::size_t>(square)]; }
  void play(const std::string& text) {
    const int from = (text[0] - 'a') * kSize + (text[1] - '1');
    const int to = (text[2] - 'a') * kSize + (text[3] - '1');
    owner[static_cast<std::size_t>(to)] = owner[static_cast<std::size_t>(from)];
    owner[static_cast<std::size_t>(from)] = kEmpty;
  }
  bool arrived(int side) const {
    for (int s = 0; s < kSquares; ++s) {
      if (in_target(side, s) && at(s) != side) return false;
    }
    return true;
  }
};

// Steps to an empty neighbour (penalty: the wall between) and jumps over a neighbouring stone
// to the empty square beyond, with no wall on the way.
inline std::vector<Move> legal_moves(const Board& board, const Stones& stones, int side) {
  std::vector<Move> moves;
  for (int from = 0; from < kSquares; ++from) {
    if (stones.at(from) != side) continue;
    for (int d = 0; d < 4; ++d) {
      const int next = neighbour(from, d);
      if (next < 0) continue;
      if (stones.at(next) == kEmpty) {
        moves.push_back({from, next, board.wall(from, d)});
        continue;
      }
      const int landing = neighbour(next, d);
      if (landing >= 0 && stones.at(landing) == kEmpty && board.wall(from, d) == 0 && board.wall(next, d) == 0) {
        moves.push_back({from, landing, 0});
      }
    }
  }
  return moves;
}

// The dialogue: the board line, then "Start" (white) or white's first move (black); after each
// of our moves the opponent's move, or "Nil" when it did not move (it has arrived, or it has no
// legal move and passes); "Quit" at the end. A move of the opponent that leaves us no legal move
// gets no answer: we pass, and read its next move. `choose` picks our move; we play until Quit
// or the end of the input.
template <typename Choose>
int play(Choose choose) {
  std::string line;
  if (!std::getline(std::cin, line)) return 0;
  const Board board(line);
  Stones stones;
  int side = kBlack;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line == "Quit") return 0;
    if (line == "Start") {
      side = kWhite;
    } else if (line != "Nil") {
      stones.play(line);
      if (legal_moves(board, stones, side).empty()) continue;
    }
    const Move move = choose(board, stones, side);
    const std::string text = move_text(move);
    stones.play(text);
    std::cout << text << std::endl;  // endl flushes: the referee waits for the line
  }
  return 0;
}

}  // namespace more_bot
