#include "process/cpu_pin.hpp"

#include <unistd.h>

#include <algorithm>
#include <string>

#include "process/lock_dir.hpp"

namespace amazes::arbiter {

namespace {
thread_local int pinned_cpu = -1;  // the CPU of this thread's live CpuPin, -1: none
}  // namespace

cpu_set_t player_cpus() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (pinned_cpu >= 0) {
    CPU_SET(pinned_cpu, &mask);
  } else if (::sched_getaffinity(0, sizeof mask, &mask) != 0) {
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) CPU_SET(cpu, &mask);
  }
  return mask;
}

std::vector<int> cpu_try_order(const std::vector<int>& allowed, int current) {
  const auto start = std::lower_bound(allowed.begin(), allowed.end(), current);
  std::vector<int> order(start, allowed.end());
  order.insert(order.end(), allowed.begin(), start);
  return order;
}

CpuPin::CpuPin(bool enabled, const std::optional<std::string>& lock_dir) {
  if (!enabled) return;
  if (::sched_getaffinity(0, sizeof previous_, &previous_) != 0) return;
  std::string why;
  const auto dir = lock_dir ? lock_dir : judge_lock_dir(why);
  if (!dir) return;
  std::vector<int> allowed;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &previous_)) allowed.push_back(cpu);
  }
  for (const int cpu : cpu_try_order(allowed, ::sched_getcpu())) {
    const int fd = try_lock_file(*dir, "cpu-" + std::to_string(cpu));
    if (fd < 0) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (::sched_setaffinity(0, sizeof one, &one) != 0) {  // pid 0: this thread only
      ::close(fd);
      return;
    }
    cpu_ = cpu;
    pinned_cpu = cpu;
    lease_fd_ = fd;
    lock_dir_ = *dir;
    return;
  }
}

bool CpuPin::another_cpu_is_spare() const {
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (cpu == cpu_ || !CPU_ISSET(cpu, &previous_)) continue;
    const int fd = try_lock_file(lock_dir_, "cpu-" + std::to_string(cpu));
    if (fd < 0) continue;
    ::close(fd);  // only looked: a match that starts now may take it
    return true;
  }
  return false;
}

CpuPin::Beside::Beside(const CpuPin& pin) : pin_(pin) {
  if (!pin.cpu_ || !pin.another_cpu_is_spare()) return;
  widened_ = ::sched_setaffinity(0, sizeof pin.previous_, &pin.previous_) == 0;
}

CpuPin::Beside::~Beside() {
  if (!widened_) return;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(*pin_.cpu_, &one);
  ::sched_setaffinity(0, sizeof one, &one);
}

CpuPin::~CpuPin() {
  if (!cpu_) return;
  pinned_cpu = -1;
  ::sched_setaffinity(0, sizeof previous_, &previous_);
  ::close(lease_fd_);
}

}  // namespace amazes::arbiter
