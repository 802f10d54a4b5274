#pragma once
// The log of a referee game, format "amazes-referee-match/1" (docs/formats.md): what
// match_log.cpp writes and reads when a record's game part is a referee's.
#include <nlohmann/json.hpp>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::arbiter {

// The log of `record`, whose game part is `referee`.
nlohmann::ordered_json referee_log_json(const MatchRecord& record, const RefereeRecord& referee);
// Throws std::runtime_error naming the field (its JSON pointer) that is missing or wrong.
MatchRecord referee_record_from_json(const nlohmann::ordered_json& log);

}  // namespace amazes::arbiter
