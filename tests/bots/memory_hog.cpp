// Attack: at turn K (argv[1]) takes memory past its limit by a way a limit per process
// (RLIMIT_DATA or RLIMIT_AS) does not count, then plays on. argv[2], the way:
//   sysv  — System V shared memory segments, 256 MiB each, attached, touched and detached one
//           after the other (each fits a process's limit, their sum does not: nothing maps them);
//   forks — 6 child processes of 512 MiB each (each fits its own limit), which hold it;
//   memfd — an anonymous memory file written with write(2), never mapped.
// Up to 3 GiB. It reports "memory: WAY: N MiB: RESULT" on stderr: how much it held at once, and
// "ok" or why it stopped. argv[3]: its last turn.
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/wait.h>

#include <atomic>
#include <csignal>
#include <cstring>
#include <vector>

#include "attack.hpp"

namespace {

constexpr std::size_t kMiB = 1 << 20;
constexpr std::size_t kGoal = 3072;  // MiB

void touch(char* memory, std::size_t bytes) {
  for (std::size_t i = 0; i < bytes; i += 4096) memory[i] = 1;
}

// Segments are left for the end of its IPC namespace, with the game.
void sysv() {
  constexpr std::size_t kSegment = 256;
  std::size_t held = 0;
  std::string result = "ok";
  while (held < kGoal) {
    const int id = ::shmget(IPC_PRIVATE, kSegment * kMiB, IPC_CREAT | 0600);
    if (id < 0) {
      result = std::string("shmget: ") + std::strerror(errno);
      break;
    }
    void* at = ::shmat(id, nullptr, 0);
    if (at == reinterpret_cast<void*>(-1)) {
      result = std::string("shmat: ") + std::strerror(errno);
      break;
    }
    touch(static_cast<char*>(at), kSegment * kMiB);
    ::shmdt(at);
    held += kSegment;
  }
  bot::report("memory: sysv: " + std::to_string(held) + " MiB: " + result);
}

// The children count what they touched in a page they share with the parent.
void forks() {
  constexpr int kChildren = 6;
  constexpr std::size_t kEach = 512;
  auto* touched = static_cast<std::atomic<std::size_t>*>(
      ::mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  std::vector<pid_t> children;
  for (int i = 0; i < kChildren; ++i) {
    const pid_t child = ::fork();
    if (child == 0) {
      auto* memory = static_cast<char*>(::malloc(kEach * kMiB));
      if (memory == nullptr) ::_exit(1);
      for (std::size_t mib = 0; mib < kEach; ++mib) {
        touch(memory + mib * kMiB, kMiB);
        touched[i].fetch_add(1);
      }
      bot::sleep_forever();
    }
    if (child > 0) children.push_back(child);
  }
  // Each child is done, or dead (the kernel's OOM killer).
  int killed = 0;
  for (std::size_t i = 0; i < children.size(); ++i) {
    while (touched[i].load() < kEach) {
      int status = 0;
      if (::waitpid(children[i], &status, WNOHANG) == children[i]) {
        ++killed;
        touched[i].store(0);  // its memory went with it
        break;
      }
      ::usleep(1000);
    }
  }
  std::size_t held = 0;
  for (std::size_t i = 0; i < children.size(); ++i) held += touched[i].load();
  bot::report("memory: forks: " + std::to_string(held) +
              " MiB: " + (killed == 0 ? std::string("ok") : std::to_string(killed) + " children killed"));
  for (const pid_t child : children) ::kill(child, SIGKILL);
}

void memfd() {
  std::signal(SIGXFSZ, SIG_IGN);  // a write past the file-size limit fails with EFBIG instead
  const int fd = ::memfd_create("hog", 0);
  std::vector<char> chunk(kMiB, 1);
  std::size_t held = 0;
  std::string result = fd < 0 ? std::string("memfd_create: ") + std::strerror(errno) : "ok";
  while (fd >= 0 && held < kGoal) {
    if (::write(fd, chunk.data(), chunk.size()) != static_cast<ssize_t>(chunk.size())) {
      result = std::string("write: ") + std::strerror(errno);
      break;
    }
    ++held;
  }
  bot::report("memory: memfd: " + std::to_string(held) + " MiB: " + result);
}

}  // namespace

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string way = bot::arg_str(argc, argv, 2, "sysv");
  const int turns = bot::arg_int(argc, argv, 3, 150);
  return bot::play_and_attack(k, turns, [&] {
    if (way == "sysv") sysv();
    if (way == "forks") forks();
    if (way == "memfd") memfd();
  });
}
