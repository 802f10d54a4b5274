#pragma once
// What a match plays, decided once, when its settings are read: the built-in Amazes game, or a
// Caia referee's command and the game that command plays, with the setup the game is given. Nothing
// later splits the command again to find out.
//
//   no referee                          the built-in Amazes game, on a maze
//   `amazes referee NAME …` (any path)  the catalogue's game NAME (game_catalogue.hpp)
//   a game file's referee               the file's game (GameRow::referee), by the file's name
//   another program                     a game the judge does not know, called by the program's
//                                       file name ("more_referee.py")
// and the setup from the command's placeholders: {maze} a maze file, {seed} a seed, else none.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "amazes/game_catalogue.hpp"

namespace amazes::arbiter {

inline constexpr std::string_view kAmazesGame = "amazes";
// In a referee's command: the path of a file of the game's Amazes setup (referee_command.hpp).
inline constexpr std::string_view kMazePlaceholder = "{maze}";
// In a referee's command: the game's seed.
inline constexpr std::string_view kSeedPlaceholder = "{seed}";

class GameChoice {
 public:
  GameChoice() = default;  // the built-in Amazes game
  // A referee's command; empty: the built-in game.
  explicit GameChoice(std::string referee);
  // The game of a game file: its row, its referee.
  explicit GameChoice(std::shared_ptr<const GameRow> file_row);

  bool built_in() const { return referee_.empty(); }
  const std::string& referee() const { return referee_; }
  // "amazes", "more", "more_referee.py"; empty when the command cannot be split (its check says why).
  const std::string& name() const { return name_; }
  SetupKind setup() const { return setup_; }
  bool on_maze() const { return setup_ == SetupKind::Maze; }
  // The game's row (the catalogue's, or its game file's), or nullptr for a game the judge does not
  // know: only the judge's own referees play a game of its catalogue (a program that happens to
  // be called `more` is not More's referee).
  const GameRow* row() const {
    if (file_row_) return file_row_.get();
    return catalogued_ ? find_game(name_) : nullptr;
  }

  // Side 0 or 1 as the game names it ("white", "black"); a game the judge does not know has only
  // its referee's numbers: "1", "2".
  std::string side_name(int side) const {
    if (const GameRow* game = row()) return game->sides[side == 0 ? 0 : 1];
    return side == 0 ? "1" : "2";
  }

  // A game file's row, which the results store keeps (it knows no file); nullptr for any other game.
  const std::shared_ptr<const GameRow>& file_row() const { return file_row_; }

  friend bool operator==(const GameChoice& a, const GameChoice& b) { return a.referee_ == b.referee_; }

 private:
  std::string referee_;
  std::string name_{kAmazesGame};
  SetupKind setup_ = SetupKind::Maze;
  bool catalogued_ = true;  // the built-in game, a game on a maze, or `amazes referee NAME`
  std::shared_ptr<const GameRow> file_row_;
};

// A game file's row as one line of JSON, and back (nothing when the text is no such row).
std::string game_row_json(const GameRow& row);
std::optional<GameRow> game_row_from_json(std::string_view text);

}  // namespace amazes::arbiter
