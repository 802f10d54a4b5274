#pragma once
// Runs a seccomp filter (a classic-BPF program) over one system call, as the kernel would, to
// check its verdicts where the machine cannot make the call: the x32 table on a kernel without
// x32, an architecture this machine does not have. Unknown instructions throw.
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>

namespace amazes::testing {

inline std::uint32_t run_seccomp_filter(std::span<const sock_filter> program, const seccomp_data& data) {
  std::uint32_t a = 0;
  std::uint32_t x = 0;
  std::uint32_t memory[BPF_MEMWORDS] = {};
  const auto word_at = [&](std::uint32_t offset) {
    if (offset % 4 != 0 || offset + 4 > sizeof data) throw std::runtime_error("a load outside seccomp_data");
    std::uint32_t word = 0;
    std::memcpy(&word, reinterpret_cast<const char*>(&data) + offset, 4);
    return word;
  };
  for (std::size_t pc = 0; pc < program.size(); ++pc) {
    const sock_filter& in = program[pc];
    const std::uint32_t operand = BPF_SRC(in.code) == BPF_X ? x : in.k;
    switch (BPF_CLASS(in.code)) {
      case BPF_LD:
        a = BPF_MODE(in.code) == BPF_ABS ? word_at(in.k) : BPF_MODE(in.code) == BPF_MEM ? memory[in.k] : in.k;
        break;
      case BPF_LDX: x = BPF_MODE(in.code) == BPF_MEM ? memory[in.k] : in.k; break;
      case BPF_ST: memory[in.k] = a; break;
      case BPF_STX: memory[in.k] = x; break;
      case BPF_ALU:
        switch (BPF_OP(in.code)) {
          case BPF_AND: a &= operand; break;
          case BPF_OR: a |= operand; break;
          case BPF_ADD: a += operand; break;
          case BPF_SUB: a -= operand; break;
          case BPF_LSH: a <<= operand; break;
          case BPF_RSH: a >>= operand; break;
          default: throw std::runtime_error("an ALU instruction this runner does not know");
        }
        break;
      case BPF_JMP: {
        if (BPF_OP(in.code) == BPF_JA) {
          pc += in.k;
          break;
        }
        bool taken = false;
        switch (BPF_OP(in.code)) {
          case BPF_JEQ: taken = a == operand; break;
          case BPF_JGT: taken = a > operand; break;
          case BPF_JGE: taken = a >= operand; break;
          case BPF_JSET: taken = (a & operand) != 0; break;
          default: throw std::runtime_error("a jump this runner does not know");
        }
        pc += taken ? in.jt : in.jf;
        break;
      }
      case BPF_RET: return BPF_RVAL(in.code) == BPF_A ? a : in.k;
      case BPF_MISC: BPF_MISCOP(in.code) == BPF_TAX ? x = a : a = x; break;
      default: throw std::runtime_error("an instruction this runner does not know: " + std::to_string(in.code));
    }
  }
  throw std::runtime_error("the program ran past its end");
}

}  // namespace amazes::testing
