// The end of a player: the grace period after the game, the kill, the reap, and what its
// exit status says.
#include <poll.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

#include "process/fd_helpers.hpp"
#include "process/player_process.hpp"

namespace amazes::arbiter {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

// How long a wrapper may take to exit after its player died (reap_and_close).
constexpr milliseconds kWrapperExitWait{200};

}  // namespace

bool PlayerProcess::finish(nanoseconds grace) {
  PlayerProcess* self = this;
  return finish_all(std::span(&self, 1), grace).front();
}

std::vector<bool> PlayerProcess::finish_all(std::span<PlayerProcess* const> players, nanoseconds grace) {
  std::vector<bool> ended(players.size(), false);
  std::vector<PlayerProcess*> waiting;
  for (std::size_t i = 0; i < players.size(); ++i) {
    PlayerProcess& p = *players[i];
    if (p.reaped_) {
      ended[i] = p.status_ && !(WIFSIGNALED(*p.status_) && WTERMSIG(*p.status_) == SIGKILL && p.killed_by_judge_);
      continue;
    }
    p.input_pending_.clear();
    close_fd(p.stdin_fd_);  // end of file on the player's stdin: time to go
    p.control_->resume();
    waiting.push_back(&p);
  }
  // One grace period for all of them, all drained while waiting. Output on stdout after the
  // game means nothing; it is read and thrown away so that a player blocked on a full pipe
  // can still exit.
  const Clock::time_point deadline = Clock::now() + grace;
  std::vector<pollfd> fds(waiting.size() * kMaxPollFds);
  std::vector<int> first(waiting.size());
  while (true) {
    const bool all_exited =
        std::all_of(waiting.begin(), waiting.end(), [](const PlayerProcess* p) { return p->main_exited_; });
    const Clock::time_point now = Clock::now();
    if (all_exited || now >= deadline) break;
    int n = 0;
    nanoseconds timeout = deadline - now;
    for (std::size_t i = 0; i < waiting.size(); ++i) {
      first[i] = n;
      n += waiting[i]->collect(fds.data() + n, true, /*discard_stdout=*/true);
      if (waiting[i]->pid_fd_ < 0 && !waiting[i]->main_exited_)
        timeout = std::min(timeout, nanoseconds(milliseconds(10)));
    }
    const timespec ts = to_timespec(timeout);
    const int ready = ::ppoll(fds.data(), static_cast<nfds_t>(n), &ts, nullptr);
    for (std::size_t i = 0; i < waiting.size(); ++i) {
      if (ready > 0) {
        waiting[i]->dispatch(fds.data() + first[i]);
      } else if (waiting[i]->pid_fd_ < 0) {
        waiting[i]->check_exited();
      }
    }
  }
  for (PlayerProcess* p : waiting) {
    p->killed_after_grace_ = !p->main_exited_;
    p->reap_and_close();
  }
  for (std::size_t i = 0, w = 0; i < players.size(); ++i) {
    if (w < waiting.size() && players[i] == waiting[w]) ended[i] = !waiting[w++]->killed_after_grace_;
  }
  return ended;
}

void PlayerProcess::kill() {
  if (reaped_) return;
  reap_and_close();
}

void PlayerProcess::reap_and_close() {
  // Kill the whole group while the main process is not yet reaped (so its pid, which is the
  // group id, cannot have been reused), also when the main process has already exited: a
  // child of it may still be running.
  if (!wrapper_.empty() && (stdout_eof_ || player_exited_) && !main_exited_) {
    // The player died (or closed its stdout, most likely by dying); its wrapper (bwrap)
    // reports that death as its own exit a moment later. Wait for that (briefly: a player
    // that closed its stdout and lives on is killed all the same), so that the exit recorded
    // is the player's.
    // The wrapper may be paused (the driver pauses a player after every read): let it run.
    control_->resume();
    const Clock::time_point deadline = Clock::now() + kWrapperExitWait;
    while (!main_exited_ && Clock::now() < deadline) pump(deadline - Clock::now(), false);
  }
  ended_by_itself_ = main_exited_;
  killed_by_judge_ = true;
  control_->cpu_time();  // the last reading, while the clock is still there
  // The main process is our child and not yet reaped, so its pid is still its own: kill it
  // directly, and first. This holds even if the process never got into its group or cgroup,
  // so the wait below cannot block for ever; and the pid-1 process of a child sandbox
  // lives outside the player's cgroup: killed after the player, it could report the player's
  // death (exit 137) before the judge's SIGKILL reached it, and the log would not say that the
  // judge killed it.
  ::kill(pid_, SIGKILL);
  control_->kill();
  int status = 0;
  pid_t r;
  while ((r = ::waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
  }
  if (r == pid_) status_ = status;  // else an interrupt handler reaped it first
  reaped_ = true;
  control_->wait_gone();
  // Everything that could write is dead: take the rest of stderr (to the end of file, unless
  // a process that left the group still holds it).
  while (stderr_fd_ >= 0) {
    const std::uint64_t before = stderr_.dropped + stderr_.kept.size();
    read_stderr();
    if (stderr_fd_ >= 0 && stderr_.dropped + stderr_.kept.size() == before) break;  // EAGAIN
  }
  close_fd(stdin_fd_);
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
  close_fd(pid_fd_);
  close_fd(player_fd_);
}

std::string PlayerProcess::exit_description() const {
  std::string text = ended_description();
  if (reaped_ && control_->out_of_memory()) text += "; the kernel killed a process of it at its memory limit";
  return text;
}

std::optional<int> PlayerProcess::termination_signal() const {
  if (!reaped_ || !status_) return std::nullopt;
  const int status = *status_;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    if (sig == SIGKILL && killed_by_judge_ && !ended_by_itself_) return std::nullopt;
    return sig;
  }
  if (WIFEXITED(status) && !wrapper_.empty()) {
    const int code = WEXITSTATUS(status);
    // The wrapper reports the judge's own SIGKILL of the player so too: not the player's signal.
    if (code > 128 && code < 128 + NSIG && !(code - 128 == SIGKILL && killed_by_judge_ && !ended_by_itself_)) {
      return code - 128;
    }
  }
  return std::nullopt;
}

std::string PlayerProcess::ended_description() const {
  if (!reaped_) return "running";
  if (!status_) return "unknown (reaped by the interrupt handler)";
  const int status = *status_;
  const auto signal_text = [](int sig) {
    const char* abbrev = ::sigabbrev_np(sig);
    return "signal " + std::to_string(sig) + (abbrev != nullptr ? std::string(" (SIG") + abbrev + ")" : std::string());
  };
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    // A sandbox's init or bwrap passes its child's death by a signal on as 128 + the signal:
    // the signal is what happened to the bot, so it comes first.
    if (!wrapper_.empty() && code > 128 && code < 128 + NSIG) {
      return signal_text(code - 128) + " (as " + wrapper_ + " reported it: exit " + std::to_string(code) + ")";
    }
    return "exit " + std::to_string(code);
  }
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    if (sig == SIGKILL && killed_by_judge_ && !ended_by_itself_)
      return killed_after_grace_ ? "killed by judge after grace" : "killed by judge";
    return signal_text(sig);
  }
  return "status " + std::to_string(status);
}

}  // namespace amazes::arbiter
