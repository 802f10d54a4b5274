#include "bwrap.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

#include "amazes/arbiter/command_line.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

bool is_real_directory(const fs::path& path) {
  std::error_code ec;
  return fs::is_directory(fs::symlink_status(path, ec));
}

bool is_inside(const fs::path& path, const fs::path& dir) {
  const auto rel = path.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != "..";
}

void add_with_target(std::vector<NamedPath>& paths, const fs::path& path, bool is_dir) {
  paths.push_back({path.lexically_normal(), is_dir});
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (!ec) paths.push_back({real, is_dir});
}

// bwrap keeps its own descriptors 0, 1 and 2 open in both of its processes for as long as the
// sandbox lives, so a player that closes its stdout would never be seen to (no end of file), and
// its stdin would never report a closed reader. Descriptors above 2, on the other hand, bwrap
// passes to the sandboxed command and closes in its own two processes. So the child moves the
// player's stdin and stdout to 3 and 4 and gives bwrap /dev/null instead; inside, /bin/sh moves
// them back and executes the player in its own place. stderr stays on 2 for bwrap and the
// player alike: bwrap's own error messages belong in the player's stderr, and no fault depends
// on its end of file. (Nothing the child needs lives on 3 or 4: spawn_child keeps the judge's
// low descriptors occupied, and whatever else is there is close-on-exec anyway.)
constexpr const char* kShell = "/bin/sh";
constexpr const char* kShim = "exec \"$0\" \"$@\" <&3 >&4 3<&- 4>&-";

ChildHook stdio_past_bwrap_hook() {
  return ChildHook{"move stdin and stdout past bwrap", [] {
                     if (::dup2(0, 3) < 0 || ::dup2(1, 4) < 0) return errno;
                     const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
                     if (null < 0) return errno;
                     const bool ok = ::dup2(null, 0) >= 0 && ::dup2(null, 1) >= 0;
                     const int error = errno;
                     ::close(null);
                     return ok ? 0 : error;
                   }};
}

}  // namespace

std::vector<NamedPath> paths_named_by(const LaunchSpec& spec, const fs::path& cwd) {
  std::vector<NamedPath> paths;
  const auto absolute = [&](const fs::path& p) { return p.is_absolute() ? p : cwd / p; };
  const fs::path program = absolute(spec.program);
  add_with_target(paths, program, false);
  if (const auto interpreter = script_interpreter(program)) add_with_target(paths, absolute(*interpreter), false);
  for (std::size_t i = 1; i < spec.argv.size(); ++i) {
    if (spec.argv[i].empty()) continue;
    const fs::path p = absolute(spec.argv[i]);
    std::error_code ec;
    const auto status = fs::status(p, ec);
    if (ec || !fs::exists(status)) continue;
    add_with_target(paths, p, fs::is_directory(status));
  }
  paths.push_back({cwd.lexically_normal(), true});
  return paths;
}

std::vector<fs::path> rebound_paths(const std::vector<NamedPath>& named, const std::vector<fs::path>& hidden) {
  const auto is_hidden = [&](const fs::path& p) { return std::find(hidden.begin(), hidden.end(), p) != hidden.end(); };
  const auto under_hidden = [&](const fs::path& p) {
    return std::any_of(hidden.begin(), hidden.end(), [&](const fs::path& h) { return is_inside(p, h); });
  };
  std::vector<fs::path> targets;
  for (const auto& [path, is_dir] : named) {
    if (!under_hidden(path)) continue;
    const fs::path dir = is_dir ? path : path.parent_path();
    if (!is_hidden(dir)) {
      targets.push_back(dir);
    } else if (!is_dir) {
      targets.push_back(path);
    }
  }
  // Each once, and none inside another (binding the outer one shows the inner one).
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  std::vector<fs::path> outermost;
  for (const auto& t : targets) {
    if (std::none_of(outermost.begin(), outermost.end(), [&](const fs::path& o) { return is_inside(t, o); })) {
      outermost.push_back(t);
    }
  }
  return outermost;
}

LaunchSpec wrap_in_bwrap(const LaunchSpec& spec, const BwrapOptions& options) {
  std::error_code ec;
  const fs::path cwd = spec.working_dir.value_or(fs::current_path(ec));
  std::vector<std::string> args = {options.bwrap.string(), "--die-with-parent"};
  args.insert(args.end(), {"--unshare-all", "--cap-drop", "ALL"});
  if (options.disable_userns) args.insert(args.end(), {"--unshare-user", "--disable-userns"});
  args.insert(args.end(), {"--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev"});

  std::vector<fs::path> hidden;
  for (const auto& dir : options.hidden) {
    if (is_real_directory(dir)) hidden.push_back(dir);
  }
  for (const auto& dir : hidden) {
    if (dir == "/tmp" && options.tmp_bytes > 0) {
      args.insert(args.end(), {"--perms", "1777", "--size", std::to_string(options.tmp_bytes)});
    }
    args.insert(args.end(), {"--tmpfs", dir.string()});
  }
  for (const auto& path : rebound_paths(paths_named_by(spec, cwd), hidden)) {
    args.insert(args.end(), {"--ro-bind", path.string(), path.string()});
  }
  for (const auto& dir : hidden) {
    if (!(dir == "/tmp" && options.tmp_bytes > 0)) args.insert(args.end(), {"--remount-ro", dir.string()});
  }
  args.insert(args.end(), {"--remount-ro", "/dev", "--chdir", cwd.string(), "--"});
  const bool shim = options.move_stdio && ::access(kShell, X_OK) == 0;
  if (shim) args.insert(args.end(), {kShell, "-c", kShim});
  args.push_back(spec.program.string());
  args.insert(args.end(), spec.argv.begin() + (spec.argv.empty() ? 0 : 1), spec.argv.end());

  LaunchSpec wrapped;
  wrapped.program = options.bwrap;
  wrapped.argv = std::move(args);
  wrapped.working_dir = spec.working_dir;
  wrapped.environment = spec.environment;
  wrapped.child_hooks = spec.child_hooks;
  // First: it opens /dev/null, which must come before the sandbox's descriptor limit. The
  // child still holds the judge's close-on-exec descriptors then, and with a few matches at
  // once they fill every number below that limit (seen as "Too many open files" at -j 4).
  if (shim) wrapped.child_hooks.insert(wrapped.child_hooks.begin(), stdio_past_bwrap_hook());
  wrapped.wrapper = "bwrap";
  return wrapped;
}

}  // namespace amazes::arbiter
