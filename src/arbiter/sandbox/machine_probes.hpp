#pragma once
// What this judge process has found out about the machine's sandbox mechanisms, each once: the
// verdict of bubblewrap and of the judge's own namespaces per kind of player (a probe costs a
// player's start), and the warnings already given. One object per judge process (machine()).
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include <spdlog/spdlog.h>

namespace amazes::arbiter {

class MachineProbes {
 public:
  // "" when the mechanism works for this kind of player, else why not; `probe` finds out when
  // this kind was never tried, once (later callers wait for it).
  std::string verdict(const std::string& kind, const std::function<std::string()>& probe);
  // The verdict known so far, without trying: nothing when this kind was never tried.
  std::optional<std::string> known(const std::string& kind) const;
  // How many probes of kinds starting with `prefix` were run (for the tests: a game that goes
  // well runs none of the judge's own namespaces).
  std::size_t probes_run(const std::string& prefix) const;

  // A fallback is said once per judge process, not once per player: a warning when it changes
  // what a result means (the CPU time charged, what a bot may read), which -q keeps; a note
  // when it only changes how the players are isolated, which -q leaves out.
  void say_once(spdlog::level::level_enum level, const std::string& message);
  void warn_once(const std::string& message) { say_once(spdlog::level::warn, message); }
  void note_once(const std::string& message) { say_once(spdlog::level::info, message); }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::string> verdicts_;
  std::map<std::string, std::size_t> runs_;
  std::mutex said_mutex_;
  std::set<std::string> said_;
};

// The judge process's one.
MachineProbes& machine();

}  // namespace amazes::arbiter
