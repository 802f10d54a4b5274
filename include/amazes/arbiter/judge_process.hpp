#pragma once
// What the judge process itself must be like to run players, and how it leaves when it is
// interrupted (docs/rules.md §4.4: after every match no process of either player is left).
#include <string>

namespace amazes::arbiter {

// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed. Call it first thing in
// main: a judge started with a standard descriptor closed would otherwise get that number for
// a file of its own (a pipe, a cgroup file, a log), which a child's dup2 onto 0–2 then
// silently replaces — a player could join its stdout pipe instead of its cgroup — and which the
// judge's own printing would write into. Idempotent; prepare_judge_process calls it too.
void open_missing_standard_descriptors();

// Idempotent; PlayerProcess::start calls it on first use, the CLI may call it early.
// - ignores SIGPIPE (a player that closes its stdin must not kill the judge) — the players
//   get every signal back to its default in the child;
// - SIGCHLD to its default (an ignored SIGCHLD would make the kernel reap the players);
// - makes the judge a child subreaper (PR_SET_CHILD_SUBREAPER), so that the orphaned
//   processes of a player become the judge's children and are reaped by it rather than left
//   as zombies (in a container, PID 1 may never reap);
// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: SIGKILL every live player's process group, reap them,
//   write the interrupt note (set_interrupt_note) on stderr, then die of the same signal (its
//   default action), so the judge's exit status tells;
// - raises its soft limit of open files to the hard limit (at most 65536): many matches at
//   once need more than 1024 descriptors.
// - open_missing_standard_descriptors (late for a judge that opened files before, hence main).
// Nothing else in the judge may call waitpid(-1, …) or wait(): the players are reaped by pid
// and by process group.
void prepare_judge_process();

// The line the interrupted judge writes on stderr once its players are dead (a newline is
// added), e.g. how to continue a competition; empty: none. Any thread, any time.
void set_interrupt_note(const std::string& line);

// True from the moment an interrupt signal arrives. A match that ends after that ended because
// its players were killed: run_match then never returns (await_interrupted_end: the judge is
// about to die), so that no such game is logged or stored as if the players had crashed.
bool judge_interrupted() noexcept;

// Blocks the calling thread until the interrupt handler has ended the judge.
[[noreturn]] void await_interrupted_end();

}  // namespace amazes::arbiter
