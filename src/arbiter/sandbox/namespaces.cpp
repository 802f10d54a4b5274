#include "sandbox/namespaces.hpp"

#include <fcntl.h>
#include <linux/capability.h>
#include <linux/close_range.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <linux/securebits.h>
#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "process/clone_on_stack.hpp"
#include "sandbox/network_namespaces.hpp"
#include "sandbox/sandbox_dev.hpp"
#include "sandbox/sandbox_init_program.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;
using Kind = PlanStep::Kind;

// Where the new root is built: a tmpfs mounted over the host's /proc, in this mount namespace
// only. A mount point must be an existing directory, and /proc is one on any system where no
// bot can lie, so every host path the player gets is still reachable to be bound (a bot under
// /tmp, say). The last pivot makes it the root; the host's /proc is not needed by then.
constexpr const char* kBuildAt = "/proc";
constexpr const char* kRootOptions = "mode=0755,size=1m";

std::string inside_root(const fs::path& path) { return path.relative_path().string(); }

PlanStep step(Kind kind, std::string target, std::string source = "", mode_t mode = 0755) {
  PlanStep made;
  made.kind = kind;
  made.target = std::move(target);
  made.source = std::move(source);
  made.mode = mode;
  return made;
}
PlanStep mount_step(std::string target, std::string type, std::string options, unsigned long flags) {
  PlanStep made = step(Kind::Mount, std::move(target), std::move(type));
  made.data = std::move(options);
  made.flags = flags;
  return made;
}

class PlanBuilder {
 public:
  void dir(const fs::path& path, mode_t mode) {
    if (!made_.insert(path).second) return;
    add(step(Kind::Dir, inside_root(path), "", mode));
  }
  // The directories above `path`, top down.
  void parents(const fs::path& path, mode_t mode) {
    std::vector<fs::path> up;
    for (fs::path p = path.parent_path(); p != p.root_path() && !p.empty(); p = p.parent_path()) up.push_back(p);
    for (auto it = up.rbegin(); it != up.rend(); ++it) dir(*it, mode);
  }
  // `host` bound at the same place, on a mount point of the right kind.
  void bind(const fs::path& host, mode_t parent_mode) {
    parents(host, parent_mode);
    std::error_code ec;
    if (fs::is_directory(host, ec)) {
      dir(host, 0755);
    } else {
      add(step(Kind::File, inside_root(host), "", 0644));
    }
    add(step(Kind::Bind, inside_root(host), host.string()));
  }
  // What the player's own files need: its folders bound, the way to them reproduced. A
  // failure of these steps at its start is the player's (PlanStep::players).
  void player_files(const PlayerFiles& files) {
    const std::size_t first = plan_.steps.size();
    for (const auto& folder : files.way) dir(folder, 0111);
    for (const auto& link : files.links) add(step(Kind::Symlink, inside_root(link.at), link.target.string()));
    for (const auto& path : files.bound) bind(path, 0111);
    for (std::size_t i = first; i < plan_.steps.size(); ++i) plan_.steps[i].players = true;
  }
  void flags(std::string target, std::uint64_t set, std::uint64_t clear, bool recursive) {
    PlanStep made = step(Kind::Flags, std::move(target));
    made.set = set;
    made.clear = clear;
    made.recursive = recursive;
    add(std::move(made));
  }
  void add(PlanStep step) { plan_.steps.push_back(std::move(step)); }
  void init_program(int fd) { plan_.init_program = fd; }
  NamespacesPlan take() { return std::move(plan_); }

 private:
  NamespacesPlan plan_;
  std::set<fs::path> made_;
};

// 0 or errno, as a child hook returns.
int check(bool ok) { return ok ? 0 : errno; }

int run_step(const PlanStep& step) {
  const char* target = step.target.c_str();
  switch (step.kind) {
    case Kind::Dir:
      if (::mkdir(target, step.mode) == 0 || errno == EEXIST) return 0;
      return errno;
    case Kind::File:
    case Kind::Write: {
      const int fd = ::open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, step.mode);
      if (fd < 0) return errno;
      const bool ok = step.kind == Kind::File ||
                      ::write(fd, step.source.data(), step.source.size()) == static_cast<ssize_t>(step.source.size());
      const int error = errno;
      ::close(fd);
      return ok ? 0 : error;
    }
    case Kind::Bind: return check(::mount(step.source.c_str(), target, nullptr, MS_BIND | MS_REC, nullptr) == 0);
    case Kind::Symlink: return check(::symlink(step.source.c_str(), target) == 0);
    case Kind::Device: return check(::mknod(target, S_IFCHR | step.mode, step.device) == 0);
    case Kind::Mount:
      return check(::mount(step.source.c_str(), target, step.source.c_str(), step.flags, step.data.c_str()) == 0);
    case Kind::Flags: {
      mount_attr attr{};
      attr.attr_set = step.set;
      attr.attr_clr = step.clear;
      const unsigned at = step.recursive ? AT_RECURSIVE : 0;
      return check(::syscall(SYS_mount_setattr, AT_FDCWD, target, at, &attr, sizeof attr) == 0);
    }
  }
  return EINVAL;
}

// The loopback of the new network namespace, up (as bwrap leaves it): a program may talk to
// itself over 127.0.0.1; nothing else is there.
int loopback_up() {
  const int s = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (s < 0) return errno;
  ifreq request{};
  std::memcpy(request.ifr_name, "lo", 3);
  int error = 0;
  if (::ioctl(s, SIOCGIFFLAGS, &request) != 0) {
    error = errno;
  } else {
    request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP);
    if (::ioctl(s, SIOCSIFFLAGS, &request) != 0) error = errno;
  }
  ::close(s);
  return error;
}

// The pid-1 process, once the player is forked: it keeps no capability and nothing of the
// judge's (no descriptor; not dumpable; invisible to the player anyway: /proc is mounted with
// hidepid), and waits. Its exit status is the player's, signals as 128 + N.
[[noreturn]] void wait_as_init(pid_t player) {
  ::syscall(SYS_close_range, 0U, ~0U, 0U);
  ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  while (true) {
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, 0);
    if (pid == player) ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    if (pid < 0 && errno != EINTR) ::_exit(127);
  }
}

// The pid-1 process drops every capability and becomes the sandbox's init program
// (sandbox_init_program.hpp), which waits as wait_as_init does, so that it shares no page with
// the judge; without one it waits as it is. Returns the errno value only when the program is
// there and cannot be executed: a pid-1 process that shares the judge's memory
// (spawn.cpp: clone_sharing_memory) must not stay.
int become_init(pid_t player, int init_program) {
  ::prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED, 0, 0, 0);
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct none[2] = {};
  ::syscall(SYS_capset, &header, none);
  ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  if (init_program < 0) wait_as_init(player);
  // Closed by the exec, not before: should it fail, the judge's side channel is still there to
  // say so (spawn.cpp).
  ::syscall(SYS_close_range, 0U, ~0U, static_cast<unsigned>(CLOSE_RANGE_CLOEXEC));
  char name[] = "init";
  char* argv[] = {name, nullptr};
  char* envp[] = {nullptr};
  ::syscall(SYS_execveat, init_program, "", argv, envp, AT_EMPTY_PATH);
  return errno;
}

}  // namespace

unsigned long long namespaces_clone_flags() { return CLONE_NEWPID; }

NamespacesPlan make_namespaces_plan(const PlayerFiles& files, const NamespacesOptions& options) {
  PlanBuilder plan;
  plan.init_program(sandbox_init_program());
  for (const auto& entry : system_runtime()) {
    if (entry.link_target) {
      plan.parents(entry.path, 0755);
      plan.add(step(Kind::Symlink, inside_root(entry.path), entry.link_target->string()));
    } else {
      plan.bind(entry.path, 0755);
    }
  }
  const std::string home = files.home.value_or("/").string();
  plan.dir("/etc", 0755);
  plan.add(step(Kind::Write, "etc/passwd",
                fmt::format("player:x:{}:{}:amazes player:{}:/usr/sbin/nologin\n", options.uid, options.gid, home),
                0644));
  plan.add(step(Kind::Write, "etc/group", fmt::format("player:x:{}:\n", options.gid), 0644));

  plan.dir("/proc", 0555);
  plan.add(mount_step("proc", "proc", "hidepid=2", MS_NOSUID | MS_NODEV | MS_NOEXEC));
  // The device nodes on the root's own file system, the only one where nodes work (every other
  // mount is nodev, so that a node in a bot's folder opens nothing); it holds only what this
  // plan makes, read-only, and nothing runs from it: nodes of its own (mknod: cheaper than a bind
  // each, which takes the mount namespace's lock), which no other player shares.
  plan.dir("/dev", 0755);
  for (const DevNode& device : kDevNodes) {
    PlanStep node = step(Kind::Device, std::string("dev/") + device.name, "", 0666);
    node.device = makedev(device.major, device.minor);
    plan.add(std::move(node));
  }
  for (const DevLink& link : kDevLinks) plan.add(step(Kind::Symlink, std::string("dev/") + link.name, link.target));
  plan.add(step(Kind::Dir, "dev/shm"));
  plan.dir("/tmp", options.tmp_bytes > 0 ? 01777 : 0755);
  // Before the player's own folders: one of them may lie under /tmp, and is bound on top of it.
  if (options.tmp_bytes > 0) {
    plan.add(mount_step("tmp", "tmpfs", fmt::format("mode=1777,size={}", options.tmp_bytes), MS_NOSUID | MS_NODEV));
  }

  plan.player_files(files);

  // Every mount read-only, nosuid and nodev; then the root itself (folders, links, /dev's nodes,
  // the passwd and group files: nothing a bot brought) lets its nodes work and runs nothing, and
  // a private /tmp is writable.
  plan.flags(".", MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, 0, true);
  plan.flags(".", MOUNT_ATTR_NOEXEC, MOUNT_ATTR_NODEV, false);
  if (options.tmp_bytes > 0) plan.flags("tmp", 0, MOUNT_ATTR_RDONLY, false);
  if (files.writable) plan.flags(inside_root(*files.writable), 0, MOUNT_ATTR_RDONLY, false);
  return plan.take();
}

// The player's first step, before its continuation: the judge's umask back.
struct PlayerEntry {
  const PlayerContinuation* player;
  mode_t umask;
};
int enter_player(void* entry_arg) {
  const auto& entry = *static_cast<const PlayerEntry*>(entry_arg);
  ::umask(entry.umask);
  return entry.player->run(entry.player->arg);
}

int enter_namespaces(const NamespacesPlan& plan, int network_fd, int cgroup_fd, const PlayerContinuation& player,
                     int& failed_step) {
  failed_step = -1;
  const mode_t judge_umask = ::umask(0);  // the plan's modes as they are; the player gets it back
  // The pid-1 process dies with the judge's thread, and with it the whole namespace.
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
  if (::unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS) != 0) return errno;
  // A used network namespace (network_namespaces.hpp), looked at while the host's /proc still
  // shows it; a new one when there is none or anything is left in it. A used one has its
  // loopback up already.
  bool new_network = network_fd < 0;
  if (!new_network && (::setns(network_fd, CLONE_NEWNET) != 0 || !namespace_is_empty())) new_network = true;
  if (new_network && ::unshare(CLONE_NEWNET) != 0) return errno;
  // Nothing mounted here reaches the host, nor the other way round.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return errno;
  if (::mount("tmpfs", kBuildAt, "tmpfs", MS_NOSUID, kRootOptions) != 0) return errno;
  if (::chdir(kBuildAt) != 0) return errno;
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    if (const int error = run_step(plan.steps[i]); error != 0) {
      failed_step = static_cast<int>(i);
      return error;
    }
  }
  // The new root in place of the host's, which is then let go of.
  if (::syscall(SYS_pivot_root, ".", ".") != 0) return errno;
  if (::umount2(".", MNT_DETACH) != 0) return errno;
  if (::chdir("/") != 0) return errno;
  if (new_network) {
    if (const int error = loopback_up(); error != 0) return error;
  }
  if (::setsid() < 0) return errno;
  // A raw clone, not fork(): glibc's fork runs the judge's atfork handlers, whose locks other
  // threads of the judge may have held at the first clone.
  // The player is born in its cgroup; this process stays in the judge's. So the player's
  // cgroup holds the player alone: its pause does not wake this process at every turn (a
  // frozen task blocked in wait4 is woken to enter the freezer, and again at the thaw: 600
  // wake-ups in a 300-turn game), and its CPU time is the player's own.
  clone_args args{};
  args.exit_signal = SIGCHLD;
  if (cgroup_fd >= 0) {
    args.flags = CLONE_INTO_CGROUP;
    args.cgroup = static_cast<std::uint64_t>(cgroup_fd);
  }
  // Sharing this process's memory (the judge's) when given a stack: no copy of the judge to
  // make and tear down (spawn.cpp: clone_sharing_memory says what that costs).
  PlayerEntry entry{&player, judge_umask};
  long pid = -1;
  if (player.stack != nullptr) {
    args.flags |= CLONE_VM | CLONE_VFORK;
    pid = clone3_on_stack(args, player.stack, player.stack_bytes, enter_player, &entry);
  } else {
    pid = ::syscall(SYS_clone3, &args, sizeof args);
    if (pid == 0) ::_exit(enter_player(&entry));
  }
  if (pid < 0) return errno;
  failed_step = static_cast<int>(plan.steps.size());  // namespaces_step_text: the init program
  return become_init(static_cast<pid_t>(pid), plan.init_program);
}

std::string namespaces_step_text(const NamespacesPlan& plan, int step) {
  if (step == static_cast<int>(plan.steps.size())) return "execute the sandbox's init program";
  if (step < 0 || static_cast<std::size_t>(step) >= plan.steps.size()) return "set up the sandbox's namespaces";
  const PlanStep& s = plan.steps[static_cast<std::size_t>(step)];
  const std::string target = "/" + s.target;
  switch (s.kind) {
    case Kind::Dir: return "make the sandbox's folder " + target;
    case Kind::File: return "make the sandbox's mount point " + target;
    case Kind::Write: return "write the sandbox's " + target;
    case Kind::Bind: return "bind " + s.source + " into the sandbox";
    case Kind::Symlink: return "make the sandbox's link " + target;
    case Kind::Device: return "make the sandbox's device " + target;
    case Kind::Mount: return "mount " + s.source + " on the sandbox's " + target;
    case Kind::Flags:
      if ((s.set & MOUNT_ATTR_RDONLY) != 0) return "make the sandbox read-only (mount_setattr)";
      if ((s.clear & MOUNT_ATTR_RDONLY) != 0) return "make the sandbox's " + target + " writable (mount_setattr)";
      return "set the mount flags of the sandbox's " + (s.target == "." ? std::string("root") : target) +
             " (mount_setattr)";
  }
  return "set up the sandbox";
}

NamespacesChild::NamespacesChild(NamespacesPlan plan, std::shared_ptr<NetworkLease> network)
    : plan_(std::move(plan)), network_(std::move(network)) {}

unsigned long long NamespacesChild::clone_flags() const { return namespaces_clone_flags(); }

std::array<int, 2> NamespacesChild::kept_fds() const {
  return {network_ ? network_->offered() : -1, plan_.init_program};
}

int NamespacesChild::enter(int cgroup_fd, const PlayerContinuation& player, int& step) const {
  return enter_namespaces(plan_, network_ ? network_->offered() : -1, cgroup_fd, player, step);
}

bool NamespacesChild::players_own_failure(int step, int error) const {
  if (step < 0 || static_cast<std::size_t>(step) >= plan_.steps.size() || !plan_.steps[step].players) return false;
  return error == ENOENT || error == ENOTDIR || error == ELOOP || error == EACCES;
}

void NamespacesChild::started(pid_t pid) const {
  if (network_) network_->keep_namespace_of(pid);
}

ChildHook drop_capabilities_hook() {
  return ChildHook{"drop every capability", [] {
                     for (int cap = 0;; ++cap) {
                       if (::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0) continue;
                       if (errno == EINVAL) break;  // past the last capability this kernel has
                       return errno;
                     }
                     if (::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
                       return errno;
                     // UID 0 regains nothing on exec, and the UID switch that follows drops the
                     // permitted set for good (keep-caps off and locked).
                     const unsigned long bits = SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_KEEP_CAPS_LOCKED |
                                                SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_NO_CAP_AMBIENT_RAISE |
                                                SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED;
                     return ::prctl(PR_SET_SECUREBITS, bits, 0, 0, 0) == 0 ? 0 : errno;
                   }};
}

ChildHook seccomp_filter_hook(const std::vector<std::uint8_t>& program) {
  auto held = std::make_shared<const std::vector<std::uint8_t>>(program);
  return ChildHook{"load the seccomp filter", [held] {
                     sock_fprog filter{};
                     filter.len = static_cast<unsigned short>(held->size() / sizeof(sock_filter));
                     filter.filter = reinterpret_cast<sock_filter*>(const_cast<std::uint8_t*>(held->data()));
                     return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0) == 0 ? 0 : errno;
                   }};
}

}  // namespace amazes::arbiter
