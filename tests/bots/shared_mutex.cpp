// A bot that needs shared futexes, as a legitimate program may: its parent and a forked child
// hand a counter back and forth through a PTHREAD_PROCESS_SHARED mutex and condition variable
// and a process-shared semaphore, in shared anonymous memory of its own; and at each turn it
// starts a thread and joins it (glibc waits for a thread's end with a shared futex). Under the
// sandbox's filter every shared futex call fails (a wait as if the word had changed), so each
// wait spins instead of sleeping: the hand-overs must still be exact.
// And at each turn one timed wait on the process-shared condition variable that nobody
// signals, 2 ms long: it must time out (ETIMEDOUT), not wait for ever nor return at once.
// Usage: shared_mutex [HANDOVERS per turn, default 200] [TURNS, default 150]
// Reports on stderr "shared_mutex: N hand-overs, counter C" at the end (C = 2 N when exact) and
// "shared_mutex: T of W timed waits timed out after 2 ms or more".
#include <pthread.h>
#include <semaphore.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <new>
#include <thread>

#include "attack.hpp"

namespace {

struct Shared {
  pthread_mutex_t mutex;
  pthread_cond_t changed;
  sem_t child_go;
  long counter = 0;  // even: the parent's to change, odd: the child's
  bool quit = false;
};

Shared* make_shared() {
  void* memory = ::mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return nullptr;
  auto* shared = new (memory) Shared;
  pthread_mutexattr_t mutex_attr;
  pthread_mutexattr_init(&mutex_attr);
  pthread_mutexattr_setpshared(&mutex_attr, PTHREAD_PROCESS_SHARED);
  pthread_mutex_init(&shared->mutex, &mutex_attr);
  pthread_condattr_t cond_attr;
  pthread_condattr_init(&cond_attr);
  pthread_condattr_setpshared(&cond_attr, PTHREAD_PROCESS_SHARED);
  pthread_cond_init(&shared->changed, &cond_attr);
  sem_init(&shared->child_go, 1, 0);
  return shared;
}

// Waits until the counter's parity is `parity` (or quit), then adds one: a hand-over.
bool take_turn(Shared& s, long parity) {
  pthread_mutex_lock(&s.mutex);
  while (!s.quit && s.counter % 2 != parity) pthread_cond_wait(&s.changed, &s.mutex);
  const bool go_on = !s.quit;
  if (go_on) ++s.counter;
  pthread_cond_broadcast(&s.changed);
  pthread_mutex_unlock(&s.mutex);
  return go_on;
}

// Waits 2 ms on the condition variable, which nobody signals; true when it timed out then.
bool timed_wait_times_out(Shared& s) {
  timespec start{};
  ::clock_gettime(CLOCK_REALTIME, &start);
  timespec until = start;
  until.tv_nsec += 2000000;
  until.tv_sec += until.tv_nsec / 1000000000;
  until.tv_nsec %= 1000000000;
  pthread_mutex_lock(&s.mutex);
  int result = 0;
  while (result == 0) result = pthread_cond_timedwait(&s.changed, &s.mutex, &until);
  pthread_mutex_unlock(&s.mutex);
  timespec end{};
  ::clock_gettime(CLOCK_REALTIME, &end);
  const long waited_ns = (end.tv_sec - start.tv_sec) * 1000000000L + (end.tv_nsec - start.tv_nsec);
  return result == ETIMEDOUT && waited_ns >= 2000000;
}

[[noreturn]] void child(Shared& s) {
  while (sem_wait(&s.child_go) == 0) {
    if (!take_turn(s, 1)) break;
  }
  ::_exit(0);
}

}  // namespace

int main(int argc, char** argv) {
  const int handovers = bot::arg_int(argc, argv, 1, 200);
  const int turns = bot::arg_int(argc, argv, 2, 150);
  Shared* shared = make_shared();
  if (shared == nullptr) return 1;
  const pid_t pid = ::fork();
  if (pid == 0) child(*shared);
  long done = 0;
  int timed_waits = 0, timed_out = 0;
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    for (int i = 0; i < handovers; ++i, ++done) {
      sem_post(&shared->child_go);
      take_turn(*shared, 0);
      // The child's half: wait until it has made the counter even again.
      pthread_mutex_lock(&shared->mutex);
      while (shared->counter % 2 != 0) pthread_cond_wait(&shared->changed, &shared->mutex);
      pthread_mutex_unlock(&shared->mutex);
    }
    std::thread([] {}).join();
    ++timed_waits;
    if (timed_wait_times_out(*shared)) ++timed_out;
    bot::answer(bot::move_for(lines));
  }
  pthread_mutex_lock(&shared->mutex);
  shared->quit = true;
  pthread_cond_broadcast(&shared->changed);
  pthread_mutex_unlock(&shared->mutex);
  sem_post(&shared->child_go);
  ::waitpid(pid, nullptr, 0);
  bot::report("shared_mutex: " + std::to_string(done) + " hand-overs, counter " + std::to_string(shared->counter));
  bot::report("shared_mutex: " + std::to_string(timed_out) + " of " + std::to_string(timed_waits) +
              " timed waits timed out after 2 ms or more");
  return 0;
}
