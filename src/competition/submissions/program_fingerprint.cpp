// Fingerprints of the files a player command runs.
#include "submissions/program_fingerprint.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "amazes/arbiter/player_command.hpp"
#include "amazes/competition/competition_request.hpp"

namespace amazes::competition {
namespace {

// FNV-1a, 64 bits: fixed on every platform, fast, and plenty against accidental equality
// (this guards against mistakes, not against an adversary).
constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

bool hash_file(const std::filesystem::path& path, std::uint64_t& h) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::array<char, 1 << 16> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    for (std::streamsize i = 0; i < in.gcount(); ++i) {
      h ^= static_cast<unsigned char>(buffer[static_cast<std::size_t>(i)]);
      h *= kFnvPrime;
    }
  }
  return true;
}

bool is_regular_file(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

}  // namespace

std::optional<std::string> program_fingerprint(std::string_view command) {
  const auto split = arbiter::split_command(command);
  if (!split.ok()) return std::nullopt;
  std::uint64_t h = kFnvOffset;
  int files = 0;
  for (std::size_t i = 0; i < split.words.size(); ++i) {
    const std::string& word = split.words[i];
    const bool by_path = word.find('/') != std::string::npos;
    // The program counts only when given as a path; a later word whenever it is a file.
    if (i == 0 && !by_path) continue;
    if (word.empty() || !is_regular_file(word)) continue;
    // A separator between files, so that moving bytes from one file to the next changes the hash.
    h ^= 0xff;
    h *= kFnvPrime;
    if (hash_file(word, h)) ++files;
  }
  if (files == 0) return std::nullopt;
  return fmt::format("fnv1a64:{:016x}", h);
}

std::string fingerprint_key(const std::string& player) { return "program." + player; }

ProgramFingerprints check_programs(const ResultsStore* store, const std::vector<PlayerSpec>& players,
                                   const std::filesystem::path& out) {
  ProgramFingerprints unrecorded;
  for (const auto& player : players) {
    const auto fingerprint = program_fingerprint(player.command);
    if (!fingerprint) continue;
    const auto recorded = store != nullptr ? store->meta(fingerprint_key(player.name)) : std::nullopt;
    if (recorded && *recorded != *fingerprint) {
      throw CompetitionMismatch(fmt::format(
          "{}: the program of {} ('{}') has changed since its games here were played; use another --out (or remove "
          "{}) to play this build",
          store->path().string(), player.name, player.command, out.string()));
    }
    if (!recorded) unrecorded.emplace_back(fingerprint_key(player.name), *fingerprint);
  }
  return unrecorded;
}

void record_programs(ResultsStore& store, const ProgramFingerprints& fingerprints) {
  for (const auto& [key, value] : fingerprints) store.set_meta(key, value);
}

}  // namespace amazes::competition
