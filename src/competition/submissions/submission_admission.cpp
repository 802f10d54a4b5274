#include "submissions/submission_admission.hpp"

#include <fmt/format.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/match_source.hpp"

namespace amazes::competition {

std::string admission_key(const SubmissionSettings& settings) {
  std::string key = fmt::format("reference={}\ngames={}\nseed={}\nsize={}\n", settings.reference,
                                settings.admission_games, settings.seed, settings.maze_size);
  for (const auto& field : arbiter::setting_fields()) {
    key += fmt::format("{}={}\n", field.key, arbiter::setting_text(field, settings.match));
  }
  return key;
}

arbiter::MatchSpec admission_game(const SubmissionSettings& settings, const arbiter::PlayerSpec& bot, int game) {
  arbiter::MatchSpec spec;
  spec.settings = settings.match;
  const std::uint64_t seed = settings.seed + static_cast<std::uint64_t>(game);
  spec.setup = seeded_setup(settings.match, seed, settings.maze_size);
  const arbiter::PlayerSpec reference{"reference", settings.reference};
  spec.players = game % 2 == 0 ? std::array{bot, reference} : std::array{reference, bot};
  return spec;
}

Admission admit(const SubmissionSettings& settings, const arbiter::PlayerSpec& bot) {
  for (int game = 0; game < settings.admission_games; ++game) {
    const arbiter::MatchSpec spec = admission_game(settings, bot, game);
    const arbiter::MatchRecord record = arbiter::run_match(spec);
    const Color mine = game % 2 == 0 ? Color::Red : Color::Blue;
    const Color theirs = opponent(mine);
    const auto& outcome = record.outcome[index_of(mine)];
    if (outcome.fault) {
      auto [why, lines] = settings.explain_fault(record, mine);
      // A referee game's players are 1 and 2.
      const std::string seat =
          record.referee() != nullptr ? std::to_string(index_of(mine) + 1) : std::string(color_name(mine));
      return {false, false,
              fmt::format("test game {} of {} ({}): {}: {}", game + 1, settings.admission_games, seat,
                          fault_name(*outcome.fault), why),
              lines};
    }
    if (record.outcome[index_of(theirs)].fault) {
      auto [why, lines] = settings.explain_fault(record, theirs);
      return {false, true, fmt::format("undecided: the reference bot faulted in test game {}: {}", game + 1, why),
              lines};
    }
  }
  return {true, false, "", ""};
}

}  // namespace amazes::competition
