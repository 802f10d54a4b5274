// What a match plays, from its referee's command, worked out once.
#include "amazes/arbiter/game_choice.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "amazes/arbiter/player_command.hpp"

namespace amazes::arbiter {

GameChoice::GameChoice(std::string referee) : referee_(std::move(referee)) {
  if (referee_.empty()) return;
  const SplitCommand split = split_command(referee_);
  const std::vector<std::string>& words = split.words;
  const auto uses = [&](std::string_view placeholder) {
    return std::any_of(words.begin(), words.end(),
                       [&](const std::string& word) { return word.find(placeholder) != std::string::npos; });
  };
  setup_ = uses(kMazePlaceholder) ? SetupKind::Maze : uses(kSeedPlaceholder) ? SetupKind::Seed : SetupKind::None;
  if (setup_ == SetupKind::Maze) return;  // an Amazes referee: the game on a maze
  if (!split.ok() || words.empty()) {
    name_.clear();
    catalogued_ = false;
    return;
  }
  const std::string program = std::filesystem::path(words[0]).filename().string();
  catalogued_ = words.size() >= 3 && program == "amazes" && words[1] == "referee";
  name_ = catalogued_ ? words[2] : program;
}

}  // namespace amazes::arbiter
