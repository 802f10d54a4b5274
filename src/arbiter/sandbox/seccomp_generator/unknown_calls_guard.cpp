#include "unknown_calls_guard.hpp"

#include <linux/seccomp.h>
#include <seccomp.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace amazes::seccomp_generator {

namespace {

constexpr std::uint32_t kX32Bit = 0x40000000;
constexpr std::uint32_t kX32OwnFirst = 512;  // x32's own calls: 512–547
// Far above any table (x32's own range ends at 547).
constexpr std::uint32_t kScanLimit = 4096;

bool known(std::uint32_t arch, std::uint32_t nr) {
  char* name = seccomp_syscall_resolve_num_arch(arch, static_cast<int>(nr));
  std::free(name);
  return name != nullptr;
}

// A tiny assembler: forward jumps to labels, resolved at the end.
class Program {
 public:
  int label() {
    targets_.push_back(-1);
    return static_cast<int>(targets_.size()) - 1;
  }
  void place(int label) { targets_[static_cast<std::size_t>(label)] = static_cast<int>(code_.size()); }
  void load(std::uint32_t offset) { emit(BPF_LD | BPF_W | BPF_ABS, offset); }
  void ret(std::uint32_t action) { emit(BPF_RET | BPF_K, action); }
  void jump(int to) { emit(BPF_JMP | BPF_JA, 0, to); }
  // if (A <op> k) goto yes; else goto no
  void branch(std::uint16_t op, std::uint32_t k, int yes, int no) { emit(BPF_JMP | op | BPF_K, k, yes, no); }

  std::vector<sock_filter> finish() const {
    std::vector<sock_filter> code;
    for (std::size_t at = 0; at < code_.size(); ++at) {
      const Pending& p = code_[at];
      sock_filter insn{p.code, 0, 0, p.k};
      if (BPF_CLASS(p.code) == BPF_JMP && BPF_OP(p.code) == BPF_JA) {
        insn.k = static_cast<std::uint32_t>(distance(at, p.yes));
      } else if (BPF_CLASS(p.code) == BPF_JMP) {
        insn.jt = short_distance(at, p.yes);
        insn.jf = short_distance(at, p.no);
      }
      code.push_back(insn);
    }
    return code;
  }

 private:
  struct Pending {
    std::uint16_t code;
    std::uint32_t k;
    int yes;
    int no;
  };
  void emit(std::uint16_t code, std::uint32_t k, int yes = -1, int no = -1) { code_.push_back({code, k, yes, no}); }
  // Jumps are relative to the next instruction, forward only.
  std::size_t distance(std::size_t from, int label) const {
    const int to = targets_.at(static_cast<std::size_t>(label));
    if (to <= static_cast<int>(from)) throw std::runtime_error("guard: a jump that does not go forward");
    return static_cast<std::size_t>(to) - from - 1;
  }
  std::uint8_t short_distance(std::size_t from, int label) const {
    const std::size_t d = distance(from, label);
    if (d > 255) throw std::runtime_error("guard: a conditional jump farther than 255 instructions");
    return static_cast<std::uint8_t>(d);
  }

  std::vector<Pending> code_;
  std::vector<int> targets_;
};

}  // namespace

std::vector<KnownCalls> known_calls(const std::vector<std::uint32_t>& arches) {
  std::vector<KnownCalls> all;
  for (const std::uint32_t arch : arches) {
    // libseccomp's token for x32 is not what the kernel puts in seccomp_data.arch: x32 calls
    // come as x86-64 ones with the x32 bit in their number.
    const bool x32 = arch == SCMP_ARCH_X32;
    const std::uint32_t audit_arch = x32 ? SCMP_ARCH_X86_64 : arch;
    const std::uint32_t base = x32 ? kX32Bit : 0;
    std::vector<CallRun> runs;
    for (std::uint32_t nr = base; nr < base + kScanLimit; ++nr) {
      if (!known(arch, nr)) continue;
      if (!runs.empty() && runs.back().last + 1 == nr) {
        runs.back().last = nr;
      } else {
        runs.push_back({nr, nr});
      }
    }
    if (runs.empty()) throw std::runtime_error("libseccomp knows no call of architecture " + std::to_string(arch));
    if (x32) {
      // x32's holes below its own range are the numbers of x86-64's own calls (x32 has those in
      // 512–547): the kernel never gives them to x32, and new calls come after the last. One
      // run there: fewer instructions for the kernel to compile at every player's start.
      std::vector<CallRun> merged = {runs.front()};
      for (const CallRun& run : runs) {
        if (run.first < base + kX32OwnFirst) {
          merged.front().last = run.last;
        } else {
          merged.push_back(run);
        }
      }
      runs = merged;
    }
    auto same = std::find_if(all.begin(), all.end(), [&](const KnownCalls& k) { return k.audit_arch == audit_arch; });
    KnownCalls& entry = same != all.end() ? *same : all.emplace_back(KnownCalls{audit_arch, {}});
    entry.runs.insert(entry.runs.end(), runs.begin(), runs.end());
    std::sort(entry.runs.begin(), entry.runs.end(), [](CallRun a, CallRun b) { return a.first < b.first; });
  }
  return all;
}

std::vector<sock_filter> unknown_calls_guard(const std::vector<KnownCalls>& known) {
  Program p;
  const int rest = p.label();  // libseccomp's program, right after the prefix
  std::vector<int> blocks;
  p.load(offsetof(seccomp_data, arch));
  for (const KnownCalls& arch : known) {
    // A block may lie farther than a conditional jump reaches: an unconditional one leads there.
    const int to_block = p.label();
    const int next = p.label();
    blocks.push_back(p.label());
    p.branch(BPF_JEQ, arch.audit_arch, to_block, next);
    p.place(to_block);
    p.jump(blocks.back());
    p.place(next);
  }
  p.jump(rest);  // another architecture: libseccomp's program decides
  for (std::size_t i = 0; i < known.size(); ++i) {
    p.place(blocks[i]);
    const int unknown = p.label();
    const int pass = p.label();
    p.load(offsetof(seccomp_data, nr));
    for (const CallRun& run : known[i].runs) {
      // Reached only above the run before: below this one is a hole.
      if (run.first > 0) {
        const int from_first = p.label();
        p.branch(BPF_JGE, run.first, from_first, unknown);
        p.place(from_first);
      }
      const int above = p.label();
      p.branch(BPF_JGT, run.last, above, pass);
      p.place(above);
    }
    p.place(unknown);  // above the last run too
    p.ret(SECCOMP_RET_ERRNO | ENOSYS);
    p.place(pass);
    p.jump(rest);
  }
  p.place(rest);
  return p.finish();
}

}  // namespace amazes::seccomp_generator
