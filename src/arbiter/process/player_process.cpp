#include "process/player_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

#include "amazes/arbiter/judge_process.hpp"
#include "process/fd_helpers.hpp"
#include "process/line_scan.hpp"
#include "process/process_tree.hpp"
#include "process/spawn.hpp"

namespace amazes::arbiter {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

// Output beyond the first line is only kept to tell that there was some (and to log a
// little of it); a flood must not grow the judge's memory.
constexpr std::size_t kStdoutKeep = 8192;
constexpr std::size_t kStdoutChunk = 4096;
constexpr std::size_t kStderrChunk = 65536;
// Reads per wake-up, so that a player writing as fast as the judge reads cannot keep the
// judge in one loop; the next wake-up reads on.
constexpr int kMaxReadsPerWake = 64;
int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = ::syscall(SYS_pidfd_open, pid, 0);
  if (fd >= 0) {
    ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);  // pidfds are close-on-exec already; be explicit
    return static_cast<int>(fd);
  }
#endif
  (void)pid;
  return -1;  // kernel < 5.3: the exit is then noticed by polling waitid
}

unsigned cpu_count() {
  static const unsigned n = std::max(1U, std::thread::hardware_concurrency());
  return n;
}

}  // namespace

std::string_view read_kind_name(ReadKind kind) {
  switch (kind) {
    case ReadKind::Line: return "line";
    case ReadKind::TooLong: return "too_long";
    case ReadKind::Closed: return "closed";
    case ReadKind::Timeout: return "timeout";
  }
  return "?";
}

namespace {

// `ahead`: the sandbox is made now and the player started later (prepare_child); otherwise
// the whole start happens at start(), without a process that waits in between.
PendingStart pending_start(LaunchSpec spec, std::unique_ptr<ProcessControl> control, bool ahead) {
  prepare_judge_process();
  if (!control) control = std::make_unique<ProcessGroupControl>();
  control->prepare(spec);
  PendingStart pending;
  pending.spec = std::move(spec);
  pending.control = std::move(control);
  if (ahead) pending.child = prepare_child(pending.spec);
  return pending;
}

}  // namespace

PendingStart PlayerProcess::prepare(LaunchSpec spec, std::unique_ptr<ProcessControl> control) {
  return pending_start(std::move(spec), std::move(control), true);
}

StartResult PlayerProcess::start(LaunchSpec spec, PlayerOptions options, std::unique_ptr<ProcessControl> control) {
  return start(pending_start(std::move(spec), std::move(control), false), std::move(options));
}

StartResult PlayerProcess::start(PendingStart pending, PlayerOptions options) {
  const LaunchSpec& spec = pending.spec;
  std::unique_ptr<ProcessControl>& control = pending.control;
  SpawnedChild child = std::move(pending.child).launch(spec);
  if (!child.ok()) return {nullptr, child.error, child.judge_side};

  std::unique_ptr<PlayerProcess> p(new PlayerProcess());
  p->pid_ = child.pid;
  p->wrapper_ = spec.wrapper;
  p->wrapper_depth_ = spec.wrapper_depth;
  p->control_ = std::move(control);
  p->control_->attach(child.pid);
  p->options_ = std::move(options);
  p->stdin_fd_ = child.stdin_fd.release();
  p->stdout_fd_ = child.stdout_fd.release();
  p->stderr_fd_ = child.stderr_fd.release();
  p->pid_fd_ = open_pidfd(child.pid);
  return {std::move(p), {}};
}

PlayerProcess::~PlayerProcess() {
  if (!reaped_) kill();
  close_fd(stdin_fd_);
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
  close_fd(pid_fd_);
  close_fd(player_fd_);
}

SendStatus PlayerProcess::send(std::span<const std::string> lines) {
  turn_started_ = Clock::now();
  if (stdin_fd_ < 0) return SendStatus::Closed;
  for (const std::string& line : lines) {
    input_pending_ += line;
    input_pending_ += '\n';
  }
  flush_input();
  if (stdin_fd_ < 0) return SendStatus::Closed;
  return input_pending_.empty() ? SendStatus::Written : SendStatus::Queued;
}

void PlayerProcess::close_input() {
  input_pending_.clear();
  close_fd(stdin_fd_);
}

void PlayerProcess::flush_input() {
  while (stdin_fd_ >= 0 && !input_pending_.empty()) {
    const ssize_t n = ::write(stdin_fd_, input_pending_.data(), input_pending_.size());
    if (n > 0) {
      input_pending_.erase(0, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      return;  // the pipe is full: the rest goes when poll says it can
    } else {
      // EPIPE (SIGPIPE is ignored): nobody reads the player's stdin any more.
      input_pending_.clear();
      close_fd(stdin_fd_);
    }
  }
}

void PlayerProcess::read_stdout(bool discard) {
  char chunk[kStdoutChunk];
  for (int i = 0; i < kMaxReadsPerWake && stdout_fd_ >= 0; ++i) {
    if (!discard && stdout_buffer_.size() >= kStdoutKeep) return;  // enough to decide anything
    const ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
    if (n > 0) {
      if (!discard) stdout_buffer_.append(chunk, static_cast<std::size_t>(n));
      // A pipe returns less than asked only when it is empty: what comes later wakes poll.
      if (static_cast<std::size_t>(n) < sizeof chunk) return;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      return;
    } else {  // every writer has closed it (0), or it broke: nothing more will come
      stdout_eof_ = true;
      close_fd(stdout_fd_);
    }
  }
}

void PlayerProcess::read_stderr() {
  static thread_local std::array<char, kStderrChunk> chunk;
  for (int i = 0; i < kMaxReadsPerWake && stderr_fd_ >= 0; ++i) {
    const ssize_t n = ::read(stderr_fd_, chunk.data(), chunk.size());
    if (n > 0) {
      const auto got = static_cast<std::size_t>(n);
      const std::size_t room =
          options_.stderr_limit > stderr_.kept.size() ? options_.stderr_limit - stderr_.kept.size() : 0;
      const std::size_t keep = std::min(room, got);
      stderr_.kept.append(chunk.data(), keep);
      stderr_.dropped += got - keep;
      if (options_.stderr_sink) options_.stderr_sink(std::string_view(chunk.data(), got));
      if (got < chunk.size()) return;  // the pipe is empty (see read_stdout)
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      return;
    } else {
      close_fd(stderr_fd_);  // end of file: nobody holds the write end any more
    }
  }
}

void PlayerProcess::watch_wrapped_player() {
  if (wrapper_.empty() || player_looked_up_) return;
  player_looked_up_ = true;
  // Called once the player has written a line: it runs by then, as the oldest grandchild of
  // the wrapper.
  if (const auto player = oldest_descendant(pid_, wrapper_depth_)) player_fd_ = open_pidfd(*player);
}

void PlayerProcess::check_exited() {
  if (main_exited_ || reaped_) return;
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) {
    main_exited_ = true;
  }
}

int PlayerProcess::collect(pollfd* fds, bool want_stdout, bool discard_stdout) {
  int n = 0;
  poll_stdout_ = poll_stderr_ = poll_pidfd_ = poll_stdin_ = poll_player_ = -1;
  poll_discard_ = discard_stdout;
  if (want_stdout && stdout_fd_ >= 0) fds[poll_stdout_ = n++] = {stdout_fd_, POLLIN, 0};
  if (stderr_fd_ >= 0) fds[poll_stderr_ = n++] = {stderr_fd_, POLLIN, 0};
  if (pid_fd_ >= 0 && !main_exited_) fds[poll_pidfd_ = n++] = {pid_fd_, POLLIN, 0};
  if (player_fd_ >= 0 && !player_exited_) fds[poll_player_ = n++] = {player_fd_, POLLIN, 0};
  if (stdin_fd_ >= 0 && !input_pending_.empty()) fds[poll_stdin_ = n++] = {stdin_fd_, POLLOUT, 0};
  return n;
}

void PlayerProcess::dispatch(const pollfd* fds) {
  if (poll_stdout_ >= 0 && fds[poll_stdout_].revents != 0) read_stdout(poll_discard_);
  if (poll_stderr_ >= 0 && fds[poll_stderr_].revents != 0) read_stderr();
  if (poll_pidfd_ >= 0 && fds[poll_pidfd_].revents != 0) main_exited_ = true;
  if (poll_player_ >= 0 && fds[poll_player_].revents != 0) player_exited_ = true;
  if (poll_stdin_ >= 0 && fds[poll_stdin_].revents != 0) flush_input();
  if (pid_fd_ < 0) check_exited();
}

void PlayerProcess::pump(nanoseconds timeout, bool want_stdout, bool discard_stdout) {
  std::array<pollfd, kMaxPollFds> fds{};
  const int n = collect(fds.data(), want_stdout, discard_stdout);
  if (pid_fd_ < 0 && !main_exited_) timeout = std::min(timeout, nanoseconds(milliseconds(10)));
  const timespec ts = to_timespec(timeout);
  if (::ppoll(fds.data(), static_cast<nfds_t>(n), &ts, nullptr) > 0) {
    dispatch(fds.data());
  } else if (pid_fd_ < 0) {
    check_exited();
  }
}

bool PlayerProcess::has_unsolicited_output() {
  // One poll without waiting: stdout is read when something is there, the pidfd tells
  // whether the main process has exited meanwhile (and stderr, if it has something, is
  // drained on the way).
  pump(nanoseconds{0}, true);
  return !stdout_buffer_.empty();
}

ReadResult PlayerProcess::read_line(const ReadLimits& limits) {
  const Clock::time_point start = turn_started_.value_or(Clock::now());
  turn_started_.reset();

  auto result = [&](ReadKind kind, std::string text) {
    ReadResult r;
    r.kind = kind;
    r.text = std::move(text);
    r.wall = Clock::now() - start;
    const nanoseconds cpu = control_->cpu_time();
    r.cpu = cpu - charged_cpu_;
    charged_cpu_ = cpu;
    if (kind == ReadKind::Line && limits.late_line_is_timeout &&
        (r.wall > limits.wall || (limits.cpu && r.cpu > *limits.cpu))) {
      r.kind = ReadKind::Timeout;  // the line came, but too late
    }
    return r;
  };

  bool waited = false;
  while (true) {
    const LineScan scan = scan_line(stdout_buffer_, limits.max_line);
    if (scan.kind == LineScan::Kind::Line) {
      std::string line = stdout_buffer_.substr(0, scan.length);
      stdout_buffer_.erase(0, scan.length + 1);
      watch_wrapped_player();
      return result(ReadKind::Line, std::move(line));
    }
    if (scan.kind == LineScan::Kind::TooLong) {
      std::string text = stdout_buffer_.substr(0, scan.length);
      stdout_buffer_.erase(0, scan.length);
      return result(ReadKind::TooLong, std::move(text));
    }
    if (main_exited() && stdout_fd_ >= 0) {
      // Whatever it wrote before dying is in the pipe already: look at all of it first.
      const std::size_t before = stdout_buffer_.size();
      read_stdout(false);
      if (stdout_buffer_.size() != before) continue;
    }
    if (stdout_eof_ || main_exited()) {
      std::string partial = std::move(stdout_buffer_);
      stdout_buffer_.clear();
      return result(ReadKind::Closed, std::move(partial));
    }
    const nanoseconds elapsed = Clock::now() - start;
    nanoseconds slice = limits.wall - elapsed;
    if (limits.cpu) {
      // Before the first wait the player has only just been resumed: it has had no time to
      // use, and the clock's system call is saved (result() reads it at the end in any case).
      const nanoseconds used = waited ? control_->cpu_time() - charged_cpu_ : nanoseconds{0};
      if (used > *limits.cpu) return result(ReadKind::Timeout, stdout_buffer_);
      // The player cannot use CPU faster than all cores at once: look again before it can
      // have used up what is left (at least every millisecond near the end).
      slice = std::min(slice, std::max<nanoseconds>(milliseconds(1), (*limits.cpu - used) / cpu_count()));
    }
    if (elapsed > limits.wall) return result(ReadKind::Timeout, stdout_buffer_);
    pump(slice, true);
    waited = true;
  }
}

std::string PlayerProcess::rest_of_stdout(std::size_t limit, nanoseconds wait) {
  if (reaped_) return {};
  control_->resume();
  const Clock::time_point deadline = Clock::now() + wait;
  while (stdout_buffer_.size() < limit && stdout_fd_ >= 0) {
    if (main_exited()) {
      // Everything it wrote is in the pipe already (a child that holds the pipe is not waited for).
      const std::size_t before = stdout_buffer_.size();
      read_stdout(false);
      if (stdout_buffer_.size() == before) break;
      continue;
    }
    const Clock::time_point now = Clock::now();
    if (now >= deadline) break;
    pump(deadline - now, true);
  }
  std::string rest = stdout_buffer_.substr(0, limit);
  stdout_buffer_.clear();
  return rest;
}

void PlayerProcess::pause() {
  // Nothing to read here: output written up to the stop stays in the pipes, where the next
  // turn's unsolicited check (stdout) and read_line (stderr) find it.
  if (reaped_) return;
  control_->pause();
}

void PlayerProcess::resume() {
  if (reaped_) return;
  control_->resume();
}

const StderrCapture& PlayerProcess::stderr_capture() {
  read_stderr();
  return stderr_;
}

}  // namespace amazes::arbiter
