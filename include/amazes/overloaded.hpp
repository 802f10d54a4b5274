#pragma once
// One visitor of several lambdas, a lambda per alternative of a std::variant:
//   std::visit(overloaded{[](const A& a) { … }, [](const B& b) { … }}, value);
// An alternative no lambda takes does not compile, so a new one is handled everywhere it is visited.

namespace amazes {

template <class... Lambdas>
struct overloaded : Lambdas... {
  using Lambdas::operator()...;
};
// Spelled out for clang before 17, which deduces no aggregate's template arguments (gcc does).
template <class... Lambdas>
overloaded(Lambdas...) -> overloaded<Lambdas...>;

}  // namespace amazes
