#include "match/referee_kept_log.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string_view>

#include "amazes/files/unique_fd.hpp"
#include "amazes/referee_fault_line.hpp"
#include "match/referee_command.hpp"

namespace amazes::arbiter {

namespace {

struct WholeLog {
  std::string bytes;
  std::uint64_t size = 0;  // the file's, which may be more than was read
};

// O_NOFOLLOW and O_NONBLOCK: a link the referee left is not followed, a FIFO does not block.
WholeLog read_log(const std::filesystem::path& file) {
  WholeLog log;
  const UniqueFd fd(::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  struct stat about {};
  if (!fd || ::fstat(fd.get(), &about) != 0 || !S_ISREG(about.st_mode)) return log;
  log.size = static_cast<std::uint64_t>(about.st_size);
  log.bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(log.size, kRefereeLogDiskBytes)));
  std::size_t done = 0;
  while (done < log.bytes.size()) {
    const ssize_t n = ::read(fd.get(), log.bytes.data() + done, log.bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // cut short while read: what was read
    done += static_cast<std::size_t>(n);
  }
  log.bytes.resize(done);
  return log;
}

std::string cut_reason(std::string reason) {
  if (reason.size() <= kFaultReasonMax) return reason;
  reason.resize(kFaultReasonMax);
  return reason + "...";
}

// The first `fault N …` line of each player: its first fault is the one that counts.
std::array<std::string, 2> fault_reasons(std::string_view log) {
  std::array<std::string, 2> reasons;
  while (!log.empty()) {
    const std::size_t end = log.find('\n');
    const std::string_view line = log.substr(0, end);
    if (const auto fault = parse_referee_fault_line(line)) {
      std::string& reason = reasons[static_cast<std::size_t>(fault->player - 1)];
      if (reason.empty()) reason = cut_reason(fault->reason);
    }
    if (end == std::string_view::npos) break;
    log.remove_prefix(end + 1);
  }
  return reasons;
}

}  // namespace

KeptRefereeLog keep_referee_log(const std::filesystem::path& file) {
  const WholeLog log = read_log(file);
  KeptRefereeLog kept;
  kept.reasons = fault_reasons(log.bytes);
  kept.text = log.bytes.substr(0, kRefereeLogKept);
  kept.dropped = std::max<std::uint64_t>(log.size, log.bytes.size()) - kept.text.size();
  return kept;
}

}  // namespace amazes::arbiter
