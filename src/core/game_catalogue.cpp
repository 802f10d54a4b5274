// The games this judge knows (game_catalogue.hpp): one row each.
#include "amazes/game_catalogue.hpp"

namespace amazes {

namespace {

// Times as the contests gave them: CodeCup 2010's 5 s, CodeCup 2017's 30 s, NIO 2005's 180 s, and
// NIO 2001's 15 s a move (750 s for the 50 moves a side may make).
const std::array<GameRow, 4>& games() {
  static const std::array<GameRow, 4> rows = {
      GameRow{.name = "amazes",
              .title = "Amazes (CodeCup 2010)",
              .setup = SetupKind::Maze,
              .players = "players",
              .reference = "explorer",
              .sides = {"red", "blue"},
              .turns = TurnCount::EachPlayersTurns,
              .scores = "0-1000",
              .time_ms = 5000,
              .move_files = "",
              .move_time_ms = 0,
              .ranking = "codecup"},
      GameRow{.name = "more",
              .title = "More (CodeCup 2017)",
              .setup = SetupKind::Seed,
              .players = "more-players",
              .reference = "random_more",
              .sides = {"white", "black"},
              .turns = TurnCount::MovesMade,
              .scores = "0-20",
              .time_ms = 30000,
              .move_files = "",
              .move_time_ms = 0,
              .ranking = "codecup"},
      GameRow{.name = "lamistra",
              .title = "Lamistra (NIO 2005, CodeCup 2005)",
              .setup = SetupKind::None,
              .players = "lamistra-players",
              .reference = "toeval_lamistra",
              .sides = {"red", "blue"},
              .turns = TurnCount::MovesMade,
              .scores = "0-12",
              .time_ms = 180000,
              .move_files = "",
              .move_time_ms = 0,
              .ranking = "nio-2005"},
      GameRow{.name = "susan",
              .title = "Susan (NIO 2001)",
              .setup = SetupKind::None,
              .players = "susan-players",
              .reference = "toeval_susan",
              .sides = {"red", "yellow"},
              .turns = TurnCount::MovesMade,
              .scores = "0-200",
              .time_ms = 750000,
              .move_files = "SPEL.IN,SPEL.UIT",
              .move_time_ms = 15000,
              .ranking = "nio-2001"},
  };
  return rows;
}

}  // namespace

std::span<const GameRow> game_catalogue() { return games(); }

const GameRow* find_game(std::string_view name) {
  for (const GameRow& game : games()) {
    if (game.name == name) return &game;
  }
  return nullptr;
}

}  // namespace amazes
