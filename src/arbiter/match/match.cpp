// A match: its commands checked, its game's driver chosen and run (game_driver.hpp), and a judge
// interrupted meanwhile waited for.
#include "amazes/arbiter/match.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <memory>

#include "amazes/arbiter/judge_process.hpp"
#include "match/game_driver.hpp"
#include "match/referee_command.hpp"
#include "process/interpreter_files.hpp"
#include "process/launch_spec.hpp"
#include "sandbox/sandboxed_player.hpp"
#include "sandbox/uid_pool.hpp"

namespace amazes::arbiter {

MatchRecord record_of_spec(const MatchSpec& spec) {
  MatchRecord record;
  record.id = spec.id;
  record.seed = spec.setup.seed;
  std::optional<AmazesBoard> board;
  if (spec.settings.game.on_maze()) board = amazes_board(spec.setup);
  if (spec.settings.game.built_in()) {
    record.game.emplace<AmazesRecord>().board = std::move(*board);
  } else {
    record.game.emplace<RefereeRecord>().board = std::move(board);
  }
  record.players = spec.players;
  record.settings = spec.settings;
  return record;
}

MatchSpec spec_of_record(const MatchRecord& record) {
  MatchSpec spec;
  spec.id = record.id;
  // By the settings, not by the kind of the record's game part: a plan written before records had
  // one holds each referee game as an Amazes game's log, whose maze is the game's only when its
  // referee takes {maze}.
  const AmazesBoard* board = record.board();
  spec.setup = record.settings.game.on_maze() ? amazes_setup(board->maze, board->starts, record.seed)
                                              : seed_setup(record.settings, record.seed);
  spec.players = record.players;
  spec.settings = record.settings;
  return spec;
}

void check_player_commands(const MatchSpec& spec) {
  for (const auto& player : spec.players) {
    const LaunchSpecResult launch = make_launch_spec(player.name, player.command);
    if (!launch.ok()) throw PlayerCommandError(launch.error);
    std::error_code ec;
    if (const auto missing = interpreter_file_problem(
            launch.spec.argv, launch.spec.working_dir.value_or(std::filesystem::current_path(ec)))) {
      throw PlayerCommandError(fmt::format("player '{}' ({}): {}", player.name, player.command, *missing));
    }
    if (const auto problem = sandbox_launch_problem(spec.settings.sandbox, launch.spec)) {
      throw PlayerCommandError("player '" + player.name + "': " + *problem);
    }
    PlayerSandbox probe(spec.settings.sandbox);  // throws when the sandbox cannot be had here
  }
  if (spec.settings.move_files.per_move() && spec.settings.game.built_in()) {
    throw PlayerCommandError(
        "--move-files runs players once per move for a referee's game (--referee): the built-in Amazes game "
        "plays its players over pipes (`--referee 'amazes referee amazes'` plays Amazes through its referee)");
  }
  if (!spec.settings.game.built_in()) check_referee_command(spec);
}

std::optional<std::size_t> player_uids_available(const SandboxSettings& sandbox, std::size_t enough) {
  // As PlayerSandbox decides: a UID of its own as root, in every mode.
  if (!sandbox.uids || ::geteuid() != 0) return std::nullopt;
  return count_usable_uids(*sandbox.uids, enough);
}

namespace {

// run_match and run_observed_match: `observer` may be null.
MatchRecord judged_match(const MatchSpec& spec, MatchObserver* observer) {
  // A game the interrupted judge's handler ended (its players killed, their processes or cgroups
  // gone) is nobody's result, whether it ends or fails: this thread waits for the handler to end
  // the judge instead of handing back a record or an error.
  MatchRecord record;
  try {
    record = game_driver(spec, observer)->play();
  } catch (...) {
    if (judge_interrupted()) await_interrupted_end();
    throw;
  }
  if (judge_interrupted()) await_interrupted_end();
  return record;
}

}  // namespace

std::unique_ptr<GameDriver> game_driver(const MatchSpec& spec, MatchObserver* observer) {
  return spec.settings.game.built_in() ? amazes_game(spec, observer) : referee_game(spec, observer);
}

MatchRecord run_match(const MatchSpec& spec) { return judged_match(spec, nullptr); }

MatchRecord run_observed_match(const MatchSpec& spec, MatchObserver& observer) { return judged_match(spec, &observer); }

}  // namespace amazes::arbiter
