#pragma once
// One running player and the only place where the judge touches its file descriptors
// (docs/rules.md §4.3, §4.4, §10, §12). The match logic calls send / read_line / pause / resume /
// finish / kill and gets values back; nothing here throws through the match loop.
//
// A turn, as the match driver runs it:
//   if (p.has_unsolicited_output()) → fault `unsolicited`, write nothing, p.kill()
//   if (p.main_exited()) → fault `crash` (it died since its last line), write nothing, p.kill()
//   p.send(input_lines); p.resume(); ReadResult r = p.read_line(limits); p.pause();
//   r.kind: Line → the rules judge r.text (illegal, or a move); TooLong → `too_long`;
//           Closed → `crash`; Timeout → `timeout`; on a fault: p.kill().
// End of the game: p.send({"Quit"}) on sudden death, then p.finish(grace) in any case.
//
// Never blocks on a pipe: every descriptor is non-blocking and waited on with poll(); the
// main process is watched through a pidfd, so a child that keeps the pipes open cannot hide
// the player's death.
//
// stderr is drained whenever the judge waits on this player (read_line, finish, kill). No
// thread is needed for that: a player can only write while it runs, and it runs only during
// its own turn (read_line; the driver starts a player at its first turn) and its grace period
// (finish); the rest of the time its whole process group is stopped.
// A player that fills its stderr pipe just before being paused blocks only itself until its
// next turn, when read_line drains the pipe again.
#include <poll.h>
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_record.hpp"
#include "process/launch_spec.hpp"
#include "process/process_control.hpp"
#include "process/spawn.hpp"

namespace amazes::arbiter {

enum class ReadKind : std::uint8_t {
  Line,     // a whole line arrived in time; `text` without '\n' (a '\r' before it is kept: the
            // rules decide on it, like on empty lines and illegal characters)
  TooLong,  // more than max_line characters before '\n', decided at the 257th character
  Closed,   // stdout closed or the main process exited before a whole line: `crash`
  Timeout,  // the CPU limit or the wall limit of the turn ran out: `timeout`
};
std::string_view read_kind_name(ReadKind kind);  // "line", "too_long", "closed", "timeout"

struct ReadLimits {
  // Wall time allowed from send() (or from read_line when nothing was sent) to the whole line:
  // the guard 2 × budget left + 1 s with the cpu clock, the budget left with the wall clock.
  std::chrono::nanoseconds wall{std::chrono::seconds(11)};
  // CPU time the player may be charged this turn (the budget left), when the clock is cpu.
  std::optional<std::chrono::nanoseconds> cpu;
  std::size_t max_line = kMaxLineLength;  // docs/rules.md §4.2.1
  // A line that arrived after `wall` is a Timeout (a turn's answer too late). False for a reader
  // that waits in slices and wants every line (a compile's messages).
  bool late_line_is_timeout = true;
};

struct ReadResult {
  ReadKind kind = ReadKind::Closed;
  // Line: the line. Other kinds: what arrived of the line (for TooLong the first
  // max_line + 1 characters, or + 2 when a '\r' made the judge look at one more).
  std::string text;
  // Wall time from send() to the end of the read.
  std::chrono::nanoseconds wall{0};
  // CPU time charged: what the player used since the previous charge, so its start-up goes
  // into its first turn and nothing it did between two turns is lost.
  std::chrono::nanoseconds cpu{0};
};

enum class SendStatus : std::uint8_t {
  Written,  // all in the pipe
  Queued,   // the pipe was full; the rest goes out while read_line waits
  Closed,   // the player's stdin is closed (EPIPE): the input is dropped; read_line still decides
};

struct StderrCapture {
  std::string kept;           // the first `stderr_limit` bytes
  std::uint64_t dropped = 0;  // bytes read after those and thrown away
};

struct PlayerOptions {
  std::size_t stderr_limit = kDefaultStderrLimit;  // match_record.hpp
  // Given every piece of stderr as it is read, kept or not (a match observer's on_stderr);
  // nothing is called when it is empty.
  std::function<void(std::string_view)> stderr_sink;
};

class PlayerProcess;

struct StartResult {
  std::unique_ptr<PlayerProcess> process;  // null when the start failed
  std::string error;                       // one line, e.g. "exec ./bot: Exec format error"
  // The judge could not set the child up (spawn.hpp): the judge's failure, not the player's.
  bool judge_side = false;
  bool ok() const { return process != nullptr; }
};

// A player made ready to start (PlayerProcess::prepare): its spec, its control, and in the
// sandbox its child builds, the sandbox itself, made already (spawn.hpp: PreparedChild). Dropped
// unstarted, it leaves nothing behind.
struct PendingStart {
  LaunchSpec spec;
  std::unique_ptr<ProcessControl> control;
  PreparedChild child;  // declared last: gone before the control (its cgroup)
};

class PlayerProcess {
 public:
  // Starts the player under `control` (a process group when null). The player runs at once
  // (its start-up): the match driver starts it at its first turn (match.cpp, start_player says
  // why not earlier). Prepares the judge process on first use (prepare_judge_process).
  static StartResult start(LaunchSpec spec, PlayerOptions options = {},
                           std::unique_ptr<ProcessControl> control = nullptr);
  // The same in two steps: prepare() as early as convenient (for a child sandbox it makes
  // the sandbox, which runs nothing of the player's), start() at the player's first turn.
  static PendingStart prepare(LaunchSpec spec, std::unique_ptr<ProcessControl> control = nullptr);
  static StartResult start(PendingStart pending, PlayerOptions options = {});

  PlayerProcess(const PlayerProcess&) = delete;
  PlayerProcess& operator=(const PlayerProcess&) = delete;
  ~PlayerProcess();  // kills whatever is left of the player

  pid_t pid() const { return pid_; }
  ProcessControl& control() { return *control_; }

  // Writes the lines, each followed by '\n', without blocking. Starts the wall clock of the turn.
  SendStatus send(std::span<const std::string> lines);
  // Starts the wall clock of the turn now instead: a referee listens to a player some time after
  // it wrote the player its lines, and caiaio's clock runs from the listen.
  void restart_turn_clock() { turn_started_ = std::chrono::steady_clock::now(); }
  SendStatus send(std::initializer_list<std::string> lines) { return send(std::span(lines.begin(), lines.size())); }

  // End of file on the player's stdin now (a player run once per move reads its input from a
  // file: a read of stdin ends at once instead of waiting out its time).
  void close_input();

  // Waits for exactly one line within `limits` (see ReadKind). Bytes after the first '\n'
  // stay buffered: they make has_unsolicited_output() true at the next turn.
  ReadResult read_line(const ReadLimits& limits);

  // After a line that faulted: the first `limit` bytes it wrote after that line (a runtime's
  // error message, which often spans several lines), read for at most `wait` while it runs on,
  // or to the end of its output once it has ended. The player runs meanwhile: kill it after.
  std::string rest_of_stdout(std::size_t limit, std::chrono::nanoseconds wait);

  // True when output is waiting before the judge has written this turn's input: bytes left
  // over from an earlier read, or written since. An end of file alone is not output. Looks
  // at the main process too (the same single poll), for main_exited().
  bool has_unsolicited_output();
  // True once the player's main process is known to have exited. A child that lives on and
  // answers in its place does not make it alive again (docs/rules.md §4.3: an exit before the last
  // turn is a crash). Behind a wrapper this is the player's own process, watched from its
  // first line on: the wrapper reports its exit only once it has run again, and a paused
  // wrapper runs only during the player's turns, which a child answering at once can win.
  bool main_exited() const { return main_exited_ || player_exited_; }
  // The waiting output (up to a few KiB), for the log.
  std::string_view pending_output() const { return stdout_buffer_; }

  void pause();
  void resume();

  // End of the game (docs/rules.md §4.4): closes stdin, lets the player run for `grace`, then kills
  // whatever is left of its process group and reaps it. True when the main process had
  // ended by itself within the grace period (for a player reaped before: when it had ended
  // by itself rather than being killed by the judge).
  bool finish(std::chrono::nanoseconds grace);
  // The same for several players with one grace period for all (the end of a match: both
  // players get their stdin closed at once and are waited on together). One result each.
  static std::vector<bool> finish_all(std::span<PlayerProcess* const> players, std::chrono::nanoseconds grace);
  // Kills the whole player now (a fault, or the judge giving up) and reaps it.
  void kill();
  bool reaped() const { return reaped_; }

  const StderrCapture& stderr_capture();

  // CPU time used by the player so far (total, not the turn's charge).
  std::chrono::nanoseconds cpu_time() { return control_->cpu_time(); }

  // How the main process ended: "exit 0", "signal 11 (SIGSEGV)", "killed by judge",
  // "killed by judge after grace"; "running" before it was reaped. Behind a wrapper:
  // "signal 11 (SIGSEGV) (as bwrap reported it: exit 139)" for what is most likely the player's signal.
  // A player one of whose processes the kernel killed at its memory limit: "…; the kernel
  // killed a process of it at its memory limit".
  std::string exit_description() const;
  // Once reaped: the signal that ended the player by itself (not the judge's kill), also behind
  // a wrapper that reports it as exit 128 + N; nothing when it exited, or the judge killed it.
  std::optional<int> termination_signal() const;

 private:
  PlayerProcess() = default;

  // Waits at most `timeout` (zero: only looks) and handles whatever happened: stdout into the
  // line buffer (or thrown away when `discard_stdout`), stderr into the capture, pending
  // input out, the main process's exit noted.
  void pump(std::chrono::nanoseconds timeout, bool want_stdout, bool discard_stdout = false);
  // The two halves of pump, so that several players can share one poll: `collect` fills at
  // most kMaxPollFds entries and remembers where; `dispatch` handles their revents.
  static constexpr int kMaxPollFds = 5;
  int collect(pollfd* fds, bool want_stdout, bool discard_stdout);
  void dispatch(const pollfd* fds);
  void read_stdout(bool discard);
  void read_stderr();
  void flush_input();
  void check_exited();          // without a pidfd: looks with waitid(WNOWAIT)
  void watch_wrapped_player();  // once, behind a wrapper: a pidfd on the player's own process
  void reap_and_close();
  std::string ended_description() const;  // exit_description without the memory limit

  pid_t pid_ = -1;
  std::string wrapper_;  // LaunchSpec::wrapper and wrapper_depth
  int wrapper_depth_ = 0;
  std::unique_ptr<ProcessControl> control_;
  PlayerOptions options_;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
  int pid_fd_ = -1;
  std::string input_pending_;
  std::string stdout_buffer_;
  bool stdout_eof_ = false;
  bool main_exited_ = false;
  // Behind a wrapper: a pidfd on the player's own process (the wrapper's is pid_fd_), once
  // looked up, and whether that process has exited.
  int player_fd_ = -1;
  bool player_looked_up_ = false;
  bool player_exited_ = false;
  StderrCapture stderr_;
  std::optional<std::chrono::steady_clock::time_point> turn_started_;
  std::chrono::nanoseconds charged_cpu_{0};
  bool reaped_ = false;
  std::optional<int> status_;
  bool killed_by_judge_ = false;
  bool ended_by_itself_ = false;  // the main process had exited when the judge came to kill it
  bool killed_after_grace_ = false;
  int poll_stdout_ = -1, poll_stderr_ = -1, poll_pidfd_ = -1, poll_stdin_ = -1, poll_player_ = -1;  // set by collect
  bool poll_discard_ = false;
};

}  // namespace amazes::arbiter
