#pragma once
// The languages table of `amazes compile` (config/languages.ini, built into the judge; an
// organiser's own with --languages FILE): INI sections, one per language, each error naming its
// FILE:LINE.
#include <string>
#include <string_view>
#include <vector>

#include "amazes/competition/submissions.hpp"

namespace amazes::cli {

// The rows of `text`; throws IniError (FILE:LINE: what) for a malformed row: an unknown key or
// placeholder, a run command missing, an extension two rows claim, a toolchain path not absolute.
std::vector<competition::Language> read_languages_table(std::string_view text, const std::string& file);

// The table built into the judge (config/languages.ini as it was built).
std::vector<competition::Language> default_languages();

}  // namespace amazes::cli
