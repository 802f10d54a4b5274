#pragma once
// The two mechanisms that hide nothing: limits alone (`auto` where neither the judge's own
// namespaces nor bubblewrap can be had: the file system and the network are open to the player
// as to any process of its UID), and nothing at all (`--sandbox none`: trusted bots). As root
// both still run the player under a UID of its own, without privileges.
#include "sandbox/isolation.hpp"

namespace amazes::arbiter {

class LimitsOnly final : public Isolation {
 public:
  explicit LimitsOnly(const PlayerGrant& grant);
  std::string_view name() const override { return "no bwrap"; }
  bool hides_the_machine() const override { return false; }
  const ProcessLimits& limits() const override { return limits_; }
  LaunchSpec wrap(LaunchSpec spec, const PlayerFiles& files) const override;

 private:
  PlayerGrant grant_;
  ProcessLimits limits_;
};

class NoIsolation final : public Isolation {
 public:
  explicit NoIsolation(const PlayerGrant& grant) : grant_(grant) {}
  std::string_view name() const override { return "no sandbox"; }
  bool hides_the_machine() const override { return false; }
  const ProcessLimits& limits() const override { return limits_; }
  LaunchSpec wrap(LaunchSpec spec, const PlayerFiles& files) const override;

 private:
  PlayerGrant grant_;
  ProcessLimits limits_;  // none is applied
};

}  // namespace amazes::arbiter
