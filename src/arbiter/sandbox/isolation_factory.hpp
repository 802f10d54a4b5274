#pragma once
// The one place that decides how a player is isolated, from the settings and what the machine
// offers (sandbox_settings.hpp, MachineProbes): the judge's own namespaces where they can be
// made, else bubblewrap, else limits alone (each fallback said once); `namespaces` and `bwrap`
// ask for one and refuse to play without it; `none` is nothing.
#include <memory>
#include <string>

#include "amazes/arbiter/sandbox_settings.hpp"
#include "sandbox/isolation.hpp"

namespace amazes::arbiter {

struct IsolationChoice {
  std::unique_ptr<Isolation> isolation;
  // The judge's own namespaces, which this judge process has not yet seen work for this kind
  // of player: `auto` does not test them before the first game (a test costs a player's start),
  // its first players are the test (sandboxed_player.hpp).
  bool untested = false;
};

// Throws SandboxError when a strict mode cannot be had here.
IsolationChoice choose_isolation(const SandboxSettings& settings, const PlayerGrant& grant);

// For a player of untested namespaces that could not start or ended before its first line:
// tests them ("" they work: the failure was the player's own). When they do not, says so once,
// and every later choice for this kind of player is bubblewrap.
std::string test_untested_namespaces(const PlayerGrant& grant);

}  // namespace amazes::arbiter
