#pragma once
// bubblewrap (bwrap.hpp) as an Isolation: for a judge that is not root, or a player without a
// UID of its own or a cgroup, or where the judge's own namespaces cannot be made.
#include <filesystem>
#include <string>

#include "sandbox/bwrap.hpp"
#include "sandbox/isolation.hpp"

namespace amazes::arbiter {

class BwrapIsolation final : public Isolation {
 public:
  BwrapIsolation(const PlayerGrant& grant, std::filesystem::path bwrap);

  std::string_view name() const override { return "bwrap"; }
  bool hides_the_machine() const override { return true; }
  const ProcessLimits& limits() const override { return limits_; }
  int wrapper_depth() const override { return kBwrapWrapperDepth; }
  bool serves_futex_waits() const override;
  LaunchSpec wrap(LaunchSpec spec, const PlayerFiles& files) const override;

 private:
  PlayerGrant grant_;
  ProcessLimits limits_;
  std::filesystem::path bwrap_;
};

// Whether bubblewrap at `bwrap` works here for this kind of player, run exactly as players get
// it (same options, limits and UID), probed once per kind: "" or why not. Throws SandboxError
// when it works only without the player's limits: falling back would silently give the players
// the file system and the network.
std::string bwrap_problem(const PlayerGrant& grant, const std::filesystem::path& bwrap);

}  // namespace amazes::arbiter
