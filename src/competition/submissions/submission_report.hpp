#pragma once
// What `amazes compile` leaves for the organiser in DIR: report.txt (a line per submission, and
// under a refused one what the compiler or the bot said), report.csv (the same, a row each) and
// players.ini (the [players] section of the admitted ones, for `amazes tournament --config`).
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/competition/submissions.hpp"

namespace amazes::competition {

// Writes the three files atomically.
void write_submission_report(const std::filesystem::path& out, const std::vector<SubmissionVerdict>& verdicts);

}  // namespace amazes::competition
