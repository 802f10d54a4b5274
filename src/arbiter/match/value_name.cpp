// The names of the values a referee reports.
#include <algorithm>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::arbiter {

bool is_value_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

}  // namespace amazes::arbiter
