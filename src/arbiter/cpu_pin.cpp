#include "amazes/arbiter/cpu_pin.hpp"

#include <algorithm>
#include <mutex>

namespace amazes::arbiter {

namespace {

// How many matches of this judge are pinned to each CPU (index: CPU number).
std::mutex g_mutex;
std::vector<int> g_matches_on;

int count_on(const std::vector<int>& matches_on, int cpu) {
  return cpu >= 0 && static_cast<std::size_t>(cpu) < matches_on.size() ? matches_on[static_cast<std::size_t>(cpu)] : 0;
}

}  // namespace

std::optional<int> choose_match_cpu(const std::vector<int>& allowed, int current, const std::vector<int>& matches_on) {
  if (allowed.empty()) return std::nullopt;
  if (std::find(allowed.begin(), allowed.end(), current) != allowed.end() && count_on(matches_on, current) == 0) {
    return current;
  }
  // The least used; on a tie the first at or after the current CPU, so that matches starting
  // together on one CPU do not all pile onto CPU 0.
  const auto start = std::lower_bound(allowed.begin(), allowed.end(), current);
  std::vector<int> order(start, allowed.end());
  order.insert(order.end(), allowed.begin(), start);
  return *std::min_element(order.begin(), order.end(),
                           [&](int a, int b) { return count_on(matches_on, a) < count_on(matches_on, b); });
}

CpuPin::CpuPin(bool enabled) {
  if (!enabled) return;
  if (::sched_getaffinity(0, sizeof previous_, &previous_) != 0) return;
  std::vector<int> allowed;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &previous_)) allowed.push_back(cpu);
  }
  std::lock_guard lock(g_mutex);
  const auto chosen = choose_match_cpu(allowed, ::sched_getcpu(), g_matches_on);
  if (!chosen) return;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(*chosen, &one);
  if (::sched_setaffinity(0, sizeof one, &one) != 0) return;  // pid 0: this thread only
  cpu_ = chosen;
  if (g_matches_on.size() <= static_cast<std::size_t>(*chosen)) g_matches_on.resize(static_cast<std::size_t>(*chosen) + 1);
  ++g_matches_on[static_cast<std::size_t>(*chosen)];
}

CpuPin::~CpuPin() {
  if (!cpu_) return;
  ::sched_setaffinity(0, sizeof previous_, &previous_);
  std::lock_guard lock(g_mutex);
  --g_matches_on[static_cast<std::size_t>(*cpu_)];
}

}  // namespace amazes::arbiter
