// The sandbox options of every command that plays matches.
#include "sandbox_options.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include "option_value.hpp"

namespace amazes::cli {
namespace po = boost::program_options;

namespace {

template <class T>
T in_range(const char* name, T value, T minimum, T maximum) {
  if (value < minimum || value > maximum) {
    throw SandboxOptionError(fmt::format("--{} must be from {} to {}, not {}", name, minimum, maximum, value));
  }
  return value;
}

}  // namespace

po::options_description sandbox_options() {
  const arbiter::SandboxSettings d;
  po::options_description options("Sandbox of the players");
  // clang-format off
  options.add_options()
    ("sandbox", po::value<std::string>()->value_name("auto|namespaces|bwrap|none"),
     "isolation of the players: the judge's own namespaces where it can make them (as root, with cgroups), "
     "else bubblewrap, else limits only (auto, the default); the judge's own or no match (namespaces); "
     "bubblewrap or no match (bwrap); or nothing at all (none: trusted bots, debugging)")
    ("sandbox-memory-mb", po::value<long long>()->value_name("MB"),
     fmt::format("memory per player: every page of all its processes, in its memory cgroup where the machine has "
                 "one, else address space per process (default {}; at least {}; 0: no limit)",
                 d.memory_mb, arbiter::kMinMemoryMb).c_str())
    ("sandbox-processes", po::value<int>()->value_name("N"),
     fmt::format("processes and threads per player, counted per UID (as root) and by pids.max where available "
                 "(default {}; 0: no limit)", d.processes).c_str())
    ("sandbox-open-files", po::value<int>()->value_name("N"),
     fmt::format("open files per player process (default {})", d.open_files).c_str())
    ("sandbox-tmp-mb", po::value<long long>()->value_name("MB"),
     "a private writable /tmp of this size in the sandbox, for runtimes that need one (default 0: none, and "
     "no file may be written anywhere)")
    ("sandbox-uids", po::value<std::string>()->value_name("FIRST-LAST|none"),
     fmt::format("as root, the UIDs (and GIDs) players run under, one per running player, in every mode: no "
                 "player runs as root (default {}); none: the judge's, refused as root",
                 arbiter::uid_range_text(*d.uids)).c_str())
    ("sandbox-cgroups", po::value<std::string>()->value_name("auto|off"),
     "a cgroup v2 per player when the machine allows: pausing that no child process escapes, CPU time of all "
     "its processes, one kill for all (auto, the default), or process groups only (off)")
    ("sandbox-pin-cpu", po::value<std::string>()->value_name("auto|off"),
     "run each match (the judge's thread and both players, who take turns) on a CPU of its own when the players "
     "are in cgroups and the clock is cpu: hand-overs stay on one CPU, which makes matches of fast bots about "
     "twice as fast on a virtual machine (auto, the default), or let the scheduler place them (off)")
    ("sandbox-drop-caches", po::value<std::string>()->value_name("on|off"),
     "as root, drop the machine's page cache before each game, so that no bot learns in a later game what "
     "an earlier one read (a maze carried in the pattern of cached pages); complete with -j 1 only, and "
     "costly: every program is read from the disk again (default off)");
  // clang-format on
  return options;
}

arbiter::SandboxSettings sandbox_settings_from(const po::variables_map& primary, const po::variables_map* secondary) {
  arbiter::SandboxSettings s;
  if (const auto v = option_value<std::string>(primary, secondary, "sandbox")) {
    const auto mode = arbiter::sandbox_mode_from_name(*v);
    if (!mode) throw SandboxOptionError(fmt::format("--sandbox must be auto, namespaces, bwrap or none, not '{}'", *v));
    s.mode = *mode;
  }
  constexpr long long kMaxMb = 1LL << 40;  // a petabyte: anything larger is a typo
  if (const auto v = option_value<long long>(primary, secondary, "sandbox-memory-mb")) {
    s.memory_mb = static_cast<std::uint64_t>(in_range("sandbox-memory-mb", *v, 0LL, kMaxMb));
    if (s.memory_mb != 0 && s.memory_mb < arbiter::kMinMemoryMb) {
      throw SandboxOptionError(
          fmt::format("--sandbox-memory-mb must be 0 (no limit) or at least {}, not {}: no program starts in less",
                      arbiter::kMinMemoryMb, s.memory_mb));
    }
  }
  if (const auto v = option_value<int>(primary, secondary, "sandbox-processes")) {
    s.processes = in_range("sandbox-processes", *v, 0, 1 << 22);
  }
  if (const auto v = option_value<int>(primary, secondary, "sandbox-open-files")) {
    // bwrap itself and any runtime need a few descriptors beyond 0, 1 and 2.
    s.open_files = in_range("sandbox-open-files", *v, 16, 1 << 20);
  }
  if (const auto v = option_value<long long>(primary, secondary, "sandbox-tmp-mb")) {
    s.tmp_mb = static_cast<std::uint64_t>(in_range("sandbox-tmp-mb", *v, 0LL, kMaxMb));
  }
  if (const auto v = option_value<std::string>(primary, secondary, "sandbox-uids")) {
    if (*v == "none") {
      s.uids.reset();
    } else {
      const auto range = arbiter::uid_range_from_text(*v);
      if (!range) {
        throw SandboxOptionError(
            fmt::format("--sandbox-uids must be FIRST-LAST (1 <= FIRST <= LAST) or none, not '{}'", *v));
      }
      s.uids = *range;
    }
  }
  if (const auto v = option_value<std::string>(primary, secondary, "sandbox-cgroups")) {
    if (*v != "auto" && *v != "off")
      throw SandboxOptionError(fmt::format("--sandbox-cgroups must be auto or off, not '{}'", *v));
    s.cgroups = *v == "auto";
  }
  if (const auto v = option_value<std::string>(primary, secondary, "sandbox-pin-cpu")) {
    if (*v != "auto" && *v != "off")
      throw SandboxOptionError(fmt::format("--sandbox-pin-cpu must be auto or off, not '{}'", *v));
    s.pin_cpu = *v == "auto";
  }
  if (const auto v = option_value<std::string>(primary, secondary, "sandbox-drop-caches")) {
    if (*v != "on" && *v != "off")
      throw SandboxOptionError(fmt::format("--sandbox-drop-caches must be on or off, not '{}'", *v));
    s.drop_caches = *v == "on";
    if (s.drop_caches && ::geteuid() != 0) {
      throw SandboxOptionError("--sandbox-drop-caches needs root: it writes /proc/sys/vm/drop_caches");
    }
  }
  return s;
}

}  // namespace amazes::cli
