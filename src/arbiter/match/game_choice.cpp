// What a match plays, from its referee's command, worked out once.
#include "amazes/arbiter/game_choice.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

#include <nlohmann/json.hpp>

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

GameChoice::GameChoice(std::shared_ptr<const GameRow> file_row) : GameChoice(file_row->referee) {
  name_ = file_row->name;
  catalogued_ = false;
  file_row_ = std::move(file_row);
}

namespace {

constexpr std::string_view setup_name(SetupKind setup) {
  return setup == SetupKind::Maze ? "maze" : setup == SetupKind::Seed ? "seed" : "none";
}

}  // namespace

std::string game_row_json(const GameRow& row) {
  const nlohmann::json json = {{"name", row.name},
                               {"title", row.title},
                               {"setup", setup_name(row.setup)},
                               {"players", row.players},
                               {"reference", row.reference},
                               {"sides", row.sides},
                               {"turns", row.turns == TurnCount::EachPlayersTurns ? "each" : "moves"},
                               {"scores", row.scores},
                               {"time_ms", row.time_ms},
                               {"move_files", row.move_files},
                               {"move_time_ms", row.move_time_ms},
                               {"ranking", row.ranking},
                               {"referee", row.referee}};
  return json.dump();
}

std::optional<GameRow> game_row_from_json(std::string_view text) {
  try {
    const nlohmann::json json = nlohmann::json::parse(text);
    GameRow row;
    json.at("name").get_to(row.name);
    json.at("title").get_to(row.title);
    const std::string setup = json.at("setup").get<std::string>();
    if (setup != setup_name(SetupKind::Seed) && setup != setup_name(SetupKind::None)) return std::nullopt;
    row.setup = setup == setup_name(SetupKind::Seed) ? SetupKind::Seed : SetupKind::None;
    json.at("players").get_to(row.players);
    json.at("reference").get_to(row.reference);
    json.at("sides").get_to(row.sides);
    row.turns = json.at("turns").get<std::string>() == "each" ? TurnCount::EachPlayersTurns : TurnCount::MovesMade;
    json.at("scores").get_to(row.scores);
    json.at("time_ms").get_to(row.time_ms);
    json.at("move_files").get_to(row.move_files);
    json.at("move_time_ms").get_to(row.move_time_ms);
    json.at("ranking").get_to(row.ranking);
    json.at("referee").get_to(row.referee);
    if (row.name.empty() || row.referee.empty()) return std::nullopt;
    return row;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace amazes::arbiter
