#pragma once
// What the Lamistra bots share: the board, the pieces and every role said so far, the moves and
// role claims the rules allow (docs/lamistra-rules.md), and the dialogue with the referee. Both
// sides see the same: every move and every role is passed to both. Standard C++ only, like a
// CodeCup entry: a bot links nothing of the judge.
#include <array>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace lamistra_bot {

constexpr int kSize = 7;
constexpr int kSquares = kSize * kSize;
constexpr int kRed = 0;  // moves first, starts on a1..g3
constexpr int kBlue = 1;
constexpr int kNone = -1;

// Roles in the order of the seed's table: flag, bomb, general, colonel, lieutenant, miner,
// rider, spy.
constexpr int kRoles = 8;
constexpr int kFlag = 0;
constexpr int kBomb = 1;
constexpr int kGeneral = 2;
constexpr int kMiner = 5;
constexpr int kSpy = 7;
constexpr std::array<char, kRoles> kLetter = {'V', 'B', 'G', 'O', 'L', 'M', 'R', 'S'};
constexpr std::array<int, kRoles> kCount = {1, 4, 1, 2, 3, 4, 5, 1};
constexpr std::array<int, kRoles> kRank = {0, 0, 1, 2, 3, 4, 5, 6};  // 0: never moves
constexpr int kMovingPieces = 16;

inline bool moving_role(int role) { return kRank[role] != 0; }

// A square is rank · 7 + file: a1 = 0, g1 = 6, a2 = 7, g7 = 48.
inline int file_of(int square) { return square % kSize; }
inline int rank_of(int square) { return square / kSize; }
inline bool is_lake(int square) { return rank_of(square) == 3 && (file_of(square) == 1 || file_of(square) == 5); }
inline std::string square_name(int square) {
  return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}
// The square one step from `square` in direction d (up, right, down, left), or kNone.
inline int neighbour(int square, int d) {
  static constexpr std::array<int, 4> kFileStep = {0, 1, 0, -1};
  static constexpr std::array<int, 4> kRankStep = {1, 0, -1, 0};
  const int file = file_of(square) + kFileStep[d];
  const int rank = rank_of(square) + kRankStep[d];
  if (file < 0 || rank < 0 || file >= kSize || rank >= kSize) return kNone;
  return rank * kSize + file;
}
inline int distance(int a, int b) { return std::abs(file_of(a) - file_of(b)) + std::abs(rank_of(a) - rank_of(b)); }

struct Move {
  int from = 0;
  int to = 0;
};
inline std::string move_text(const Move& m) { return square_name(m.from) + "-" + square_name(m.to); }
inline std::optional<Move> parse_move(const std::string& text) {
  if (text.size() < 5 || text[2] != '-') return std::nullopt;
  const auto square = [](char f, char r) { return (r - '1') * kSize + (f - 'a'); };
  return Move{square(text[0], text[1]), square(text[3], text[4])};
}
inline int parse_role(const std::string& text) {
  for (int role = 0; role < kRoles; ++role) {
    if (!text.empty() && text[0] == kLetter[role]) return role;
  }
  return kNone;
}

// Who wins an attack: 1 the attacker, -1 the defender, 0 both go, 2 the flag was taken.
inline int combat(int attacker, int defender) {
  if (defender == kFlag) return 2;
  if (defender == kBomb) return attacker == kMiner ? 1 : -1;
  if (attacker == kSpy && defender == kGeneral) return 1;
  if (kRank[attacker] == kRank[defender]) return 0;
  return kRank[attacker] < kRank[defender] ? 1 : -1;
}

struct Piece {
  int side = kRed;
  int square = kNone;  // kNone once removed
  bool moved = false;  // moved or attacked: never the flag or a bomb
  int role = kNone;    // given when it first fought
};

// The game as both sides know it.
class Game {
 public:
  Game() {
    board_.fill(kNone);
    for (int square = 0; square < kSquares; ++square) {
      const int rank = rank_of(square);
      if (rank == 3) continue;
      board_[square] = static_cast<int>(pieces_.size());
      pieces_.push_back(Piece{rank < 3 ? kRed : kBlue, square, false, kNone});
    }
  }

  const std::vector<Piece>& pieces() const { return pieces_; }
  const Piece& piece(int id) const { return pieces_[id]; }
  int at(int square) const { return board_[square]; }
  int moves_made(int side) const { return moves_[side]; }

  int given(int side, int role) const {
    int n = 0;
    for (const Piece& p : pieces_) n += p.side == side && p.role == role ? 1 : 0;
    return n;
  }
  // Pieces that moved or were given a moving role: the rules allow 16.
  int movers(int side) const {
    int n = 0;
    for (const Piece& p : pieces_) n += p.side == side && (p.moved || (p.role != kNone && moving_role(p.role))) ? 1 : 0;
    return n;
  }
  int on_board(int side) const {
    int n = 0;
    for (const Piece& p : pieces_) n += p.side == side && p.square != kNone ? 1 : 0;
    return n;
  }

  // Whether piece `id` may be given `role` now (docs/lamistra-rules.md §3).
  bool may_claim(int id, int role) const {
    const Piece& p = pieces_[id];
    if (p.role != kNone) return p.role == role;
    if (given(p.side, role) >= kCount[role]) return false;
    if (!moving_role(role)) return !p.moved;
    return p.moved || movers(p.side) < kMovingPieces;
  }
  std::vector<int> allowed_claims(int id) const {
    std::vector<int> roles;
    for (int role = 0; role < kRoles; ++role) {
      if (may_claim(id, role)) roles.push_back(role);
    }
    return roles;
  }

  // The moves `side` may make. With `limit_movers` false the sixteen-piece limit is left out
  // (for a test bot that breaks it).
  std::vector<Move> legal_moves(int side, bool limit_movers = true) const {
    std::vector<Move> moves;
    for (int id = 0; id < static_cast<int>(pieces_.size()); ++id) {
      const Piece& p = pieces_[id];
      if (p.side != side || p.square == kNone) continue;
      if (p.role != kNone && !moving_role(p.role)) continue;
      const bool new_mover = !p.moved && (p.role == kNone || !moving_role(p.role));
      if (limit_movers && new_mover && movers(side) >= kMovingPieces) continue;
      for (int d = 0; d < 4; ++d) {
        const int to = neighbour(p.square, d);
        if (to == kNone || is_lake(to)) continue;
        if (board_[to] != kNone && pieces_[board_[to]].side == side) continue;
        if (board_[to] == kNone && goes_straight_back(side, Move{p.square, to})) continue;
        moves.push_back(Move{p.square, to});
      }
    }
    return moves;
  }
  bool goes_straight_back(int side, const Move& m) const {
    const auto& last = last_[side];
    return last && !last_attack_[side] && last->to == m.from && last->from == m.to;
  }
  bool is_attack(const Move& m) const { return board_[m.to] != kNone; }

  // A move without an attack.
  void move(int side, const Move& m) {
    const int id = board_[m.from];
    board_[m.to] = id;
    board_[m.from] = kNone;
    pieces_[id].square = m.to;
    pieces_[id].moved = true;
    last_[side] = m;
    last_attack_[side] = false;
    ++moves_[side];
  }
  // An attack: the attacker counts as moved from now on; its result once both roles are given.
  void begin_attack(int side, const Move& m) {
    pieces_[board_[m.from]].moved = true;
    last_[side] = m;
    last_attack_[side] = true;
    ++moves_[side];
  }
  void give_role(int id, int role) { pieces_[id].role = role; }
  // Returns combat()'s result.
  int resolve_attack(const Move& m) {
    const int attacker = board_[m.from];
    const int defender = board_[m.to];
    const int result = combat(pieces_[attacker].role, pieces_[defender].role);
    board_[m.from] = kNone;
    if (result >= 1) {
      pieces_[defender].square = kNone;
      pieces_[attacker].square = m.to;
      board_[m.to] = attacker;
    } else {
      pieces_[attacker].square = kNone;
      if (result == 0) {
        pieces_[defender].square = kNone;
        board_[m.to] = kNone;
      }
    }
    return result;
  }

 private:
  std::array<int, kSquares> board_{};
  std::vector<Piece> pieces_;
  std::array<std::optional<Move>, 2> last_;
  std::array<bool, 2> last_attack_{false, false};
  std::array<int, 2> moves_{0, 0};
};

// A bot's choices; the dialogue is play()'s.
class Strategy {
 public:
  virtual ~Strategy() = default;
  virtual Move choose_move(const Game& game, int me) = 0;
  // The role of my piece attacking with `attack` (already begun: the piece counts as moved).
  virtual int attacker_role(const Game& game, int me, const Move& attack) = 0;
  // The role of my piece on attack.to, attacked by the other side.
  virtual int defender_role(const Game& game, int me, const Move& attack) = 0;
};

// The dialogue of the seed's example: "Start" or red's first move; then my move (and my role
// if it attacks, then the defender's role), and the other's move (and my role if it attacks
// me, then the attacker's). "X", or the end of the input, ends the game.
inline int play(Strategy& strategy) {
  std::string line;
  const auto read = [&line]() {
    if (!std::getline(std::cin, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line != "X";
  };
  if (!read()) return 0;
  Game game;
  const int me = line == "Start" ? kRed : kBlue;
  bool my_turn = me == kRed;
  bool line_read = me == kBlue;  // blue's first line is red's first move
  while (true) {
    if (my_turn) {
      // No move left: the referee ends the game (no_move) instead of waiting for one. Wait for
      // that end: a move made up here would be no move of the board's.
      if (game.legal_moves(me).empty()) {
        while (read()) {
        }
        return 0;
      }
      const Move m = strategy.choose_move(game, me);
      std::cout << move_text(m) << std::endl;
      if (game.is_attack(m)) {
        const int attacker = game.at(m.from);
        game.begin_attack(me, m);
        const int role = strategy.attacker_role(game, me, m);
        std::cout << kLetter[role] << std::endl;
        game.give_role(attacker, role);
        if (!read()) return 0;  // the defender's role
        game.give_role(game.at(m.to), parse_role(line));
        game.resolve_attack(m);
      } else {
        game.move(me, m);
      }
    } else {
      if (!line_read && !read()) return 0;
      line_read = false;
      const auto m = parse_move(line);
      if (!m) return 0;
      if (game.is_attack(*m)) {
        const int attacker = game.at(m->from);
        game.begin_attack(1 - me, *m);
        const int role = strategy.defender_role(game, me, *m);
        std::cout << kLetter[role] << std::endl;
        game.give_role(game.at(m->to), role);
        if (!read()) return 0;  // the attacker's role
        game.give_role(attacker, parse_role(line));
        game.resolve_attack(*m);
      } else {
        game.move(1 - me, *m);
      }
    }
    my_turn = !my_turn;
  }
}

}  // namespace lamistra_bot
