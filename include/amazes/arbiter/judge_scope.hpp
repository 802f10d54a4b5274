#pragma once
// A cgroup for an ordinary user's judge: without one, a player's child processes are not charged
// their CPU time and a child that leaves its process group runs on between turns, so a bot that
// passes at home could time out in a contest run as root.
namespace amazes::arbiter {

// When the judge is not root and has no cgroup it may manage, asks the user's systemd manager
// for a scope delegated to the user (`systemd-run --user --scope -p Delegate=yes`) and runs this
// judge again inside it, with the same command line: the judge then makes its players' cgroups
// there. Returns, changing nothing, when that is not needed or cannot be had (no user manager,
// no systemd-run, the scope refused, or already tried): the sandbox then says once what is lost.
// Call it before any thread starts. `argv`: main's, null-terminated.
void enter_delegated_scope(char** argv);

}  // namespace amazes::arbiter
