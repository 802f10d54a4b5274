#include "amazes/competition/game_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/files/text_file.hpp"

namespace amazes::competition {

namespace {

using json = nlohmann::ordered_json;

// A plan of 10,000 games of 64x64 mazes is about 100 MB; far beyond, a wrong file.
constexpr std::uintmax_t kMaxPlanBytes = 512U << 20;
constexpr std::uintmax_t kMaxFinishedBytes = 1U << 16;

// The sandbox's settings, by the fields of arbiter::setting_fields().
json sandbox_json(const arbiter::MatchSettings& settings) {
  json sandbox = json::object();
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    if (setting.scope != arbiter::SettingScope::Sandbox) continue;
    sandbox[std::string(setting.key)] =
        std::visit([](const auto& value) { return json(value); }, arbiter::setting_value(setting, settings));
  }
  return sandbox;
}

// Reads `key` of `object` (at JSON pointer `at`) as T; PlanError naming FILE and the pointer.
template <class T>
T get(const json& object, const char* key, const std::string& at, const std::string& file) {
  try {
    return object.at(key).get<T>();
  } catch (const json::exception&) {
    throw PlanError(fmt::format("{}: {}/{}: missing or of the wrong type", file, at, key));
  }
}

// A setting that plans written before it existed lack keeps its default.
arbiter::SandboxSettings sandbox_from(const json& j, const std::string& file) {
  if (!j.is_object()) throw PlanError(file + ": /sandbox: expected an object");
  arbiter::MatchSettings settings;
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    if (setting.scope != arbiter::SettingScope::Sandbox) continue;
    const std::string key(setting.key);
    const std::string at = fmt::format("{}: /sandbox/{}", file, key);
    if (!j.contains(key)) {
      if (setting.always_written) throw PlanError(at + ": missing");
      continue;
    }
    const json& value = j.at(key);
    arbiter::SettingValue read;
    if (value.is_boolean()) {
      read = value.get<bool>();
    } else if (value.is_number()) {
      read = value.get<double>();
    } else if (value.is_string()) {
      read = value.get<std::string>();
    } else {
      throw PlanError(at + ": expected a number, a name or true/false");
    }
    if (const auto problem = arbiter::set_setting(setting, settings, read)) throw PlanError(at + ": " + *problem);
  }
  return settings.sandbox;
}

json parse_json(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  try {
    return json::parse(files::read_text_file(path, max_bytes));
  } catch (const json::exception& e) {
    throw PlanError(path.string() + ": not JSON: " + e.what());
  }
}

}  // namespace

std::filesystem::path plan_path(const std::filesystem::path& dir) { return dir / "plan.json"; }

std::filesystem::path finished_path(const std::filesystem::path& dir, const std::string& id) {
  return dir / "finished" / (id + ".json");
}

void write_game_plan(const std::filesystem::path& dir, const GamePlan& plan) {
  json games = json::array();
  for (const PlannedGame& game : plan.games) {
    // A game is the log it will have, without turns: the same fields, read by the same code.
    json spec = arbiter::match_log_json(arbiter::record_of_spec(game.spec));
    games.push_back({{"round", game.round}, {"maze_name", game.maze_name}, {"game", std::move(spec)}});
  }
  // Every game of a plan has the same sandbox.
  const arbiter::MatchSettings first = plan.games.empty() ? arbiter::MatchSettings{} : plan.games.front().spec.settings;
  const json text = {{"format", kGamePlanFormat},      {"chunk_size", plan.chunk_size},
                     {"chunks", plan.chunks()},        {"log_format", arbiter::log_format_name(plan.log_format)},
                     {"sandbox", sandbox_json(first)}, {"games", std::move(games)}};
  files::write_file_atomically(plan_path(dir), text.dump(1) + "\n");
}

GamePlan read_game_plan(const std::filesystem::path& dir) {
  const auto path = plan_path(dir);
  const std::string file = path.string();
  const json j = parse_json(path, kMaxPlanBytes);
  if (get<std::string>(j, "format", "", file) != kGamePlanFormat) {
    throw PlanError(fmt::format("{}: /format: expected \"{}\"", file, kGamePlanFormat));
  }
  GamePlan plan;
  plan.chunk_size = get<int>(j, "chunk_size", "", file);
  if (plan.chunk_size < 1) throw PlanError(file + ": /chunk_size: expected at least 1");
  const auto format = arbiter::log_format_from_name(get<std::string>(j, "log_format", "", file));
  if (!format) throw PlanError(file + ": /log_format: expected json or zst");
  plan.log_format = *format;
  const arbiter::SandboxSettings sandbox = sandbox_from(j.contains("sandbox") ? j.at("sandbox") : json(), file);
  const json& games = j.contains("games") ? j.at("games") : json();
  if (!games.is_array()) throw PlanError(file + ": /games: expected an array");
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string at = "/games/" + std::to_string(i);
    PlannedGame game;
    game.round = get<int>(games[i], "round", at, file);
    game.maze_name = get<std::string>(games[i], "maze_name", at, file);
    arbiter::MatchRecord record;
    try {
      record = arbiter::match_record_from_json(games[i].at("game"));
    } catch (const std::exception& e) {
      throw PlanError(fmt::format("{}: {}/game: {}", file, at, e.what()));
    }
    game.spec = arbiter::spec_of_record(record);
    game.spec.settings.sandbox = sandbox;
    plan.games.push_back(std::move(game));
  }
  if (get<int>(j, "chunks", "", file) != plan.chunks()) {
    throw PlanError(file + ": /chunks does not match the games and /chunk_size");
  }
  return plan;
}

void write_finished_game(const std::filesystem::path& dir, const FinishedGame& game) {
  const json text = {{"id", game.id},
                     {"round", game.round},
                     {"maze_name", game.maze_name},
                     {"log", game.log},
                     {"duration_ms", game.duration_ms},
                     {"played_at", game.played_at}};
  files::write_file_atomically(finished_path(dir, game.id), text.dump() + "\n");
}

std::vector<FinishedGame> finished_games(const std::filesystem::path& dir) {
  std::vector<FinishedGame> games;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "finished", error)) {
    const std::string name = entry.path().filename().string();
    // Dot files are the temporaries of atomic writes in progress.
    if (name.front() == '.' || entry.path().extension() != ".json") continue;
    const std::string file = entry.path().string();
    const json j = parse_json(entry.path(), kMaxFinishedBytes);
    FinishedGame game{get<std::string>(j, "id", "", file),        get<int>(j, "round", "", file),
                      get<std::string>(j, "maze_name", "", file), get<std::string>(j, "log", "", file),
                      get<double>(j, "duration_ms", "", file),    get<std::string>(j, "played_at", "", file)};
    if (game.id + ".json" != name) throw PlanError(file + ": /id: does not match the file's name");
    games.push_back(std::move(game));
  }
  std::sort(games.begin(), games.end(), [](const FinishedGame& a, const FinishedGame& b) { return a.id < b.id; });
  return games;
}

int store_finished_games(const std::filesystem::path& dir, ResultsStore& store) {
  const auto ids = store.match_ids();
  const std::set<std::string> stored(ids.begin(), ids.end());
  int added = 0;
  for (const FinishedGame& game : finished_games(dir)) {
    if (stored.count(game.id) != 0U) continue;
    const arbiter::MatchRecord record = arbiter::read_match_log(dir / game.log);
    if (record.id != game.id) {
      throw PlanError(fmt::format("{}: holds game {}, not {}", (dir / game.log).string(), record.id, game.id));
    }
    MatchRow row = match_row(record, game.round, game.maze_name, game.duration_ms, game.played_at);
    row.log = game.log;
    store.insert_match(row);
    ++added;
  }
  return added;
}

std::vector<int> unfinished_chunks(const std::filesystem::path& dir, const GamePlan& plan) {
  std::vector<int> chunks;
  for (std::size_t i = 0; i < plan.games.size(); ++i) {
    const int chunk = static_cast<int>(i) / plan.chunk_size;
    if (!chunks.empty() && chunks.back() == chunk) continue;
    if (!std::filesystem::exists(finished_path(dir, plan.games[i].spec.id))) chunks.push_back(chunk);
  }
  return chunks;
}

}  // namespace amazes::competition
