#pragma once
// The judge's own namespaces (namespaces.hpp) as an Isolation: the player's root built by the
// judge's child, no program in front of the player but the sandbox's init. Only for a root
// judge whose player has a UID of its own and a cgroup.
#include <memory>
#include <string>
#include <vector>

#include "sandbox/isolation.hpp"
#include "sandbox/network_namespaces.hpp"

namespace amazes::arbiter {

class NamespacesIsolation final : public Isolation {
 public:
  explicit NamespacesIsolation(const PlayerGrant& grant);

  std::string_view name() const override { return "namespaces"; }
  bool hides_the_machine() const override { return true; }
  const ProcessLimits& limits() const override { return limits_; }
  bool made_ahead() const override { return true; }
  bool serves_futex_waits() const override;
  LaunchSpec wrap(LaunchSpec spec, const PlayerFiles& files) const override;

 private:
  PlayerGrant grant_;
  ProcessLimits limits_;
  // The player's network namespace: a used one to join, given back when this is destroyed
  // (after its player is gone) for a later player.
  std::shared_ptr<NetworkLease> network_;
};

// Why the judge's own namespaces are not for this player, before trying them; "" when they may.
std::string namespaces_precondition(const PlayerGrant& grant);
// What this judge process knows of them for this kind of player (MachineProbes): nothing when
// never tried, "" when they work, else why not.
std::optional<std::string> namespaces_known(const PlayerGrant& grant);
// Starts `true` in them with the player's steps (limits, capabilities, UID, filter), once per
// kind of player and judge process (a player's start): "" when it runs and exits 0, else why not.
std::string test_namespaces(const PlayerGrant& grant);
// How many times this judge process started `true` in them (for the tests: a game that goes
// well costs none).
std::size_t namespaces_tests_run();

}  // namespace amazes::arbiter
