// Measurement, not an attack test: a channel between two games that run at the same time,
// through the one counter the kernel numbers pipes and sockets from (get_next_ino: each CPU
// takes a batch of 1,024 numbers from it when its own batch runs out). Allowed calls only
// (scripts/measure-residual-channels inode plays it). Usage:
//   inode_channel send SEED SLOT_US TURN_MS TURNS
//   inode_channel receive SLOT_US TURN_MS TURNS
// Time is cut into slots of SLOT_US µs of the real-time clock, which both games read alike;
// slot k carries bit k of a sequence drawn from SEED. At each turn a player works for TURN_MS ms
// of wall time, then answers:
//  - the sender, in a slot whose bit is 1, makes and closes pipes as fast as it can (each takes
//    a number: on its CPU, a batch every 1,024); in a 0 slot it spins;
//  - the receiver makes and closes pipes too, and adds up how far each new pipe's number jumps
//    past the one before (st_ino - last - 1): the numbers other processes took on its CPU in
//    between, and, where its own batch ran out, 1,024 for each batch other CPUs took meanwhile.
// Each reports, at its last turn, the slots it worked in: "inode: first K" and "inode: slots
// S:A …" from slot K on, S the sum of the jumps seen in that slot (the receiver; 0 for the
// sender) and A the time it worked in it, in units of 100 µs.
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "attack.hpp"

namespace {

std::int64_t now_us() {
  timespec t{};
  ::clock_gettime(CLOCK_REALTIME, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1000000 + t.tv_nsec / 1000;
}

bool bit_of(std::uint64_t seed, std::int64_t slot) {  // splitmix64 of (seed, slot)
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(slot);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return ((z ^ (z >> 31)) & 1U) != 0;
}

// A pipe made and closed; its number, 0 when it could not be made.
std::uint64_t one_pipe() {
  int fds[2];
  if (::pipe(fds) != 0) return 0;
  struct stat st {};
  ::fstat(fds[0], &st);
  ::close(fds[0]);
  ::close(fds[1]);
  return st.st_ino;
}

struct Slot {
  std::int64_t jumps = 0;
  std::int64_t worked_us = 0;
};

class Channel {
 public:
  Channel(bool send, std::uint64_t seed, std::int64_t slot_us) : send_(send), seed_(seed), slot_us_(slot_us) {}

  void work_for(std::int64_t ms) {
    std::int64_t before = now_us();
    const std::int64_t until = before + ms * 1000;
    std::uint64_t last = send_ ? 0 : one_pipe();
    for (std::int64_t t = before; t < until; before = t) {
      const std::int64_t slot = t / slot_us_;
      if (send_) {
        if (bit_of(seed_, slot)) one_pipe();
      } else {
        const std::uint64_t number = one_pipe();
        if (number != 0 && last != 0 && before / slot_us_ == slot) {
          slots_[slot].jumps += static_cast<std::int64_t>(number - last) - 1;
        }
        last = number;
      }
      t = now_us();
      if (before / slot_us_ == t / slot_us_) slots_[t / slot_us_].worked_us += t - before;
    }
  }

  void report() const {
    if (slots_.empty()) return;
    const std::int64_t first = slots_.begin()->first;
    std::string text = "inode: slots";
    for (std::int64_t slot = first; slot <= slots_.rbegin()->first; ++slot) {
      const auto found = slots_.find(slot);
      const Slot s = found == slots_.end() ? Slot{} : found->second;
      text += " " + std::to_string(s.jumps) + ":" + std::to_string(s.worked_us / 100);
    }
    bot::report("inode: first " + std::to_string(first));
    bot::report(text);
  }

 private:
  bool send_;
  std::uint64_t seed_;
  std::int64_t slot_us_;
  std::map<std::int64_t, Slot> slots_;
};

}  // namespace

int main(int argc, char** argv) {
  const bool send = bot::arg_str(argc, argv, 1, "receive") == "send";
  int at = 2;
  const std::uint64_t seed = send ? std::stoull(bot::arg_str(argc, argv, at++, "1")) : 0;
  const std::int64_t slot_us = bot::arg_int(argc, argv, at++, 10000);
  const int turn_ms = bot::arg_int(argc, argv, at++, 30);
  const int turns = bot::arg_int(argc, argv, at, 150);
  Channel channel(send, seed, slot_us);
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    channel.work_for(turn_ms);
    if (turn == turns) channel.report();
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
