// Completing the shared part of a request from the store, and refusing contradictions.
#include "amazes/competition/competition_request.hpp"

#include <fmt/format.h>

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

void resolve_common(const CompetitionRequest& request, const std::optional<Competition>& stored,
                    const std::filesystem::path& store_file, Competition& competition) {
  const Competition defaults;
  const auto& fallback = defaults.settings;
  auto& settings = competition.settings;

  competition.seed =
      pick(store_file, "seed", request.seed,
           stored_field<std::uint64_t>(stored, [](const Competition& c) { return c.seed; }), defaults.seed);
  settings.turns =
      pick(store_file, "turns", request.turns,
           stored_field<int>(stored, [](const Competition& c) { return c.settings.turns; }), fallback.turns);
  settings.time_ms =
      pick(store_file, "time-ms", request.time_ms,
           stored_field<double>(stored, [](const Competition& c) { return c.settings.time_ms; }), fallback.time_ms);
  settings.wall_guard_factor =
      pick(store_file, "wall-guard-factor", request.wall_guard_factor,
           stored_field<double>(stored, [](const Competition& c) { return c.settings.wall_guard_factor; }),
           fallback.wall_guard_factor);
  settings.wall_guard_extra_ms =
      pick(store_file, "wall-guard-extra-ms", request.wall_guard_extra_ms,
           stored_field<double>(stored, [](const Competition& c) { return c.settings.wall_guard_extra_ms; }),
           fallback.wall_guard_extra_ms);
  if (stored && request.clock && *request.clock != stored->settings.clock) {
    throw competition_mismatch(store_file, "clock", std::string(arbiter::clock_name(stored->settings.clock)),
                               std::string(arbiter::clock_name(*request.clock)));
  }
  settings.clock = stored ? stored->settings.clock : request.clock.value_or(fallback.clock);
  // Not part of the competition: they change no score.
  settings.grace_ms = request.grace_ms.value_or(fallback.grace_ms);
  settings.stderr_limit = request.stderr_limit.value_or(fallback.stderr_limit);
  settings.sandbox = request.sandbox;

  // Mazes are compared by content once they are known: a moved directory with the same files is
  // fine, a changed file is not.
  competition.mazes.directory = request.mazes ? request.mazes : (stored ? stored->mazes.directory : std::nullopt);
  competition.mazes.size = request.size.value_or(stored ? stored->mazes.size : defaults.mazes.size);
}

}  // namespace amazes::competition
