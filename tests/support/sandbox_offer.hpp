#pragma once
// What the machine offers of the sandbox (the judge's own namespaces, bubblewrap, a cgroup v2
// hierarchy, root), and what it is declared to lack in AMAZES_SANDBOX_MISSING (config/sandbox.md):
// tests that need a mechanism use REQUIRE_SANDBOX("bwrap", …), which skips them only when the
// mechanism is both missing and declared missing, and fails them when it is missing without a
// word.
//
// The attack and fairness suites run once per isolation (tests/CMakeLists.txt): under the
// judge's own namespaces, and with AMAZES_TEST_SANDBOX=bwrap under bubblewrap.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/sandbox/sandbox.hpp"

namespace amazes::testing {

struct Offer {
  bool namespaces = false;  // the namespaces sandbox (namespaces.hpp)
  bool bwrap = false;
  bool cgroup = false;
  bool memory = false;  // a memory cgroup per player (memory.max, or the memory controller of v1)
  bool root = false;    // a UID per player (and so RLIMIT_NPROC)
};

inline const Offer& offered() {
  static const Offer offer = [] {
    Offer o;
    arbiter::PlayerSandbox sandbox{arbiter::SandboxSettings{}};
    o.namespaces = sandbox.uses_namespaces();
    o.cgroup = sandbox.uses_cgroup();
    o.memory = sandbox.uses_memory_cgroup();
    o.root = sandbox.uid().has_value();
    arbiter::SandboxSettings bwrap;
    bwrap.mode = arbiter::SandboxMode::Bwrap;
    try {
      o.bwrap = arbiter::PlayerSandbox{bwrap}.uses_bwrap();
    } catch (const arbiter::SandboxError&) {
      o.bwrap = false;
    }
    return o;
  }();
  return offer;
}

inline std::set<std::string> declared_missing() {
  std::set<std::string> names;
  const char* text = std::getenv("AMAZES_SANDBOX_MISSING");
  std::stringstream in(text != nullptr ? text : "");
  for (std::string name; std::getline(in, name, ',');) {
    if (!name.empty()) names.insert(name);
  }
  return names;
}

inline bool offers(const std::string& name) {
  const Offer& o = offered();
  if (name == "namespaces") return o.namespaces;
  if (name == "memory") return o.memory;
  return name == "bwrap" ? o.bwrap : name == "cgroup" ? o.cgroup : o.root;
}

// The isolation a suite that runs once per isolation is under now: "namespaces" (the default),
// or "bwrap" when AMAZES_TEST_SANDBOX says so.
inline std::string isolation_under_test() {
  const char* chosen = std::getenv("AMAZES_TEST_SANDBOX");
  return chosen != nullptr && std::string(chosen) == "bwrap" ? "bwrap" : "namespaces";
}
// Settings that ask for exactly that isolation (a strict mode: no silent fallback).
inline arbiter::SandboxSettings isolated_settings() {
  arbiter::SandboxSettings settings;
  settings.mode = isolation_under_test() == "bwrap" ? arbiter::SandboxMode::Bwrap : arbiter::SandboxMode::Namespaces;
  return settings;
}

// Fails when the machine lacks `name` without saying so; skips (returns false) when it is
// declared missing. Use as: if (!needs("bwrap")) GTEST_SKIP() << …;
inline std::string missing_reason(const std::vector<std::string>& names) {
  std::string reason;
  for (const auto& name : names) {
    if (offers(name)) continue;
    if (declared_missing().count(name) == 0U) {
      ADD_FAILURE() << name << " is not available on this machine, and AMAZES_SANDBOX_MISSING does not say it "
                    << "may be missing";
    }
    reason += (reason.empty() ? "" : ", ") + name;
  }
  return reason;
}

#define REQUIRE_SANDBOX(...)                                                                  \
  do {                                                                                        \
    const std::string missing = ::amazes::testing::missing_reason({__VA_ARGS__});             \
    if (!missing.empty()) GTEST_SKIP() << "needs " << missing << " (AMAZES_SANDBOX_MISSING)"; \
  } while (false)

}  // namespace amazes::testing
