#include "amazes/competition/stderr_notice.hpp"

#include <mutex>
#include <set>
#include <string>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

namespace amazes::competition {
namespace {

// "10,000": the limit as the rules and the docs write it.
std::string with_thousands(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits;
}

}  // namespace

void say_stderr_dropped_once(const arbiter::MatchRecord& record) {
  // One judge process is one run: the players already named live as long as it.
  static std::mutex mutex;
  static std::set<std::string> named;
  for (std::size_t seat = 0; seat < record.players.size(); ++seat) {
    if (record.outcome[seat].stderr_dropped == 0) continue;
    const std::string& player = record.players[seat].name;
    {
      std::lock_guard lock(mutex);
      if (!named.insert(player).second) continue;
    }
    spdlog::warn("player '{}' wrote more than {} bytes on stderr in game {}; the rest is dropped (said once)", player,
                 with_thousands(record.settings.stderr_limit), record.id);
  }
}

}  // namespace amazes::competition
