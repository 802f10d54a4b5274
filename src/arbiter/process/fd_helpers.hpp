// Small helpers of the judge's fd and poll loops.
#pragma once

#include <unistd.h>

#include <chrono>
#include <ctime>

namespace amazes::arbiter {

// Closes `fd` if it is open and marks it closed.
inline void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A ppoll timeout; a negative duration is no wait.
inline timespec to_timespec(std::chrono::nanoseconds d) {
  if (d < std::chrono::nanoseconds(0)) d = std::chrono::nanoseconds(0);
  timespec ts{};
  ts.tv_sec = static_cast<time_t>(d.count() / 1'000'000'000);
  ts.tv_nsec = static_cast<long>(d.count() % 1'000'000'000);
  return ts;
}

}  // namespace amazes::arbiter
