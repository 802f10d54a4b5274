#include "sandbox/timing_hygiene.hpp"

#include <charconv>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "process/cgroup_hierarchy.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

struct Machine {
  explicit Machine(const TimingFacts& of) : facts(of) {}

  const TimingFacts& facts;
  std::vector<int> cpus;  // online
  bool virtual_machine = false;

  std::optional<std::string> read(const std::string& relative) const {
    auto text = cgroup::read_file(facts.root / relative);
    if (!text) return std::nullopt;
    while (!text->empty() && (text->back() == '\n' || text->back() == ' ')) text->pop_back();
    return text;
  }
  std::string cpu_file(int cpu, const std::string& name) const {
    return fmt::format("sys/devices/system/cpu/cpu{}/{}", cpu, name);
  }
};

Machine machine_of(const TimingFacts& facts) {
  Machine machine(facts);
  machine.cpus = parse_cpu_list(machine.read("sys/devices/system/cpu/online").value_or(""));
  // The x86 flag a hypervisor sets for its guests.
  const std::string cpuinfo = machine.read("proc/cpuinfo").value_or("");
  machine.virtual_machine = cpuinfo.find(" hypervisor") != std::string::npos;
  return machine;
}

// "0-3, 6" from {0, 1, 2, 3, 6}.
std::string cpus_text(const std::vector<int>& cpus) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    parts.push_back(j == i ? std::to_string(cpus[i]) : fmt::format("{}-{}", cpus[i], cpus[j]));
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(parts, ","));
}

Finding make(const char* name) {
  Finding finding;
  finding.section = "timing";
  finding.name = name;
  return finding;
}

Finding governor_finding(const Machine& machine) {
  Finding finding = make("governor");
  std::map<std::string, std::vector<int>> governors;
  for (const int cpu : machine.cpus) {
    if (const auto governor = machine.read(machine.cpu_file(cpu, "cpufreq/scaling_governor"))) {
      governors[*governor].push_back(cpu);
    }
  }
  if (governors.empty()) {
    finding.seen = machine.virtual_machine ? "no cpufreq: a virtual machine, the host decides"
                                           : "no cpufreq: no frequency driver for these CPUs, the firmware decides";
    return finding;
  }
  if (governors.size() == 1 && governors.begin()->first == "performance") {
    finding.seen = "performance on every CPU";
    return finding;
  }
  std::vector<std::string> parts;
  for (const auto& [governor, cpus] : governors) {
    parts.push_back(governor + (cpus.size() == 1 ? " on CPU " : " on CPUs ") + cpus_text(cpus));
  }
  finding.status = FindingStatus::Warn;
  finding.seen = fmt::format("{}: a CPU's clock follows its load, so the same bot's turn costs more or less CPU time",
                             fmt::join(parts, ", "));
  finding.fix = "echo performance | tee /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor";
  return finding;
}

Finding turbo_finding(const Machine& machine) {
  Finding finding = make("turbo");
  const std::string why = ": a core's clock rises and falls with its temperature and the other cores' load";
  if (const auto no_turbo = machine.read("sys/devices/system/cpu/intel_pstate/no_turbo")) {
    if (*no_turbo == "1") {
      finding.seen = "turbo off (intel_pstate/no_turbo 1)";
    } else {
      finding.status = FindingStatus::Warn;
      finding.seen = "turbo on (intel_pstate/no_turbo " + *no_turbo + ")" + why;
      finding.fix = "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo";
    }
  } else if (const auto boost = machine.read("sys/devices/system/cpu/cpufreq/boost")) {
    if (*boost == "0") {
      finding.seen = "boost off (cpufreq/boost 0)";
    } else {
      finding.status = FindingStatus::Warn;
      finding.seen = "boost on (cpufreq/boost " + *boost + ")" + why;
      finding.fix = "echo 0 > /sys/devices/system/cpu/cpufreq/boost";
    }
  } else {
    finding.seen = std::string("no turbo or boost switch (intel_pstate/no_turbo, cpufreq/boost)") +
                   (machine.virtual_machine ? ": a virtual machine, the host decides" : "");
  }
  return finding;
}

// The physical cores among the online CPUs, as the kernel groups their hardware threads.
std::size_t cores_of(const Machine& machine) {
  std::set<std::string> cores;
  for (const int cpu : machine.cpus) {
    auto siblings = machine.read(machine.cpu_file(cpu, "topology/core_cpus_list"));
    if (!siblings) siblings = machine.read(machine.cpu_file(cpu, "topology/thread_siblings_list"));
    cores.insert(siblings.value_or(std::to_string(cpu)));
  }
  return cores.size();
}

Finding smt_finding(const Machine& machine) {
  Finding finding = make("smt");
  const std::size_t cores = cores_of(machine);
  const auto active = machine.read("sys/devices/system/cpu/smt/active");
  const auto control = machine.read("sys/devices/system/cpu/smt/control");
  const std::string shape = fmt::format("{} CPUs on {} cores", machine.cpus.size(), cores);
  if (active == "1") {
    finding.status = FindingStatus::Warn;
    finding.seen = fmt::format("SMT on: {}, and matches on two threads of one core slow each other", shape);
    finding.fix =
        fmt::format("-j {} at most (one match per core), or echo off > /sys/devices/system/cpu/smt/control", cores);
  } else {
    const std::string state =
        active ? "SMT off" + (control ? " (control " + *control + ")" : std::string()) : std::string("no SMT switch");
    finding.seen = fmt::format("{}: {}, -j up to {}", state, shape, cores);
  }
  return finding;
}

Finding load_finding(const Machine& machine, const MatchSettings& settings) {
  Finding finding = make("load");
  const std::string text = machine.read("proc/loadavg").value_or("");
  double load = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), load);
  if (error != std::errc() || machine.cpus.empty()) {
    finding.status = FindingStatus::Warn;
    finding.seen = "unknown (no /proc/loadavg or no online CPUs listed)";
    return finding;
  }
  const double per_cpu = load / static_cast<double>(machine.cpus.size());
  finding.seen =
      fmt::format("{:.2f} over the last minute on {} CPUs ({:.2f} per CPU)", load, machine.cpus.size(), per_cpu);
  if (per_cpu <= kBusyLoadPerCpu) return finding;
  finding.status = FindingStatus::Warn;
  finding.fix = "wait until the machine is idle, or stop what runs (top -o %CPU shows it)";
  if (settings.clock == ClockKind::Wall && per_cpu > kWallClockLoadPerCpu) {
    // The wall clock charges a bot whatever else runs in its turn.
    finding.status = FindingStatus::Missing;
    finding.problem = true;
    finding.seen += ": with --clock wall the bots are charged the other work's time";
  } else {
    finding.seen += ": other work takes CPUs from the matches and slows their wall-time guards";
  }
  return finding;
}

Finding swap_finding(const Machine& machine) {
  Finding finding = make("swap");
  std::istringstream lines(machine.read("proc/swaps").value_or(""));
  std::string line;
  std::getline(lines, line);  // the header
  std::uint64_t kib = 0;
  std::vector<std::string> devices;
  while (std::getline(lines, line)) {
    const auto words = cgroup::words(line);
    if (words.size() < 3) continue;
    devices.push_back(words[0]);
    kib += std::strtoull(words[2].c_str(), nullptr, 10);
  }
  if (devices.empty()) {
    finding.seen = "no swap";
    return finding;
  }
  finding.seen = fmt::format("{} MiB of swap on ({})", kib / 1024, fmt::join(devices, ", "));
  if (machine.facts.players_kept_from_swap) {
    finding.seen += "; the players' memory cgroups allow them none (the judge and other programs may be swapped)";
    return finding;
  }
  finding.status = FindingStatus::Warn;
  finding.seen += ": a player whose pages were swapped out waits for the disk in its turns";
  finding.fix = "swapoff -a";
  return finding;
}

Finding pin_finding(const Machine& machine, const MatchSettings& settings) {
  Finding finding = make("pin");
  if (!settings.sandbox.pin_cpu) {
    finding.status = FindingStatus::Warn;
    finding.seen = "off (--sandbox-pin-cpu off): the scheduler places each match's three processes";
    finding.fix = "--sandbox-pin-cpu auto";
  } else if (settings.clock == ClockKind::Wall) {
    finding.seen = "not pinned with --clock wall: a pinned match could not move away from other load on its CPU";
  } else if (!machine.facts.players_in_cgroups) {
    finding.status = FindingStatus::Warn;
    finding.seen =
        "not pinned: the players are not in cgroups, and a process that escapes a process-group pause "
        "would compute on the match's CPU";
    finding.fix =
        settings.sandbox.cgroups ? "cgroups for the players (the cgroup finding's fix)" : "--sandbox-cgroups auto";
  } else {
    finding.seen = fmt::format("each match on a CPU of its own: up to {} at once (-j {}); more run unpinned; {}",
                               machine.cpus.size(), machine.cpus.size(),
                               settings.sandbox.mode == SandboxMode::None
                                   ? "with --sandbox none a player may change its CPUs"
                                   : "a player behind the filter cannot leave them (sched_setaffinity denied)");
  }
  return finding;
}

}  // namespace

std::vector<int> parse_cpu_list(std::string_view text) {
  std::vector<int> cpus;
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    int first = 0;
    int last = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), first);
    if (error != std::errc()) return {};
    last = first;
    if (end != part.data() + part.size()) {
      if (*end != '-') return {};
      const auto [end2, error2] = std::from_chars(end + 1, part.data() + part.size(), last);
      if (error2 != std::errc() || end2 != part.data() + part.size() || last < first) return {};
    }
    for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return cpus;
}

std::vector<Finding> timing_findings(const TimingFacts& facts, const MatchSettings& settings) {
  const Machine machine = machine_of(facts);
  return {governor_finding(machine),       turbo_finding(machine), smt_finding(machine),
          load_finding(machine, settings), swap_finding(machine),  pin_finding(machine, settings)};
}

}  // namespace amazes::arbiter
