// Runs a program under a seccomp filter that fails the named system calls with ENOSYS, as a
// kernel without them, or a container's seccomp profile that does not know them, answers.
// The tests use it to run a judge on "another machine" (one where the namespaces sandbox cannot work):
//   deny_syscalls mount_setattr[,NAME…] PROGRAM [ARG…]
// Exit status 125 when the filter cannot be set up, else the program's (exec: 126 or 127).
#include <seccomp.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: deny_syscalls NAME[,NAME...] PROGRAM [ARG...]\n");
    return 125;
  }
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (ctx == nullptr) return 125;
  std::istringstream names(argv[1]);
  std::string name;
  while (std::getline(names, name, ',')) {
    const int nr = seccomp_syscall_resolve_name(name.c_str());
    if (nr == __NR_SCMP_ERROR || seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), nr, 0) != 0) {
      std::fprintf(stderr, "deny_syscalls: cannot deny %s\n", name.c_str());
      return 125;
    }
  }
  if (const int rc = seccomp_load(ctx); rc != 0) {
    std::fprintf(stderr, "deny_syscalls: seccomp_load: %s\n", std::strerror(-rc));
    return 125;
  }
  seccomp_release(ctx);
  ::execvp(argv[2], argv + 2);
  std::fprintf(stderr, "deny_syscalls: exec %s: %s\n", argv[2], std::strerror(errno));
  return errno == ENOENT ? 127 : 126;
}
