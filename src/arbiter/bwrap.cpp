#include "bwrap.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

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

// The interpreter of a "#!" script, or nothing.
std::optional<fs::path> interpreter_of(const fs::path& program) {
  std::ifstream in(program, std::ios::binary);
  std::string line;
  if (!in || !std::getline(in, line) || line.rfind("#!", 0) != 0) return std::nullopt;
  const std::size_t start = line.find_first_not_of(" \t", 2);
  if (start == std::string::npos) return std::nullopt;
  const std::size_t end = line.find_first_of(" \t\r", start);
  return fs::path(line.substr(start, end == std::string::npos ? std::string::npos : end - start));
}

void add_with_target(std::vector<fs::path>& dirs, const fs::path& path, bool is_dir) {
  dirs.push_back((is_dir ? path : path.parent_path()).lexically_normal());
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (!ec) dirs.push_back(is_dir ? real : real.parent_path());
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

std::vector<fs::path> directories_named_by(const LaunchSpec& spec, const fs::path& cwd) {
  std::vector<fs::path> dirs;
  const auto absolute = [&](const fs::path& p) { return p.is_absolute() ? p : cwd / p; };
  const fs::path program = absolute(spec.program);
  add_with_target(dirs, program, false);
  if (const auto interpreter = interpreter_of(program)) add_with_target(dirs, absolute(*interpreter), false);
  for (std::size_t i = 1; i < spec.argv.size(); ++i) {
    if (spec.argv[i].empty()) continue;
    const fs::path p = absolute(spec.argv[i]);
    std::error_code ec;
    const auto status = fs::status(p, ec);
    if (ec || !fs::exists(status)) continue;
    add_with_target(dirs, p, fs::is_directory(status));
  }
  dirs.push_back(cwd.lexically_normal());
  // Each once, and none inside another (binding the outer one shows the inner one).
  std::sort(dirs.begin(), dirs.end());
  dirs.erase(std::unique(dirs.begin(), dirs.end()), dirs.end());
  std::vector<fs::path> outermost;
  for (const auto& d : dirs) {
    if (std::none_of(outermost.begin(), outermost.end(), [&](const fs::path& o) { return is_inside(d, o); })) {
      outermost.push_back(d);
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
  for (const auto& dir : directories_named_by(spec, cwd)) {
    const bool under_hidden =
        std::any_of(hidden.begin(), hidden.end(), [&](const fs::path& h) { return dir == h || is_inside(dir, h); });
    if (under_hidden && is_real_directory(dir)) args.insert(args.end(), {"--ro-bind", dir.string(), dir.string()});
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
  if (shim) wrapped.child_hooks.push_back(stdio_past_bwrap_hook());
  wrapped.wrapper = "bwrap";
  return wrapped;
}

}  // namespace amazes::arbiter
