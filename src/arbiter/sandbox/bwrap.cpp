#include "sandbox/bwrap.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <memory>

#include <fmt/format.h>

#include "process/data_fd.hpp"
#include "sandbox/sandbox_dev.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// bwrap keeps its own descriptors 0, 1 and 2 open in both of its processes for as long as the
// sandbox lives, so a player that closes its stdout would never be seen to (no end of file), and
// its stdin would never report a closed reader. Descriptors above 2, on the other hand, bwrap
// passes to the sandboxed command and closes in its own two processes. So the child moves the
// player's stdin and stdout to 3 and 4 and gives bwrap /dev/null instead; inside, /bin/sh moves
// them back and executes the player in its own place. stderr stays on 2 for bwrap and the
// player alike: bwrap's own error messages belong in the player's stderr, and no fault depends
// on its end of file. (Nothing the child needs lives on 3 to 9: spawn_child keeps the judge's
// low descriptors occupied, and whatever else is there is close-on-exec anyway.) The shim also
// closes 5 to 8, bwrap's data descriptors, should a bwrap leave one open: a player inherits
// nothing but 0, 1 and 2.
constexpr const char* kShell = "/bin/sh";
constexpr const char* kShim = "exec \"$0\" \"$@\" <&3 >&4 3<&- 4>&- 5<&- 6<&- 7<&- 8<&-";

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

// The memory files, held by the spec's hook for as long as the spec lives (a start copies the
// spec's hooks, not the files).
struct DataFds {
  std::array<UniqueFd, 4> fds;  // args, seccomp, passwd, group
};

ChildHook data_fds_hook(const std::shared_ptr<const DataFds>& data) {
  return ChildHook{"hand bwrap its options", [data] {
                     constexpr std::array<int, 4> kTargets = {kArgsFd, kSeccompFd, kPasswdFd, kGroupFd};
                     for (std::size_t i = 0; i < kTargets.size(); ++i) {
                       if (!data->fds[i]) continue;
                       // The memory files are at 10 and above (data_fd.hpp): never a target.
                       if (::dup2(data->fds[i].get(), kTargets[i]) < 0) return errno;
                     }
                     return 0;
                   }};
}

std::string joined_with_nul(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& word : words) {
    text += word;
    text += '\0';
  }
  return text;
}

}  // namespace

std::vector<std::string> bwrap_arguments(const PlayerFiles& files, const BwrapOptions& options) {
  std::vector<std::string> args = {"--die-with-parent", "--unshare-all", "--cap-drop", "ALL"};
  if (options.disable_userns) args.insert(args.end(), {"--unshare-user", "--disable-userns"});
  for (const auto& entry : system_runtime()) {
    if (entry.link_target) {
      args.insert(args.end(), {"--symlink", entry.link_target->string(), entry.path.string()});
    } else {
      args.insert(args.end(), {"--ro-bind", entry.path.string(), entry.path.string()});
    }
  }
  args.insert(args.end(), {"--perms", "0644", "--ro-bind-data", std::to_string(kPasswdFd), "/etc/passwd"});
  args.insert(args.end(), {"--perms", "0644", "--ro-bind-data", std::to_string(kGroupFd), "/etc/group"});
  // bwrap leaves its fresh /proc writable (it covers only /proc/irq and /proc/bus): /proc/sys
  // would then take a write from any process of the sandbox that owns the file, which a UID 0
  // does. Read-only whatever the UID.
  args.insert(args.end(), {"--proc", "/proc", "--remount-ro", "/proc"});
  // Not bwrap's --dev, which adds a pts of its own and a link to /proc/kcore: the same /dev as
  // the namespaces sandbox (sandbox_dev.hpp). Each node is a bind of the host's, as --dev makes
  // it, and stays writable: bwrap's --remount-ro adds nodev, which would close it. What a player
  // could mark on the host's node, its times, no player may set (the filter denies utimensat).
  args.insert(args.end(), {"--perms", "0755", "--tmpfs", "/dev"});
  for (const DevNode& node : kDevNodes) {
    const std::string path = std::string("/dev/") + node.name;
    args.insert(args.end(), {"--dev-bind", path, path});
  }
  for (const DevLink& link : kDevLinks)
    args.insert(args.end(), {"--symlink", link.target, std::string("/dev/") + link.name});
  args.insert(args.end(), {"--dir", "/dev/shm"});
  if (options.tmp_bytes > 0) {
    args.insert(args.end(), {"--perms", "1777", "--size", std::to_string(options.tmp_bytes), "--tmpfs", "/tmp"});
  } else {
    args.insert(args.end(), {"--dir", "/tmp"});
  }
  // The folders on the way to its own are made here, empty, and only traversable: a player
  // learns nothing by listing them (bwrap would make them listable). bwrap binds nosuid and
  // nodev (only --dev-bind keeps device nodes working).
  for (const auto& dir : files.way) args.insert(args.end(), {"--perms", "0111", "--dir", dir.string()});
  for (const auto& link : files.links) args.insert(args.end(), {"--symlink", link.target.string(), link.at.string()});
  for (const auto& path : files.bound) {
    args.insert(args.end(), {path == files.writable ? "--bind" : "--ro-bind", path.string(), path.string()});
  }
  // The root itself is a tmpfs of bwrap's, writable until now, and so is /dev.
  args.insert(args.end(), {"--remount-ro", "/dev", "--remount-ro", "/"});
  if (!options.seccomp.empty()) args.insert(args.end(), {"--seccomp", std::to_string(kSeccompFd)});
  args.insert(args.end(), {"--chdir", files.home.value_or("/").string()});
  return args;
}

LaunchSpec wrap_in_bwrap(const LaunchSpec& spec, const PlayerFiles& files, const BwrapOptions& options) {
  const std::string home = files.home.value_or("/").string();
  auto data = std::make_shared<DataFds>();
  int failure = 0;  // the errno of the first memory file the kernel refused
  const auto make = [&](std::size_t slot, std::string_view bytes, const char* name) {
    data->fds[slot] = data_fd(bytes, name);
    if (!data->fds[slot] && failure == 0) failure = errno != 0 ? errno : ENOMEM;
  };
  make(0, joined_with_nul(bwrap_arguments(files, options)), "amazes-bwrap-args");
  if (!options.seccomp.empty()) {
    make(1, std::string_view(reinterpret_cast<const char*>(options.seccomp.data()), options.seccomp.size()),
         "amazes-seccomp");
  }
  make(2, fmt::format("player:x:{}:{}:amazes player:{}:/usr/sbin/nologin\n", options.uid, options.gid, home),
       "amazes-passwd");
  make(3, fmt::format("player:x:{}:\n", options.gid), "amazes-group");

  std::vector<std::string> args = {options.bwrap.string(), "--args", std::to_string(kArgsFd)};
  const bool shim = options.move_stdio && ::access(kShell, X_OK) == 0;
  if (shim) args.insert(args.end(), {kShell, "-c", kShim});
  args.push_back(files.program.string());
  args.insert(args.end(), files.argv.begin() + (files.argv.empty() ? 0 : 1), files.argv.end());

  LaunchSpec wrapped;
  wrapped.program = options.bwrap;
  wrapped.argv = std::move(args);
  wrapped.working_dir = spec.working_dir;
  wrapped.environment = spec.environment;
  wrapped.child_hooks = spec.child_hooks;
  wrapped.listened_filter = spec.listened_filter;  // loaded before bwrap, whose own filter is behind it
  wrapped.serve_listener = spec.serve_listener;
  // First: it opens /dev/null, which must come before the sandbox's descriptor limit. The
  // child still holds the judge's close-on-exec descriptors then, and with a few matches at
  // once they fill every number below that limit (seen as "Too many open files" at -j 4).
  // Then the data, whose targets 5 to 8 are above the shim's 3 and 4.
  std::ptrdiff_t at = 0;
  if (shim) wrapped.child_hooks.insert(wrapped.child_hooks.begin() + at++, stdio_past_bwrap_hook());
  if (failure != 0) {  // the start fails, judge-side, with the kernel's reason
    wrapped.child_hooks.insert(wrapped.child_hooks.begin() + at,
                               ChildHook{"make bwrap's memory files", [failure] { return failure; }});
  } else {
    wrapped.child_hooks.insert(wrapped.child_hooks.begin() + at, data_fds_hook(data));
  }
  wrapped.wrapper = "bwrap";
  wrapped.wrapper_depth = kBwrapWrapperDepth;
  return wrapped;
}

}  // namespace amazes::arbiter
