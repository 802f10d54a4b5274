#pragma once
// Calls newer than the libseccomp the filter is built with (Debian 12's 2.5.4 knows numbers up
// to 456; the kernel under the judge may have statmount, listmount, mseal and whatever comes
// next) must not pass unseen: libseccomp cannot add a rule for a number it does not know, and
// its filter allows what it has no rule for. So a few classic-BPF instructions go before its
// program: a number this libseccomp does not know fails with ENOSYS, as on an older kernel, and
// anything else falls through to its program, which starts by loading what it needs (its jumps
// are relative, so a prefix leaves it intact).
//
// What it knows is taken from libseccomp itself when the judge is built, per architecture, as
// runs of numbers: holes inside a table are unknown too (x86-64's 335–423, where the kernel
// has since put uretprobe; i386's few), but for x32's below its own range 512–547, which are
// the numbers of x86-64's own calls and never x32's.
#include <linux/filter.h>

#include <cstdint>
#include <vector>

namespace amazes::seccomp_generator {

struct CallRun {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
};

// The numbers one value of seccomp_data.arch may carry that libseccomp knows, in ascending
// runs. x86-64 and x32 share AUDIT_ARCH_X86_64 (x32's numbers carry the bit 0x40000000): one
// entry holds both.
struct KnownCalls {
  std::uint32_t audit_arch = 0;
  std::vector<CallRun> runs;
};

// What this libseccomp knows of each of `arches` (SCMP_ARCH_* tokens).
std::vector<KnownCalls> known_calls(const std::vector<std::uint32_t>& arches);

// The prefix: on each listed architecture a number outside its runs returns ENOSYS; every
// other call (and another architecture) goes on to the next instruction, the accumulator
// clobbered. Throws when a jump does not fit.
std::vector<sock_filter> unknown_calls_guard(const std::vector<KnownCalls>& known);

}  // namespace amazes::seccomp_generator
