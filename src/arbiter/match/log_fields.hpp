#pragma once
// The parts the match log and the referee game's log share (match_log.cpp, referee_log.cpp): how
// a field is written, and how it is read back from a log that may come from anywhere: every field
// checked for its type and range before it is used, an error naming it by its JSON pointer
// (/turns/12/turn) and showing the value found.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::arbiter::log_fields {

using json = nlohmann::ordered_json;

// No game comes near this (a turn makes at most 2 x (2 x 64² + 100) points), and an int holds it.
inline constexpr long long kMaxLogPoints = 2'000'000'000;

// Writing.
double rounded_ms(double ms);
json position_json(const Start& s);
json optional_fault(const std::optional<FaultKind>& fault);
json outcome_json(const PlayerOutcome& o);
json sandbox_used_json(const SandboxUsed& used);
// The settings but the sandbox's, with the sandbox used.
json settings_json(const MatchRecord& record);
// Bytes a bot wrote need not be UTF-8; JSON text must be.
std::string dump(const json& value);

// Reading: each throws std::runtime_error "POINTER: what".
[[noreturn]] void bad(const std::string& pointer, const std::string& what);
[[noreturn]] void wrong(const std::string& pointer, const std::string& expected, const json& value);
const json& field(const json& object, const char* key, const std::string& where);
std::string string_field(const json& object, const char* key, const std::string& where);
bool bool_field(const json& object, const char* key, const std::string& where);
int int_value(const json& value, const std::string& pointer, long long low, long long high);
int int_field(const json& object, const char* key, const std::string& where, long long low, long long high);
std::uint64_t unsigned_field(const json& object, const char* key, const std::string& where);
double number_field(const json& object, const char* key, const std::string& where);
std::optional<FaultKind> fault_field(const json& object, const char* key, const std::string& where);
// A turn's `limit_hit`, nothing when absent (a turn no limit ended, or a log from before it).
std::optional<LimitHit> limit_hit_field(const json& turn, const std::string& where);
Start position_from(const json& object, const std::string& where, int size);
// A player's result; its fault turn from 1 to `max_fault_turn`, its score within `scores`.
PlayerOutcome outcome_from(const json& o, const std::string& where, int max_fault_turn, const ScoreRange& scores);
SandboxUsed sandbox_used_from(const json& used, const std::string& where);
// The log's "size" and "maze" (its drawing lines), parsed.
Maze maze_field(const json& log);
// Into `into`, as setting_fields() describes them (a setting older logs lack keeps its default).
void read_settings(const json& settings, MatchSettings& into);

}  // namespace amazes::arbiter::log_fields
