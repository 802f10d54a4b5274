#pragma once
// The match log: JSON, format "amazes-match/1", or "amazes-referee-match/1" for a referee game
// (a record with a referee part; docs/formats.md).
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::arbiter {

inline constexpr const char* kMatchLogFormat = "amazes-match/1";
inline constexpr const char* kRefereeMatchLogFormat = "amazes-referee-match/1";

nlohmann::ordered_json match_log_json(const MatchRecord& record);

// Reads a log back. Throws std::runtime_error naming the field that is missing or wrong.
MatchRecord match_record_from_json(const nlohmann::ordered_json& log);

// How a log is stored: plain JSON (`.json`) or that JSON compressed with zstd (`.json.zst`,
// about a tenth of the size; docs/formats.md §3).
enum class LogFormat { Json, Zst };

// "json", "zst"; and back (nothing for any other text).
const char* log_format_name(LogFormat format);
std::optional<LogFormat> log_format_from_name(std::string_view name);
// The end of a log file's name in that format: ".json", ".json.zst".
const char* log_file_suffix(LogFormat format);
// The format a file name asks for: Zst when it ends in ".zst", else Json.
LogFormat log_format_of(const std::filesystem::path& path);
// Whether `name` is a log's file name (ends in ".json" or ".json.zst"), and that name without
// that end ("r01-a-b.json.zst" → "r01-a-b"; other names unchanged).
bool is_log_file_name(std::string_view name);
std::string without_log_suffix(std::string_view name);

// Written atomically (temporary file + rename), compressed when the name ends in ".zst".
void write_match_log(const std::filesystem::path& path, const MatchRecord& record);
// Reads plain or compressed logs alike, by content (the zstd magic number), whatever the name;
// at most files::kMaxMatchLogBytes of file and of JSON.
MatchRecord read_match_log(const std::filesystem::path& path);
// The same from the log's JSON text, `file` naming it in errors: throws std::runtime_error, one
// line "FILE: …" (what read_match_log throws once the file is read).
MatchRecord parse_match_log(std::string_view text, const std::string& file);

}  // namespace amazes::arbiter
