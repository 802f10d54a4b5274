#pragma once
// The shared shape of a subcommand: options parsed with Boost.Program_options, `--help` on
// each, and the exit codes of docs/formats.md (0 done, 1 failed, 2 usage error).
#include <boost/program_options.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/maze.hpp"
#include "amazes/report/maze_drawing.hpp"

namespace amazes::cli {

namespace po = boost::program_options;

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// A wrong flag, value or argument: reported as one line, exit 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using Args = std::vector<std::string>;

using CommandMain = int (*)(const Args& args);

struct Subcommand {
  std::string name;     // e.g. "maze generate"
  std::string summary;  // one line for the overview
  CommandMain run;
};

// Parses `args` against `options` (+ positionals). Prints the help text and returns nothing
// when --help is given. Throws UsageError for anything malformed.
std::optional<po::variables_map> parse_options(std::string_view usage, po::options_description options,
                                               const po::positional_options_description& positionals, const Args& args);

// Reads the --red-start/--blue-start pair from `values` when given: both or neither, each
// "R,C,D". Validates them on `maze` (square exists, back edge open, far enough apart).
// Throws UsageError naming the option and the value.
std::optional<Starts> fixed_starts(const po::variables_map& values, const Maze& maze);

// The --seed option (a string option, so that "-1" or "1e3" is refused rather than wrapped or
// cut): nothing when not given. Throws UsageError unless it is a number from 0 to 2^64-1.
std::optional<std::uint64_t> seed_option(const po::variables_map& values);

// A seed drawn at random because none was given, said once on stderr whatever -q asks, as
// it is the only way to play the same games again: "amazes COMMAND: seed S drawn at random
// (give --seed S to play the same WHAT again)".
void say_drawn_seed(std::string_view command, std::uint64_t seed, std::string_view what);

// Adds the --red-start/--blue-start options.
void add_start_options(po::options_description& options);

// Adds --ascii and --color (auto|always|never), for the commands that draw a maze.
void add_drawing_options(po::options_description& options);
// The drawing style they ask for: colour with `always`, or with `auto` when stdout is a
// terminal. Throws UsageError for another --color value.
report::DrawingStyle drawing_style_from(const po::variables_map& values);

// The subcommands, NAME_command in src/cli/NAME_command.cpp: named apart from what they run
// (arbiter::run_match, competition::run_tournament, competition::run_versus).
int maze_generate_command(const Args& args);
int maze_check_command(const Args& args);
int maze_show_command(const Args& args);
int match_command(const Args& args);
int log_show_command(const Args& args);
int log_maze_command(const Args& args);
int replay_command(const Args& args);
int work_command(const Args& args);
int collect_command(const Args& args);
int tournament_command(const Args& args);
int standings_command(const Args& args);
int versus_command(const Args& args);
// `amazes referee NAME`, the referee of the catalogue's game NAME (game_catalogue.hpp), or nullptr
// when this judge has none for it (referee_command.cpp).
CommandMain referee_command_of(std::string_view game);
int doctor_command(const Args& args);
int compile_command(const Args& args);

// The options of MatchSettings (setting_options.hpp: time, clock, turns, grace, stderr, the
// sandbox), shared by the commands that play matches, and the settings they give (throws
// UsageError for a bad value). A setting not on the command line is taken from `config` when
// given (a config file's values).
void add_match_settings_options(po::options_description& options);
arbiter::MatchSettings match_settings_from(const po::variables_map& values, const po::variables_map* config = nullptr);

}  // namespace amazes::cli
