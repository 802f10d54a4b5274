#include "submissions/submission_report.hpp"

#include <fmt/format.h>

#include "amazes/files/text_file.hpp"
#include "amazes/printable.hpp"

namespace amazes::competition {

namespace {

// Lines of the compiler or the bot, indented under the verdict, at most this many.
constexpr std::size_t kDetailLines = 12;

// Every field the report shows passes here: whatever a submission's name, compiler or bot put
// in it, no control byte reaches the organiser's terminal, editor or spreadsheet.
std::string csv_field(const std::string& raw) {
  const std::string text = printable(raw);
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string indented(const std::string& text) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t i = 0; i < kDetailLines && at < text.size(); ++i) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    out += "    " + printable(std::string_view(text).substr(at, end - at)) + "\n";
    at = end + 1;
  }
  if (at < text.size()) out += "    …\n";
  return out;
}

}  // namespace

std::string submission_line(const SubmissionVerdict& v) {
  std::string line = fmt::format("{:<24} {:<10} {}", printable(v.file),
                                 v.language.empty() ? "-" : printable(v.language), submission_status_name(v.status));
  if (!v.reason.empty()) line += ": " + printable(v.reason);
  if (v.unchanged) line += " (unchanged)";
  return line;
}

void write_submission_report(const std::filesystem::path& out, const std::vector<SubmissionVerdict>& verdicts) {
  std::string text;
  std::string csv = "name,file,language,status,reason,unchanged,compile_cpu_s,compile_wall_s,run\n";
  std::string ini =
      "# The admitted bots of `amazes compile` (report.txt says why the others are not here):\n"
      "#   amazes tournament --config " +
      (out / "players.ini").string() + " [options]\n[players]\n";
  int admitted = 0;
  for (const auto& v : verdicts) {
    text += submission_line(v) + "\n";
    if (v.status != SubmissionStatus::Admitted && !v.details.empty()) text += indented(v.details);
    csv += fmt::format("{},{},{},{},{},{},{:.2f},{:.2f},{}\n", csv_field(v.name), csv_field(v.file),
                       csv_field(v.language), submission_status_name(v.status), csv_field(v.reason),
                       v.unchanged ? "yes" : "no", v.compile_seconds, v.compile_wall_seconds, csv_field(v.run));
    if (v.status == SubmissionStatus::Admitted) {
      ini += v.name + " = " + v.run + "\n";
      ++admitted;
    }
  }
  text += fmt::format("{} of {} submission{} admitted\n", admitted, verdicts.size(), verdicts.size() == 1 ? "" : "s");
  files::write_file_atomically(out / "report.txt", text);
  files::write_file_atomically(out / "report.csv", csv);
  files::write_file_atomically(out / "players.ini", ini);
}

}  // namespace amazes::competition
