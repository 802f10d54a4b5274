#pragma once
// The controls of the channel tests: without the sandbox's filter, the channel the filter closes
// is really there (the bot is a real attack, so the sandboxed test can fail). On a busy machine
// one try can miss without the channel being closed: other tests and other judges read, lock and
// cache the same runtime files at the same time (a page another process cached reads as a 1 bit),
// two judges meant to overlap do not. So a control is judged the same way everywhere: up to
// kControlTries tries, and a try shows the channel when most of what was sent arrived, far above
// chance (7/8 of the bits: 14 of 16 right by chance is 0.2 %, 28 of 32 is 0.001 %).
#include <gtest/gtest.h>

#include <bitset>
#include <functional>
#include <iostream>
#include <optional>
#include <string>

namespace amazes::testing {

constexpr int kControlTries = 3;

// Why a try did not show the channel; nothing when it did.
using ControlTry = std::function<std::optional<std::string>()>;

// Passes at the first try that shows the channel (saying on stdout which tries missed before it);
// fails, with what every try saw, when none does.
inline void expect_control_shows_channel(const ControlTry& attempt) {
  std::string seen;
  for (int i = 1; i <= kControlTries; ++i) {
    const auto missed = attempt();
    if (!missed) {
      if (!seen.empty()) std::cout << "control: the channel shown at try " << i << ", after:" << seen << "\n";
      return;
    }
    seen += "\n  try " + std::to_string(i) + ": " + *missed;
  }
  ADD_FAILURE() << "the channel the filter closes is not there to close, in " << kControlTries << " tries:" << seen;
}

// Nothing when `received` (hexadecimal, as `sent`) has at least 7/8 of `sent`'s bits right;
// else what arrived.
inline std::optional<std::string> pattern_missed(const std::string& sent, const std::string& received) {
  const auto digit = [](char c) { return std::stoi(std::string(1, c), nullptr, 16); };
  const auto hex = [](const std::string& text) {
    return !text.empty() && text.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
  };
  if (hex(sent) && hex(received) && received.size() == sent.size()) {
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < sent.size(); ++i) wrong += std::bitset<4>(digit(sent[i]) ^ digit(received[i])).count();
    if (8 * wrong <= 4 * sent.size()) return std::nullopt;
  }
  return "sent " + sent + ", received " + received;
}

}  // namespace amazes::testing
