#pragma once
// The command-line options that tournaments and versus runs share (maze source, seed, match
// settings, jobs), declared and read with Boost.Program_options in one place.
#include <cstdint>
#include <stdexcept>
#include <string>

#include <boost/program_options.hpp>

#include "amazes/competition/competition_request.hpp"

namespace amazes::cli {

using competition::CompetitionRequest;

// A bad option value (or config file); what() is one line. The command line treats it as a
// usage error.
class CompetitionOptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The help texts that differ between the commands.
struct CompetitionOptionTexts {
  const char* mazes;
  const char* seed;
};

// Adds --mazes, --seed, --size, -j/--jobs, --replays, --log-format, the executor options
// (--executor, --chunk-size, --slurm-…) and the match and sandbox settings (setting_options.hpp).
void add_competition_options(boost::program_options::options_description& options, const CompetitionOptionTexts& texts);

// Reads those options into `request`: from `primary` (the command line) when given there, else
// from `secondary` (a config file; may be empty). Throws CompetitionOptionError.
void read_competition_options(const boost::program_options::variables_map& primary,
                              const boost::program_options::variables_map& secondary, CompetitionRequest& request);

// A seed from 0 to 2^64 - 1 in decimal; throws CompetitionOptionError naming --seed.
std::uint64_t parse_seed_option(const std::string& text);

}  // namespace amazes::cli
