// The games this judge knows (game_catalogue.hpp): one row each.
#include "amazes/game_catalogue.hpp"

namespace amazes {

namespace {

// Times as the contests gave them: CodeCup 2010's 5 s, CodeCup 2017's 30 s, NIO 2005's 180 s, and
// NIO 2001's 15 s a move (750 s for the 50 moves a side may make).
constexpr std::array kGames = {
    GameRow{"amazes",
            "Amazes (CodeCup 2010)",
            SetupKind::Maze,
            "players",
            "explorer",
            {"red", "blue"},
            TurnCount::EachPlayersTurns,
            "0-1000",
            5000,
            "",
            0,
            "codecup"},
    GameRow{"more",
            "More (CodeCup 2017)",
            SetupKind::Seed,
            "more-players",
            "random_more",
            {"white", "black"},
            TurnCount::MovesMade,
            "0-20",
            30000,
            "",
            0,
            "codecup"},
    GameRow{"lamistra",
            "Lamistra (NIO 2005, CodeCup 2005)",
            SetupKind::None,
            "lamistra-players",
            "toeval_lamistra",
            {"red", "blue"},
            TurnCount::MovesMade,
            "0-12",
            180000,
            "",
            0,
            "nio-2005"},
    GameRow{"susan",
            "Susan (NIO 2001)",
            SetupKind::None,
            "susan-players",
            "toeval_susan",
            {"red", "yellow"},
            TurnCount::MovesMade,
            "0-200",
            750000,
            "SPEL.IN,SPEL.UIT",
            15000,
            "nio-2001"},
};

}  // namespace

std::span<const GameRow> game_catalogue() { return kGames; }

const GameRow* find_game(std::string_view name) {
  for (const GameRow& game : kGames) {
    if (game.name == name) return &game;
  }
  return nullptr;
}

}  // namespace amazes
