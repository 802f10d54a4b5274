#pragma once
// What tournaments and versus runs share of a request: the maze source, the seed and the match
// settings, each optional (nothing = not given), and how they are completed from a store. With
// a store present every option left out takes the stored value, and a given value that differs
// from the stored one is refused: results of two competitions are never mixed.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/competition.hpp"

namespace amazes::competition {

// The request contradicts the competition in the store; what() is one line.
class CompetitionMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CompetitionRequest {
  std::optional<std::filesystem::path> mazes;
  std::optional<std::uint64_t> seed;
  std::optional<int> size;
  // The match settings (arbiter::setting_fields()): the given ones by key, the rest defaults.
  // The sandbox settings are `sandbox` below.
  arbiter::MatchSettings settings;
  std::set<std::string, std::less<>> given_settings;
  std::optional<int> jobs;
  // Not part of the competition (it changes no rule; each match log records what was used).
  arbiter::SandboxSettings sandbox;
  // Write an HTML replay beside each match log as its game is stored (--replays). Not part of
  // the competition either: a resumed run may turn it on or off.
  bool replays = false;
  // The format of the match logs this run writes (--log-format). Not part of the competition:
  // each stored game's row names its own log, so a resumed run may write the other format.
  arbiter::LogFormat log_format = arbiter::LogFormat::Json;
};

// Fills the seed, the maze source and the settings of `competition` from the request and the
// stored competition (`stored`, read from `store_file`). Throws CompetitionMismatch naming the
// option, the stored and the given value. Grace, the stderr limit and the sandbox are not part
// of a competition (they change no score) and come from the request or the defaults.
void resolve_common(const CompetitionRequest& request, const std::optional<Competition>& stored,
                    const std::filesystem::path& store_file, Competition& competition);

// "STORE: the competition in this store has WHAT STORED, this run asks for GIVEN; …".
CompetitionMismatch competition_mismatch(const std::filesystem::path& store_file, std::string_view what,
                                         const std::string& stored, const std::string& given);

}  // namespace amazes::competition
