#pragma once
// The options of `amazes tournament`, on the command line and in INI config files read with
// Boost.Program_options. Every key of a config file is the long name of a command-line option;
// the command line wins over the file. Players come from a `[players]` section (`NAME = COMMAND`),
// `player = NAME=COMMAND` lines, `--player NAME=COMMAND` and plain commands or paths on the
// command line (named after their program file). See config/example.ini.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options.hpp>

#include "amazes/competition/tournament_setup.hpp"
#include "competition_options.hpp"

namespace amazes::cli {

using competition::PlayerSpec;
using competition::TournamentRequest;

// A bad option value or config file; what() is one line. The command line treats it as a
// usage error.
using TournamentOptionError = CompetitionOptionError;

// The options a config file may set (and the command line too).
boost::program_options::options_description tournament_file_options();

// Everything the command line accepts: the file options plus --config, --player, --resume and
// the positional players (option name "players").
boost::program_options::options_description tournament_command_line_options();
boost::program_options::positional_options_description tournament_positionals();

// The request from a parsed command line, reading the config file it names. Throws
// TournamentOptionError (or PlayerListError for bad player names).
TournamentRequest tournament_request(const boost::program_options::variables_map& command_line);

// The options and players of a config file's text, `file` naming it in errors (a UTF-8
// byte-order mark at the start is skipped): what --config reads, apart from the file itself.
// Paths are the file's `folder`'s (value_from_folder); none are changed when it is empty.
// Throws TournamentOptionError.
std::vector<arbiter::PlayerSpec> read_config_text(std::string_view text, const std::string& file,
                                                  boost::program_options::variables_map& values,
                                                  const std::filesystem::path& folder = {});

// The same from the config file at `path`, its paths taken from its folder.
std::vector<arbiter::PlayerSpec> read_config_file(const std::filesystem::path& path,
                                                  boost::program_options::variables_map& values);

// The absolute folder of a config file, which its paths are relative to.
std::filesystem::path config_folder(const std::filesystem::path& config);

// A config's value of `key` ("players" for a line of its [players] section) with the paths it
// names taken from `folder`: the files a player's or referee's command names there, a maze folder
// or game file there. The output folder (`out`) stays the current directory's: a config installed
// read-only still runs. A path that is not in `folder` is left as given.
std::string value_from_folder(std::string_view key, const std::string& value, const std::filesystem::path& folder);

// The same from a config file alone (the command line gave nothing else).
TournamentRequest tournament_request_from_file(const std::filesystem::path& config);

}  // namespace amazes::cli
