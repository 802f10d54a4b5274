// Measurement, not an attack test: what a seccomp filter cannot close, with allowed calls only
// (scripts/measure-residual-channels plays it and counts the errors). Usage:
//   residual_channel residency send SEED BITS FILE TURNS
//   residual_channel residency faults|time SEED BITS FILE TURNS [THRESHOLD_US]
//     From one game to a later one through the page cache of FILE, a rarely read runtime file.
//     At its turn 2 the sender reads the pages of FILE whose bit is 1 (BITS bits drawn from
//     SEED; bit i is page i), each alone: a touch through a mapping advised MADV_RANDOM, so that
//     no read-ahead brings its neighbours. The receiver touches every page and tells a cached
//     one by the major-fault count of getrusage (faults) or by the time the touch took, under
//     THRESHOLD_US (time). Reports "residual: sent HEX" or "residual: received HEX", how long
//     the touches took, and (time) a histogram of the touch times in powers of two of µs.
//   residual_channel think send SEED LEVELS STEP_US TURNS [spin|sleep]
//   residual_channel think receive TURNS
//     Between the two players of a game: at each turn the sender thinks symbol × STEP_US µs
//     (symbols in [0, LEVELS) drawn from SEED), spinning or asleep; the receiver sees only the
//     wall time between its answer and its next input. Reports "residual: symbols S1 S2 …"
//     (the sender, its turns 2…) and "residual: gaps G1 G2 …" (the receiver, µs).
//   residual_channel threads send SEED LEVELS TURNS
//   residual_channel threads receive TURNS
//     Between the two players of a game, through a count the kernel keeps for the machine: at
//     each turn the sender keeps symbol threads alive (they stay, frozen, through the
//     receiver's turn); the receiver reads the machine's thread count (sysinfo's procs, also in
//     /proc/loadavg). Reports "residual: symbols S1 S2 …" (turns 1…) and "residual: counts C1 C2 …".
// All play every turn.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sys/sysinfo.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "attack.hpp"

namespace {

constexpr long kPage = 4096;

std::uint64_t next(std::uint64_t& state) {  // xorshift64*
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 2685821657736338717ULL;
}

std::vector<bool> bits_from(std::uint64_t seed, int count) {
  std::uint64_t state = seed | 1;
  std::vector<bool> bits;
  for (int i = 0; i < count; ++i) bits.push_back((next(state) >> 33) & 1U);
  return bits;
}

std::string hex_of(const std::vector<bool>& bits) {
  std::string hex;
  for (std::size_t i = 0; i < bits.size(); i += 4) {
    int digit = 0;
    for (std::size_t j = 0; j < 4 && i + j < bits.size(); ++j) digit |= bits[i + j] ? 1 << j : 0;
    hex += "0123456789ABCDEF"[digit];
  }
  return hex;
}

double now_us() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

long major_faults() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return usage.ru_majflt;
}

// ---- page-cache residency

struct Mapping {
  const volatile char* pages = nullptr;
  std::size_t size = 0;
};

Mapping map_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0) return {};
  void* map = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) return {};
  // A fault then reads its own page only.
  ::madvise(map, static_cast<std::size_t>(st.st_size), MADV_RANDOM);
  return {static_cast<const volatile char*>(map), static_cast<std::size_t>(st.st_size)};
}

void residency(const std::string& role, std::uint64_t seed, int count, const std::string& file, double threshold_us) {
  const Mapping m = map_file(file);
  if (m.pages == nullptr || static_cast<std::size_t>(count) * kPage > m.size) {
    bot::report("residual: " + file + ": cannot map " + std::to_string(count) + " pages");
    return;
  }
  const double start = now_us();
  if (role == "send") {
    const std::vector<bool> bits = bits_from(seed, count);
    for (int i = 0; i < count; ++i) {
      if (bits[static_cast<std::size_t>(i)]) (void)m.pages[static_cast<std::size_t>(i) * kPage];
    }
    bot::report("residual: sent " + hex_of(bits));
  } else {
    std::vector<bool> bits;
    std::vector<int> histogram(24, 0);
    for (int i = 0; i < count; ++i) {
      const long faults = major_faults();
      const double before = now_us();
      (void)m.pages[static_cast<std::size_t>(i) * kPage];
      const double took = now_us() - before;
      bits.push_back(role == "faults" ? major_faults() == faults : took < threshold_us);
      int bucket = 0;
      while (bucket < 23 && (1 << bucket) <= took) ++bucket;
      ++histogram[static_cast<std::size_t>(bucket)];
    }
    bot::report("residual: received " + hex_of(bits));
    std::string line = "residual: touch times (µs, < 2^k: count)";
    for (std::size_t k = 0; k < histogram.size(); ++k) {
      if (histogram[k] != 0) line += " " + std::to_string(k) + ":" + std::to_string(histogram[k]);
    }
    bot::report(line);
  }
  char took[64];
  std::snprintf(took, sizeof took, "residual: %d pages in %.1f ms", count, (now_us() - start) / 1e3);
  bot::report(took);
}

// ---- thinking time

void think(double us, bool spin) {
  if (us <= 0) return;
  if (!spin) {
    const timespec pause{static_cast<time_t>(us / 1e6), static_cast<long>(static_cast<long>(us) % 1000000 * 1000)};
    ::nanosleep(&pause, nullptr);
    return;
  }
  const double until = now_us() + us;
  while (now_us() < until) {
  }
}

// ---- the machine's thread count

class Idlers {
 public:
  ~Idlers() { resize(0); }
  void resize(std::size_t count) {
    while (threads_.size() < count) {
      auto stop = std::make_unique<std::atomic<bool>>(false);
      threads_.emplace_back(std::thread([flag = stop.get()] {
                              while (!flag->load()) ::usleep(1000);
                            }),
                            std::move(stop));
    }
    while (threads_.size() > count) {
      threads_.back().second->store(true);
      threads_.back().first.join();
      threads_.pop_back();
    }
  }

 private:
  std::vector<std::pair<std::thread, std::unique_ptr<std::atomic<bool>>>> threads_;
};

int threads(int argc, char** argv, const std::string& role) {
  std::vector<std::string> lines;
  if (role == "send") {
    std::uint64_t state = std::stoull(bot::arg_str(argc, argv, 3, "1")) | 1;
    const int levels = bot::arg_int(argc, argv, 4, 32);
    const int turns = bot::arg_int(argc, argv, 5, 150);
    Idlers idlers;
    std::string symbols = "residual: symbols";
    for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
      const auto symbol = next(state) % static_cast<std::uint64_t>(levels);
      idlers.resize(symbol);
      symbols += " " + std::to_string(symbol);
      if (turn == turns) bot::report(symbols);
      bot::answer(bot::move_for(lines));
    }
    return 0;
  }
  const int turns = bot::arg_int(argc, argv, 3, 150);
  std::string counts = "residual: counts";
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    struct sysinfo info {};
    ::sysinfo(&info);
    counts += " " + std::to_string(info.procs);
    if (turn == turns) bot::report(counts);
    bot::answer(bot::move_for(lines));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string kind = bot::arg_str(argc, argv, 1, "residency");
  const std::string role = bot::arg_str(argc, argv, 2, "send");
  std::vector<std::string> lines;
  if (kind == "residency") {
    const auto seed = std::stoull(bot::arg_str(argc, argv, 3, "1"));
    const int count = bot::arg_int(argc, argv, 4, 4096);
    const std::string file = bot::arg_str(argc, argv, 5, "");
    const int turns = bot::arg_int(argc, argv, 6, 150);
    const double threshold = std::stod(bot::arg_str(argc, argv, 7, "20"));
    return bot::play_and_attack(2, turns, [&] { residency(role, seed, count, file, threshold); });
  }
  if (kind == "threads") return threads(argc, argv, role);
  if (role == "send") {
    std::uint64_t state = std::stoull(bot::arg_str(argc, argv, 3, "1")) | 1;
    const int levels = bot::arg_int(argc, argv, 4, 2);
    const double step = std::stod(bot::arg_str(argc, argv, 5, "100"));
    const int turns = bot::arg_int(argc, argv, 6, 150);
    const bool spin = bot::arg_str(argc, argv, 7, "spin") == "spin";
    std::string symbols = "residual: symbols";
    for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
      if (turn >= 2) {
        const int symbol = static_cast<int>(next(state) % static_cast<std::uint64_t>(levels));
        symbols += " " + std::to_string(symbol);
        think(symbol * step, spin);
      }
      if (turn == turns) bot::report(symbols);
      bot::answer(bot::move_for(lines));
    }
    return 0;
  }
  const int turns = bot::arg_int(argc, argv, 3, 150);
  std::string gaps = "residual: gaps";
  double answered = 0;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    if (turn >= 2) gaps += " " + std::to_string(static_cast<long>(now_us() - answered));
    if (turn == turns) bot::report(gaps);
    // Before the answer: once it is written the judge may freeze this player at any instruction.
    answered = now_us();
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
