// amazes doctor: what the sandbox can use on this machine and as this user, what is missing
// with the fix for each, and how fit the machine is to time bots (docs/formats.md).
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "amazes/arbiter/machine_check.hpp"
#include "command.hpp"
#include "logging.hpp"
#include "setting_options.hpp"

namespace amazes::cli {

namespace {

using arbiter::Finding;
using arbiter::FindingStatus;
using Json = nlohmann::ordered_json;  // the fields in the order docs/formats.md gives them

constexpr const char* kDoctorUsage =
    "amazes doctor [--json] [--sandbox auto|namespaces|bwrap|none] [--sandbox-... VALUE] [--clock cpu|wall]\n\n"
    "Tells what the sandbox can use on this machine and as this user, what is missing with the fix\n"
    "for each, and how fit the machine is to time bots. Give it the settings of the contest to check\n"
    "for (--sandbox bwrap: bubblewrap must work). Exit status: 0 when a contest with these settings\n"
    "can run here as fairly as the machine allows, 1 when it cannot (the problems are named on the\n"
    "last line), 2 for a usage error.";

std::vector<std::string> problems_of(const std::vector<Finding>& findings) {
  std::vector<std::string> names;
  for (const auto& finding : findings) {
    if (finding.problem) names.push_back(finding.name);
  }
  return names;
}

// "ready (2 warnings, 1 missing but not needed)" or "2 problems (cgroup, isolation)".
std::string verdict_text(const std::vector<Finding>& findings) {
  const auto problems = problems_of(findings);
  if (!problems.empty()) {
    return fmt::format("{} problem{} ({})", problems.size(), problems.size() == 1 ? "" : "s",
                       fmt::join(problems, ", "));
  }
  std::size_t warnings = 0;
  std::size_t unneeded = 0;
  for (const auto& finding : findings) {
    if (finding.status == FindingStatus::Warn) ++warnings;
    if (finding.status == FindingStatus::Missing) ++unneeded;
  }
  std::vector<std::string> parts;
  if (warnings > 0) parts.push_back(fmt::format("{} warning{}", warnings, warnings == 1 ? "" : "s"));
  if (unneeded > 0) parts.push_back(fmt::format("{} missing but not needed by these settings", unneeded));
  return fmt::format("ready ({})",
                     parts.empty() ? std::string("everything ok") : fmt::format("{}", fmt::join(parts, ", ")));
}

void print_text(const std::vector<Finding>& findings) {
  for (const auto& finding : findings) {
    std::cout << fmt::format("{:<8} {:<11} {:<8} {}\n", finding.section, finding.name,
                             arbiter::finding_status_name(finding.status), finding.seen);
    if (!finding.fix.empty()) std::cout << "  fix: " << finding.fix << "\n";
  }
  std::cout << "doctor: " << verdict_text(findings) << "\n";
}

void print_json(const std::vector<Finding>& findings, const arbiter::MatchSettings& settings) {
  Json checked = Json::object();
  for (const arbiter::SettingField& field : arbiter::setting_fields()) {
    if (field.scope != arbiter::SettingScope::Sandbox && field.key != "clock") continue;
    std::visit([&](const auto& value) { checked[std::string(field.key)] = value; },
               arbiter::setting_value(field, settings));
  }
  Json list = Json::array();
  for (const auto& finding : findings) {
    list.push_back({{"section", finding.section},
                    {"name", finding.name},
                    {"status", arbiter::finding_status_name(finding.status)},
                    {"seen", finding.seen},
                    {"fix", finding.fix.empty() ? Json(nullptr) : Json(finding.fix)},
                    {"problem", finding.problem}});
  }
  const auto problems = problems_of(findings);
  const Json out = {{"format", "amazes-doctor/1"},
                    {"ready", problems.empty()},
                    {"problems", problems},
                    {"settings", checked},
                    {"findings", list}};
  // A path or a user's name need not be UTF-8: replaced, not refused.
  std::cout << out.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace

int doctor_command(const Args& args) {
  po::options_description options("Options");
  options.add_options()("json", po::bool_switch(), "print the findings as JSON (amazes-doctor/1) instead of lines");
  options.add(machine_setting_options());
  const auto values = parse_options(kDoctorUsage, options, {}, args);
  if (!values) return kExitOk;
  const arbiter::MatchSettings settings = match_settings_from(*values);
  // The probes' own warnings say what the findings say: only errors reach stderr.
  configure_logging(po::variables_map{});
  spdlog::set_level(spdlog::level::err);
  std::vector<Finding> findings = arbiter::check_machine(settings.sandbox);
  const std::vector<Finding> timing = arbiter::check_timing(settings);
  findings.insert(findings.end(), timing.begin(), timing.end());
  if ((*values)["json"].as<bool>()) {
    print_json(findings, settings);
  } else {
    print_text(findings);
  }
  return problems_of(findings).empty() ? kExitOk : kExitFailure;
}

}  // namespace amazes::cli
