#include "amazes/competition/late_players.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "amazes/competition/pairing.hpp"
#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

namespace {

std::string late_text(const std::map<std::string, int>& late) {
  std::vector<std::string> entries;
  for (const auto& [name, round] : late) entries.push_back(fmt::format("{}:{}", name, round));
  return fmt::format("{}", fmt::join(entries, ","));
}

}  // namespace

std::map<std::string, int> late_players(const ResultsStore& store) {
  std::map<std::string, int> late;
  const std::string text = store.meta(kLatePlayersKey).value_or("");
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string entry = text.substr(at, end - at);
    const std::size_t colon = entry.rfind(':');
    if (colon != std::string::npos) {
      try {
        late[entry.substr(0, colon)] = std::stoi(entry.substr(colon + 1));
      } catch (const std::exception&) {
        // A damaged entry says nothing of its player: it is shown as any other.
      }
    }
    at = end + 1;
  }
  return late;
}

std::string late_player_text(const Competition& competition, int joined_after) {
  if (competition.stages.format == Format::Swiss) {
    if (joined_after >= competition.rounds) {
      return fmt::format("joined after round {}: every round of the Swiss stage was decided, so it plays none",
                         joined_after);
    }
    return fmt::format("joined after round {}: the Swiss stage pairs it from round {}", joined_after, joined_after + 1);
  }
  return fmt::format("joined after round {}: its games of the rounds played before are played too", joined_after);
}

int rounds_before_joining(const Competition& competition, const PairingState& state) {
  int after = 0;
  if (competition.stages.format == Format::Swiss) {
    for (const auto& pairing : state.swiss) after = std::max(after, pairing.round);
    return after;
  }
  for (const auto& row : state.rows) after = std::max(after, std::min(row.round, competition.rounds));
  return after;
}

std::vector<std::string> record_late_players(ResultsStore& store, const Competition& competition,
                                             const Competition& stored, int joined_after) {
  if (joined_after == 0) return {};
  std::map<std::string, int> late = late_players(store);
  std::vector<std::string> said;
  for (const auto& player : competition.players) {
    const bool known = std::any_of(stored.players.begin(), stored.players.end(),
                                   [&](const PlayerSpec& p) { return p.name == player.name; });
    if (known || late.count(player.name) != 0) continue;
    late[player.name] = joined_after;
    said.push_back(fmt::format("late player {}: {}", player.name, late_player_text(competition, joined_after)));
  }
  if (!said.empty()) store.set_meta(kLatePlayersKey, late_text(late));
  return said;
}

}  // namespace amazes::competition
