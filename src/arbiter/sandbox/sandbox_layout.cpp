#include "amazes/arbiter/sandbox_layout.hpp"

#include <algorithm>
#include <mutex>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "process/launch_spec.hpp"
#include "sandbox/player_files.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// A path as written and as it resolves (a link into a bot's folder leaks as much).
std::vector<fs::path> forms_of(const fs::path& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec).lexically_normal();
  std::vector<fs::path> forms = {absolute};
  const fs::path real = fs::weakly_canonical(absolute, ec);
  if (!ec && real != absolute) forms.push_back(real);
  return forms;
}

// The folder of `bound` that holds a form of `secret`, if one does.
std::optional<fs::path> holder(const std::vector<fs::path>& bound, const Secret& secret) {
  for (const auto& form : forms_of(secret.path)) {
    for (const auto& folder : bound) {
      if (is_inside(form, folder)) return folder;
    }
  }
  return std::nullopt;
}

void note_shared_once(const std::string& message) {
  static std::mutex mutex;
  static std::set<std::string> said;
  std::lock_guard lock(mutex);
  if (said.insert(message).second) spdlog::info("{}", message);
}

}  // namespace

void check_sandbox_layout(const SandboxSettings& settings, const std::vector<PlayerSpec>& players,
                          const std::vector<Secret>& secrets) {
  if (settings.mode == SandboxMode::None) return;
  for (const auto& secret : secrets) {
    for (const auto& form : forms_of(secret.path)) {
      if (const auto runtime = runtime_path_holding(form)) {
        throw SandboxLayoutError(fmt::format(
            "{} {} lies in {}, which every player's sandbox shows: keep mazes, config and output outside the "
            "system's folders",
            secret.what, secret.path.string(), runtime->string()));
      }
    }
  }
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  std::vector<std::vector<fs::path>> bound(players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const LaunchSpecResult launch = make_launch_spec(players[i].name, players[i].command);
    if (!launch.ok()) continue;
    bound[i] = player_files(launch.spec, cwd).files.bound;
    for (const auto& secret : secrets) {
      if (const auto folder = holder(bound[i], secret)) {
        throw SandboxLayoutError(fmt::format(
            "player '{}' would see {} {}: it lies in {}, a folder that player's sandbox shows (its program's, or "
            "one its command names); lay the contest out as one folder per bot (bots/NAME/) with the mazes, the "
            "config and the output outside them",
            players[i].name, secret.what, secret.path.string(), folder->string()));
      }
    }
  }
  // Shared folders, each said once with every player that sees it.
  std::vector<fs::path> folders;
  for (const auto& list : bound) folders.insert(folders.end(), list.begin(), list.end());
  for (const auto& folder : folders) {
    const auto outer = [&](const fs::path& other) { return other != folder && is_inside(folder, other); };
    if (std::any_of(folders.begin(), folders.end(), outer)) continue;
    std::vector<std::string> sharers;
    for (std::size_t i = 0; i < players.size(); ++i) {
      const bool sees =
          std::any_of(bound[i].begin(), bound[i].end(), [&](const fs::path& p) { return is_inside(p, folder); });
      if (sees && std::find(sharers.begin(), sharers.end(), players[i].name) == sharers.end()) {
        sharers.push_back(players[i].name);
      }
    }
    if (sharers.size() < 2) continue;
    note_shared_once(
        fmt::format("sandbox: players '{}' share the folder {}: each can read the others' files (give "
                    "each bot a folder of its own to prevent that)",
                    fmt::join(sharers, "', '"), folder.string()));
  }
}

}  // namespace amazes::arbiter
