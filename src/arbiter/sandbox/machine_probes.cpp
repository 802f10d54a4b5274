#include "sandbox/machine_probes.hpp"

namespace amazes::arbiter {

std::string MachineProbes::verdict(const std::string& kind, const std::function<std::string()>& probe) {
  std::lock_guard lock(mutex_);
  const auto found = verdicts_.find(kind);
  if (found != verdicts_.end()) return found->second;
  ++runs_[kind];
  return verdicts_.emplace(kind, probe()).first->second;
}

std::optional<std::string> MachineProbes::known(const std::string& kind) const {
  std::lock_guard lock(mutex_);
  const auto found = verdicts_.find(kind);
  if (found == verdicts_.end()) return std::nullopt;
  return found->second;
}

std::size_t MachineProbes::probes_run(const std::string& prefix) const {
  std::lock_guard lock(mutex_);
  std::size_t runs = 0;
  for (const auto& [kind, count] : runs_) {
    if (kind.rfind(prefix, 0) == 0) runs += count;
  }
  return runs;
}

void MachineProbes::say_once(spdlog::level::level_enum level, const std::string& message) {
  std::lock_guard lock(said_mutex_);
  if (said_.insert(message).second) spdlog::log(level, "{}", message);
}

MachineProbes& machine() {
  static MachineProbes probes;
  return probes;
}

}  // namespace amazes::arbiter
