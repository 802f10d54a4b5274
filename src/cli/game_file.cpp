// Game files (game_file.hpp): one row of a game the judge does not have built in.
#include "game_file.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "amazes/arbiter/game_choice.hpp"
#include "amazes/arbiter/match_settings.hpp"
#include "amazes/competition/ranking.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/printable.hpp"
#include "ini_text.hpp"
#include "setting_options.hpp"

namespace amazes::cli {

namespace fs = std::filesystem;

namespace {

// A game's name is in stores, logs and file names; a side's is on every page of the site.
bool is_game_name(std::string_view name) {
  return !name.empty() && name.size() <= 32 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

bool is_side_name(std::string_view name) {
  return !name.empty() && name.size() <= 20 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// A referee's program named relative to the game file is found beside it: its first word, when it
// is no absolute path and such a file is there, made absolute.
std::string referee_beside(const std::string& command, const fs::path& folder) {
  const std::size_t end = command.find_first_of(" \t");
  const std::string program = command.substr(0, end);
  if (program.empty() || program.front() == '/' || program.front() == '"' || program.front() == '\'') return command;
  std::error_code ec;
  const fs::path beside = folder / program;
  if (!fs::is_regular_file(beside, ec)) return command;
  return beside.lexically_normal().string() + (end == std::string::npos ? "" : command.substr(end));
}

double positive_ms(const std::string& value, const std::function<SettingOptionError(std::string_view)>& error) {
  std::size_t used = 0;
  double ms = 0;
  try {
    ms = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || !(ms >= 0 && ms <= 1e9)) throw error("must be a number of milliseconds from 0 to 1e9");
  return ms;
}

}  // namespace

bool names_game_file(const std::string& value) {
  return value.find('/') != std::string::npos || (value.size() > 4 && value.ends_with(".ini"));
}

std::shared_ptr<const GameRow> read_game_file(const fs::path& path) {
  const std::string file = path.string();
  std::string text;
  try {
    text = files::read_text_file(path, files::kMaxConfigFileBytes);
  } catch (const files::FileError& e) {
    throw SettingOptionError(fmt::format("cannot read the game file {}", e.what()));
  }
  std::vector<IniEntry> entries;
  try {
    entries = read_ini_text(text, file, {});
  } catch (const IniError& e) {
    throw SettingOptionError(e.what());
  }
  const fs::path folder = fs::absolute(path).parent_path();
  auto row = std::make_shared<GameRow>();
  row->scores = "0-1000";
  row->time_ms = arbiter::MatchSettings{}.time_ms;
  row->ranking = "codecup";
  std::map<std::string, int> seen;
  for (const IniEntry& entry : entries) {
    const auto error = [&](std::string_view what) {
      return SettingOptionError(
          ini_place(file, entry.line, fmt::format("{} '{}' {}", entry.key, printable(entry.value), what)));
    };
    if (const auto [first, fresh] = seen.emplace(entry.key, entry.line); !fresh) {
      throw SettingOptionError(
          ini_place(file, entry.line, fmt::format("'{}' is given twice (first on line {})", entry.key, first->second)));
    }
    const std::string& value = entry.value;
    if (entry.key == "name") {
      if (!is_game_name(value)) throw error("must be 1 to 32 of a-z, 0-9, _ and -");
      if (find_game(value) != nullptr) throw error("is a game of the judge's own: --game " + value + " plays it");
      row->name = value;
    } else if (entry.key == "title") {
      row->title = value;
    } else if (entry.key == "referee") {
      if (value.empty()) throw error("must be a command");
      row->referee = referee_beside(value, folder);
    } else if (entry.key == "sides") {
      const std::size_t comma = value.find(',');
      const std::string_view text = value;
      const std::string first(comma == std::string::npos ? "" : trimmed(text.substr(0, comma)));
      const std::string second(comma == std::string::npos ? "" : trimmed(text.substr(comma + 1)));
      if (!is_side_name(first) || !is_side_name(second) || first == second) {
        throw error("must be two names, FIRST,SECOND, each 1 to 20 of letters, digits, _ and -");
      }
      row->sides = {first, second};
    } else if (entry.key == "turns") {
      if (value != "moves" && value != "each")
        throw error("must be moves (the moves made) or each (each player's turns)");
      row->turns = value == "each" ? TurnCount::EachPlayersTurns : TurnCount::MovesMade;
    } else if (entry.key == "scores") {
      if (!arbiter::score_range_from_text(value)) throw error("must be A-B with 0 <= A <= B <= 1000000000");
      row->scores = value;
    } else if (entry.key == "time-ms") {
      row->time_ms = positive_ms(value, error);
      if (row->time_ms <= 0) throw error("must be more than 0");
    } else if (entry.key == "move-files") {
      if (!arbiter::move_files_from_text(value)) throw error("must be INPUT,OUTPUT: two file names");
      row->move_files = value;
    } else if (entry.key == "move-time-ms") {
      row->move_time_ms = positive_ms(value, error);
    } else if (entry.key == "ranking") {
      try {
        (void)competition::ranking_preset(value);
      } catch (const competition::RankingError& e) {
        throw SettingOptionError(ini_place(file, entry.line, e.what()));
      }
      row->ranking = value;
    } else if (entry.key == "players") {
      row->players = (folder / value).lexically_normal().string();
    } else if (entry.key == "reference") {
      if (!is_game_name(value)) throw error("must be a program's name in the players' folder");
      row->reference = value;
    } else {
      throw SettingOptionError(ini_place(file, entry.line, fmt::format("unknown key '{}'", printable(entry.key))));
    }
  }
  for (const std::string_view key : {"name", "referee"}) {
    if (seen.count(std::string(key)) == 0) throw SettingOptionError(fmt::format("{}: no '{}' line", file, key));
  }
  if (row->reference.empty() != row->players.empty()) {
    throw SettingOptionError(fmt::format("{}: 'players' and 'reference' go together", file));
  }
  if (row->title.empty()) row->title = row->name;
  const arbiter::GameChoice choice(row->referee);
  if (choice.setup() == SetupKind::Maze) {
    throw SettingOptionError(fmt::format("{}: a referee on a maze ({{maze}}) plays Amazes: --game amazes", file));
  }
  row->setup = choice.setup();
  return row;
}

}  // namespace amazes::cli
