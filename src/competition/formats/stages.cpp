// Round numbers of the stages, their labels, folders and match ids.
#include "amazes/competition/stages.hpp"

#include <fmt/format.h>

namespace amazes::competition {

std::string_view format_name(Format format) { return format == Format::Swiss ? "swiss" : "round-robin"; }

std::optional<Format> format_from_name(std::string_view name) {
  if (name == "round-robin") return Format::RoundRobin;
  if (name == "swiss") return Format::Swiss;
  return std::nullopt;
}

bool is_final_round(int round) { return round > kFinalRoundBase; }
int final_round(int final_number) { return kFinalRoundBase + final_number; }
int round_in_stage(int round) { return is_final_round(round) ? round - kFinalRoundBase : round; }

std::string round_label(int round) {
  return fmt::format("{}round {}", is_final_round(round) ? "final " : "", round_in_stage(round));
}

std::string round_folder(int round) {
  return fmt::format("{}round-{:02}", is_final_round(round) ? "final-" : "", round_in_stage(round));
}

std::string match_id(int round, std::string_view red, std::string_view blue) {
  return fmt::format("{}r{:02}-{}-{}", is_final_round(round) ? "final-" : "", round_in_stage(round), red, blue);
}

int play_order_place(int round, int rounds) { return is_final_round(round) ? rounds + round_in_stage(round) : round; }

}  // namespace amazes::competition
