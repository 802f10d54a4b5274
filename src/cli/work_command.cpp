// amazes work DIR --chunk I: plays one chunk of a plan (competition/game_plan.hpp), as the
// local executor plays its games, and leaves each finished game as two atomic files.
#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>

#include <fmt/format.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/match_row.hpp"
#include "command.hpp"
#include "competition_command.hpp"
#include "logging.hpp"

namespace amazes::cli {

namespace {

// As the local executor checks before its first game: a bot missing on this node, or a sandbox
// it cannot have, fails the task (run it again once fixed), never a player's game. The folder is
// checked as the coordinator checked its own: on this machine it may lie elsewhere, e.g. inside a
// bot's folder, and it holds every maze and result.
void check_before_play(const competition::PlannedGame& game, const std::filesystem::path& dir) {
  try {
    arbiter::check_player_commands(game.spec);
    arbiter::check_sandbox_layout(game.spec.settings.sandbox, {game.spec.players[0], game.spec.players[1]},
                                  {{"the output folder", dir}});
  } catch (const arbiter::PlayerCommandError& e) {
    throw UsageError(fmt::format("{}: {}", game.spec.id, e.what()));
  } catch (const arbiter::SandboxLayoutError& e) {
    throw UsageError(fmt::format("{}: {}", game.spec.id, e.what()));
  }
}

void play_and_finish(const std::filesystem::path& dir, const competition::GamePlan& plan,
                     const competition::PlannedGame& game) {
  const auto t0 = std::chrono::steady_clock::now();
  const arbiter::MatchRecord record = arbiter::run_match(game.spec);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  // The log first: a finished file never names a log that is not there.
  const std::string log = competition::match_log_path(game.spec.id, plan.log_format);
  competition::write_game_log(dir, log, record);
  competition::write_finished_game(
      dir, {game.spec.id, game.round, game.maze_name, log, ms, competition::utc_timestamp_now()});
  spdlog::info("{}: {} {} - {} {}", game.spec.id, record.players[0].name, record.outcome[0].score,
               record.players[1].name, record.outcome[1].score);
}

}  // namespace

int work_command(const Args& args) {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("dir", po::value<std::string>()->value_name("DIR"), "the output directory that holds plan.json")
      ("chunk", po::value<int>()->value_name("I"), "the chunk to play, from 0");
  // clang-format on
  add_logging_options(options);
  po::positional_options_description positionals;
  positionals.add("dir", 1);
  const auto values = parse_options(
      "amazes work DIR --chunk I\n\n"
      "Plays chunk I of DIR/plan.json (written by `amazes tournament` or `amazes versus` with --executor\n"
      "plan) with the plan's settings and sandbox, and writes each game's match log and DIR/finished/ID.json.\n"
      "A game already finished is skipped, so running a chunk again (after a failed or cancelled task) plays\n"
      "only what it lacks.\n"
      "Exit 0 when the chunk is finished; 1 when a game could not be played (the games before it stay\n"
      "finished; a game whose referee failed is passed over and the chunk goes on); 2 for a usage error, a player that "
      "cannot start here, or DIR inside a folder a player's\n"
      "sandbox shows (nothing of its game is kept).",
      options, positionals, args);
  if (!values) return kExitOk;
  configure_logging(*values);
  if (values->count("dir") == 0U) throw UsageError("give the output directory that holds plan.json");
  if (values->count("chunk") == 0U) throw UsageError("give the chunk: --chunk I");
  const std::filesystem::path dir = (*values)["dir"].as<std::string>();
  const int chunk = (*values)["chunk"].as<int>();

  const competition::GamePlan plan = competition::read_game_plan(dir);  // PlanError, FileError: exit 1
  if (chunk < 0 || chunk >= plan.chunks()) {
    throw UsageError(fmt::format("--chunk must be from 0 to {}, not {}", plan.chunks() - 1, chunk));
  }
  const std::size_t first = static_cast<std::size_t>(chunk) * static_cast<std::size_t>(plan.chunk_size);
  const std::size_t end = std::min(plan.games.size(), first + static_cast<std::size_t>(plan.chunk_size));
  int played = 0;
  int not_played = 0;
  for (std::size_t i = first; i < end; ++i) {
    const competition::PlannedGame& game = plan.games[i];
    if (std::filesystem::exists(competition::finished_path(dir, game.spec.id))) continue;
    check_before_play(game, dir);
    try {
      play_and_finish(dir, plan, game);
      ++played;
    } catch (const arbiter::RefereeFailure& failure) {
      // That game's referee, not this node: the chunk's other games are played.
      say_game_not_played("work", {game.spec.id, game.round, failure.what()});
      ++not_played;
    }
  }
  if (not_played > 0) {
    say_games_not_played("work", static_cast<std::size_t>(not_played));
    return kExitFailure;
  }
  spdlog::info("chunk {}: {} game{} played here, all {} finished", chunk, played, played == 1 ? "" : "s", end - first);
  return kExitOk;
}

}  // namespace amazes::cli
