// Completing the shared part of a request from the store, and refusing contradictions.
#include "amazes/competition/competition_request.hpp"

#include <fmt/format.h>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/competition/random_seed.hpp"

namespace amazes::competition {
namespace {

// The given value, else the stored one, else the default. With a store, a given value must
// equal the stored one.
template <class T>
T pick(const std::filesystem::path& store, const char* what, const std::optional<T>& given,
       const std::optional<T>& stored, const T& fallback) {
  if (!stored) return given.value_or(fallback);
  if (given && !(*given == *stored)) {
    throw competition_mismatch(store, what, fmt::format("{}", *stored), fmt::format("{}", *given));
  }
  return *stored;
}

template <class T, class F>
std::optional<T> stored_field(const std::optional<Competition>& stored, F field) {
  if (!stored) return std::nullopt;
  return field(*stored);
}

}  // namespace

CompetitionMismatch competition_mismatch(const std::filesystem::path& store_file, std::string_view what,
                                         const std::string& stored, const std::string& given) {
  return CompetitionMismatch(fmt::format(
      "{}: the competition in this store has {} {}, this run asks for {}; use another --out for a new competition, "
      "or leave the option out to continue this one",
      store_file.string(), what, stored, given));
}

bool resolve_common(const CompetitionRequest& request, const std::optional<Competition>& stored,
                    const std::filesystem::path& store_file, Competition& competition) {
  const Competition defaults;
  auto& settings = competition.settings;

  // A new competition without a seed gets one nobody knew before; the store keeps it, so the
  // same command run again continues with it.
  const bool draw = !request.seed && !stored;
  competition.seed = pick(store_file, "seed", request.seed,
                          stored_field<std::uint64_t>(stored, [](const Competition& c) { return c.seed; }),
                          draw ? draw_random_seed() : std::uint64_t{0});
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    if (setting.scope == arbiter::SettingScope::Competition && stored) {
      // What the store has; a given value must be the same.
      if (request.given_settings.contains(setting.key) && !same_setting(setting, request.settings, stored->settings)) {
        throw competition_mismatch(store_file, setting.option, setting_text(setting, stored->settings),
                                   setting_text(setting, request.settings));
      }
      copy_setting(setting, stored->settings, settings);
    } else {
      copy_setting(setting, request.settings, settings);  // given, else the default
    }
  }

  // Mazes are compared by content once they are known: a moved directory with the same files is
  // fine, a changed file is not.
  competition.mazes.directory = request.mazes ? request.mazes : (stored ? stored->mazes.directory : std::nullopt);
  competition.mazes.size = request.size.value_or(stored ? stored->mazes.size : defaults.mazes.size);
  return draw;
}

}  // namespace amazes::competition
