// Which game a match plays, and Amazes' setup as a maze file's text.
#include "amazes/arbiter/game_setup.hpp"

#include <filesystem>
#include <stdexcept>

#include "amazes/arbiter/player_command.hpp"
#include "amazes/maze_io.hpp"

namespace amazes::arbiter {

bool played_on_maze(const MatchSettings& settings) {
  if (settings.referee.empty()) return true;
  const SplitCommand split = split_command(settings.referee);
  for (const std::string& word : split.words) {
    if (word.find(kMazePlaceholder) != std::string::npos) return true;
  }
  return false;
}

std::string game_of(const MatchSettings& settings) {
  if (played_on_maze(settings)) return std::string(kAmazesGame);
  const SplitCommand split = split_command(settings.referee);
  if (!split.ok() || split.words.empty()) return {};
  const std::vector<std::string>& words = split.words;
  const std::string program = std::filesystem::path(words[0]).filename().string();
  if (words.size() >= 3 && program == "amazes" && words[1] == "referee") return words[2];
  return program;
}

GameSetup seed_setup(const MatchSettings& settings, std::optional<std::uint64_t> seed) {
  return {game_of(settings), seed, ""};
}

GameSetup amazes_setup(const Maze& maze, const Starts& starts, std::optional<std::uint64_t> seed) {
  return {std::string(kAmazesGame), seed, format_maze(maze, starts)};
}

AmazesBoard amazes_board(const GameSetup& setup) {
  MazeFile parsed;
  try {
    parsed = parse_maze(setup.payload, "the game's setup");
  } catch (const MazeParseError& e) {
    throw std::invalid_argument(std::string("an Amazes setup that is no maze file: ") + e.what());
  }
  if (!parsed.starts) throw std::invalid_argument("an Amazes setup without its start lines");
  return {std::move(parsed.maze), *parsed.starts};
}

}  // namespace amazes::arbiter
