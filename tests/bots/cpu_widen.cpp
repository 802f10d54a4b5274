// Tries to leave the CPUs it was started on (a match's one CPU: arbiter/cpu_pin.hpp) by every
// way a program has, then computes on four threads for argv[1] ms (default 20) each turn and
// notes the CPUs they ran on, as the kernel says (getcpu), so that the tests see where it ran
// and not only what it was told.
//
// Its first line on stderr names each way and what it got ("ok", an errno name, or taskset's
// exit status): its own mask (sched_setaffinity of the process), a thread's
// (pthread_setaffinity_np), a child's own, a child's set by its parent, `taskset -a -p` on
// itself, the i386 and x32 system call tables, and the cgroup file system (to move itself, or
// clone3 into another cgroup). Then one line a turn: "turn N allowed LIST seen LIST".
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include "bot_protocol.hpp"

namespace {

cpu_set_t every_cpu() {
  cpu_set_t all;
  CPU_ZERO(&all);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) CPU_SET(cpu, &all);
  return all;
}

std::string result(int error) { return error == 0 ? "ok" : strerrorname_np(error); }

std::string own_mask() {
  const cpu_set_t all = every_cpu();
  return result(::sched_setaffinity(0, sizeof all, &all) == 0 ? 0 : errno);
}

std::string thread_mask() {
  int error = 0;
  std::thread([&error] {
    const cpu_set_t all = every_cpu();
    error = ::pthread_setaffinity_np(::pthread_self(), sizeof all, &all);
  }).join();
  return result(error);
}

std::string child_own_mask() {
  const pid_t child = ::fork();
  if (child == 0) {
    const cpu_set_t all = every_cpu();
    ::_exit(::sched_setaffinity(0, sizeof all, &all) == 0 ? 0 : errno);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? result(WEXITSTATUS(status)) : "killed";
}

std::string childs_mask_by_parent() {
  const pid_t child = ::fork();
  if (child == 0) {
    ::pause();
    ::_exit(0);
  }
  const cpu_set_t all = every_cpu();
  const int error = ::sched_setaffinity(child, sizeof all, &all) == 0 ? 0 : errno;
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  return result(error);
}

std::string taskset_on_itself() {
  const std::string pid = std::to_string(::getpid());
  const pid_t child = ::fork();
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execl("/usr/bin/taskset", "taskset", "-a", "-p", "ffffffffffffffff", pid.c_str(), nullptr);
    ::_exit(126);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status)) : "killed";
}

#if defined(__x86_64__)
// sched_setaffinity through the i386 table (int 0x80, number 241), its mask below 4 GiB, in a
// child: a kernel without that table kills the child ("crashed"), not the bot.
std::string i386_table() {
  void* low = ::mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
  if (low == MAP_FAILED) return "no low memory";
  std::memset(low, 0xff, 128);
  int answer_pipe[2];
  if (::pipe(answer_pipe) != 0) return "no pipe";
  const pid_t child = ::fork();
  if (child == 0) {
    long answer;
    __asm__ volatile("int $0x80"
                     : "=a"(answer)
                     : "a"(241L), "b"(0L), "c"(128L), "d"(low)
                     : "r8", "r9", "r10", "r11", "memory");
    [[maybe_unused]] const auto n = ::write(answer_pipe[1], &answer, sizeof answer);
    ::_exit(0);
  }
  ::close(answer_pipe[1]);
  long answer = 0;
  const bool got = ::read(answer_pipe[0], &answer, sizeof answer) == sizeof answer;
  ::close(answer_pipe[0]);
  ::waitpid(child, nullptr, 0);
  ::munmap(low, 4096);
  if (!got) return "crashed";
  return result(answer < 0 ? static_cast<int>(-answer) : 0);
}

// The same through the x32 table (its bit on the x86-64 number, 203).
std::string x32_table() {
  const cpu_set_t all = every_cpu();
  return result(::syscall(0x40000000L | 203L, 0, sizeof all, &all) == 0 ? 0 : errno);
}
#else
std::string i386_table() { return "none"; }
std::string x32_table() { return "none"; }
#endif

std::string cgroup_file_system() {
  const int fd = ::open("/sys/fs/cgroup", O_RDONLY | O_DIRECTORY);
  if (fd < 0) return result(errno);
  ::close(fd);
  return "ok";
}

std::string list_of(unsigned long long cpus) {
  std::string text;
  for (int cpu = 0; cpu < 64; ++cpu) {
    if ((cpus >> cpu & 1ULL) == 0) continue;
    if (!text.empty()) text += ",";
    text += std::to_string(cpu);
  }
  return text.empty() ? "-" : text;
}

std::string allowed() {
  cpu_set_t mask;
  if (::sched_getaffinity(0, sizeof mask, &mask) != 0) return "?";
  unsigned long long cpus = 0;
  for (int cpu = 0; cpu < 64; ++cpu) {
    if (CPU_ISSET(cpu, &mask)) cpus |= 1ULL << cpu;
  }
  return list_of(cpus);
}

// Four threads spin for `ms` and note each CPU they find themselves on, each at least once (on a
// busy machine a thread may first run after the time is up).
unsigned long long spin_and_see(int ms) {
  std::atomic<unsigned long long> seen{0};
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  std::thread threads[4];
  for (auto& thread : threads) {
    thread = std::thread([&] {
      do {
        unsigned cpu = 0;
        if (::getcpu(&cpu, nullptr) == 0 && cpu < 64) seen.fetch_or(1ULL << cpu);
      } while (std::chrono::steady_clock::now() < until);
    });
  }
  for (auto& thread : threads) thread.join();
  return seen.load();
}

}  // namespace

int main(int argc, char** argv) {
  const int ms = bot::arg_int(argc, argv, 1, 20);
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == 1) {
      bot::write_all(2, "main " + own_mask() + " thread " + thread_mask() + " child " + child_own_mask() +
                            " parent-of-child " + childs_mask_by_parent() + " taskset " + taskset_on_itself() +
                            " i386 " + i386_table() + " x32 " + x32_table() + " cgroupfs " + cgroup_file_system() +
                            "\n");
    }
    const unsigned long long seen = spin_and_see(ms);
    bot::write_all(2, "turn " + std::to_string(turn) + " allowed " + allowed() + " seen " + list_of(seen) + "\n");
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
