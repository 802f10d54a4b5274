// amazes referee more|lamistra|susan|amazes: one game as a Caia referee, speaking caiaio's protocol on stdin
// and stdout (docs/referees.md). caiaio starts a referee with one argument, its log file.
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "amazes/competition/match_source.hpp"
#include "amazes/competition/random_seed.hpp"
#include "amazes/game.hpp"
#include "amazes/generator.hpp"
#include "amazes/more/board.hpp"
#include "amazes/more/board_generator.hpp"
#include "amazes/referee/amazes_referee.hpp"
#include "amazes/referee/caia_channel.hpp"
#include "amazes/referee/lamistra_referee.hpp"
#include "amazes/referee/more_referee.hpp"
#include "amazes/referee/susan_referee.hpp"
#include "command.hpp"

namespace amazes::cli {
namespace {

void add_log_option(po::options_description& options, po::positional_options_description& positionals) {
  options.add_options()("log", po::value<std::string>(), "write the referee's account of the game to this file");
  positionals.add("log", 1);
}

// The referee's log, or a stream that drops everything. A log that cannot be opened is said
// once on stderr and the game is played all the same: the manager waits for its result.
std::unique_ptr<std::ostream> open_log(const po::variables_map& values, std::string_view command) {
  if (values.count("log") == 0U) return std::make_unique<std::ostream>(nullptr);
  const std::string path = values["log"].as<std::string>();
  auto file = std::make_unique<std::ofstream>(path);
  if (!*file) {
    std::cerr << fmt::format("amazes {}: cannot write the log {}; playing without it\n", command, path);
    return std::make_unique<std::ostream>(nullptr);
  }
  return file;
}

// A referee whose only argument is its log: its game has no setup to choose.
template <class Referee>
int run_setup_free_referee(const Args& args, const char* usage, std::string_view command, Referee referee) {
  po::options_description options("Options");
  po::positional_options_description positionals;
  add_log_option(options, positionals);
  const auto values = parse_options(usage, options, positionals, args);
  if (!values) return kExitOk;
  const auto log = open_log(*values, command);
  referee::CaiaChannel caia(std::cin, std::cout);
  referee(caia, *log);
  return kExitOk;
}

// --seed, or a seed drawn at random and said on stderr.
std::uint64_t seed_or_drawn(const po::variables_map& values, std::string_view command, std::string_view what) {
  if (const auto seed = seed_option(values)) return *seed;
  const std::uint64_t seed = competition::draw_random_seed();
  say_drawn_seed(command, seed, what);
  return seed;
}

constexpr const char* kMoreUsage =
    "amazes referee more [--seed S | --board DIGITS] [LOG]\n\n"
    "A Caia referee for More (CodeCup 2017): caiaio runs it and speaks its protocol on stdin and\n"
    "stdout. Player 1 is white, player 2 black. The board is generated from the seed (drawn at\n"
    "random when not given), or given as the 60 digits of the board line. The result goes to the\n"
    "manager as `M report WHITE_SCORE BLACK_SCORE MESSAGE`. LOG: the referee's account of the game.";

int referee_more_command(const Args& args) {
  po::options_description options("Options");
  po::positional_options_description positionals;
  // clang-format off
  options.add_options()
      ("seed", po::value<std::string>(), "seed of the board (default: drawn at random, said on stderr)")
      ("board", po::value<std::string>(), "the board line: 60 digits 0, 1 or 2 (docs/more-rules.md §1)");
  // clang-format on
  add_log_option(options, positionals);
  const auto values = parse_options(kMoreUsage, options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("board") != 0U && values->count("seed") != 0U) throw UsageError("--board or --seed, not both");
  more::Board board;
  if (values->count("board") != 0U) {
    try {
      board = more::parse_board((*values)["board"].as<std::string>());
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--board: ") + e.what());
    }
  } else {
    board = more::generate_board(seed_or_drawn(*values, "referee more", "board"));
  }
  const auto log = open_log(*values, "referee more");
  referee::CaiaChannel caia(std::cin, std::cout);
  referee::referee_more(board, caia, *log);
  return kExitOk;
}

constexpr const char* kSusanUsage =
    "amazes referee susan [LOG]\n\n"
    "A Caia referee for Susan (NIO 2001), whose programs are run once per move: before each move\n"
    "the player to move gets the game so far as SPEL.IN's lines (the number of moves, then one move\n"
    "a line) and answers one line with its move. Player 1 is red (moves first), player 2 yellow.\n"
    "The result goes to the manager as `M report RED YELLOW MESSAGE move_points=RED,YELLOW`, the\n"
    "scores being the move points (0..200). LOG: the referee's account of the game.";

int referee_susan_command(const Args& args) {
  return run_setup_free_referee(args, kSusanUsage, "referee susan", referee::referee_susan);
}

constexpr const char* kAmazesUsage =
    "amazes referee amazes [--seed S] [--maze FILE] [--turns T] [LOG]\n\n"
    "A Caia referee for Amazes, by the rules of docs/rules.md: the maze and starts of a seed are\n"
    "those of `amazes match --seed S`, so the same bots play the same game. Player 1 is red,\n"
    "player 2 blue. The result goes to the manager as `M report RED_SCORE BLUE_SCORE MESSAGE`.\n"
    "LOG: the referee's account of the game.";

int referee_amazes_command(const Args& args) {
  po::options_description options("Options");
  po::positional_options_description positionals;
  // clang-format off
  options.add_options()
      ("seed", po::value<std::string>(), "seed of the maze and/or the starts (default: drawn at random, said on stderr)")
      ("maze", po::value<std::string>(), "maze file (default: a 25x25 maze generated from the seed)")
      ("turns", po::value<int>()->default_value(kDefaultTurns), "turns per player");
  // clang-format on
  add_log_option(options, positionals);
  const auto values = parse_options(kAmazesUsage, options, positionals, args);
  if (!values) return kExitOk;
  GameSettings settings;
  settings.turns = (*values)["turns"].as<int>();
  if (settings.turns < 1 || settings.turns > kMaxTurns) {
    throw UsageError(fmt::format("--turns must be from 1 to {}", kMaxTurns));
  }
  // The same sources as `amazes match`: a maze file is read and checked by the same function,
  // a generated maze and drawn starts come from the same seed.
  competition::GameMaze source;
  std::uint64_t seed = 0;
  if (values->count("maze") != 0U) {
    source = competition::maze_from_file((*values)["maze"].as<std::string>());  // MazeSourceError: exit 1
    if (!source.starts) seed = seed_or_drawn(*values, "referee amazes", "starts");
  } else {
    seed = seed_or_drawn(*values, "referee amazes", "game");
    source = competition::maze_from_seed(seed, kDefaultMazeSize);
  }
  const Starts starts = competition::game_starts(source, seed).starts;
  const auto log = open_log(*values, "referee amazes");
  referee::CaiaChannel caia(std::cin, std::cout);
  referee::referee_amazes(source.maze, starts, settings, caia, *log);
  return kExitOk;
}

constexpr const char* kLamistraUsage =
    "amazes referee lamistra [LOG]\n\n"
    "A Caia referee for Lamistra (NIO 2005, CodeCup 2005; docs/lamistra-rules.md): caiaio runs it\n"
    "and speaks its protocol on stdin and stdout. Player 1 is red, player 2 blue. An irregular\n"
    "move, a false role or a fault loses the game. The result goes to the manager as\n"
    "`M report RED_POINTS BLUE_POINTS MESSAGE`, match points 12-0, or 3-1 or 2-2 after 200\n"
    "moves each. LOG: the referee's account of the game.";

int referee_lamistra_command(const Args& args) {
  return run_setup_free_referee(
      args, kLamistraUsage, "referee lamistra",
      [](referee::CaiaChannel& caia, std::ostream& log) { return referee::referee_lamistra(caia, log); });
}

}  // namespace

CommandMain referee_command_of(std::string_view game) {
  if (game == "amazes") return referee_amazes_command;
  if (game == "more") return referee_more_command;
  if (game == "lamistra") return referee_lamistra_command;
  if (game == "susan") return referee_susan_command;
  return nullptr;
}

}  // namespace amazes::cli
