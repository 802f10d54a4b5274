#pragma once
// The match log: JSON, format "amazes-match/1" (docs/formats.md).
#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::arbiter {

inline constexpr const char* kMatchLogFormat = "amazes-match/1";

nlohmann::ordered_json match_log_json(const MatchRecord& record);

// Reads a log back. Throws std::runtime_error naming the field that is missing or wrong.
MatchRecord match_record_from_json(const nlohmann::ordered_json& log);

// Written atomically (temporary file + rename).
void write_match_log(const std::filesystem::path& path, const MatchRecord& record);
MatchRecord read_match_log(const std::filesystem::path& path);
// The same from the log's text, `file` naming it in errors: throws std::runtime_error, one line
// "FILE: …" (what read_match_log throws once the file is read).
MatchRecord parse_match_log(std::string_view text, const std::string& file);

}  // namespace amazes::arbiter
