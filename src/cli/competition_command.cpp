#include "competition_command.hpp"

#include <algorithm>
#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/judge_process.hpp"
#include "amazes/arbiter/match.hpp"
#include "amazes/report/progress.hpp"
#include "amazes/report/replay_page.hpp"
#include "command.hpp"
#include "player_trial.hpp"

namespace amazes::cli {

void check_players_and_layout(const arbiter::MatchSpec& first_game, const std::vector<competition::PlayerSpec>& players,
                              const std::vector<arbiter::Secret>& secrets, bool trial, int jobs) {
  auto spec = first_game;
  try {
    for (const auto& player : players) {
      spec.players = {player, player};
      arbiter::check_player_commands(spec);
    }
    arbiter::check_sandbox_layout(spec.settings.sandbox, players, secrets);
    if (trial) trial_first_turns(first_game, players, jobs);
  } catch (const arbiter::PlayerCommandError& e) {
    throw UsageError(e.what());
  } catch (const arbiter::SandboxLayoutError& e) {
    throw UsageError(e.what());
  }
}

bool trial_wanted(const competition::CompetitionRequest& request) {
  // Games played elsewhere (a plan, Slurm) run on other machines, whose runtimes are theirs.
  return request.trial && request.executor == competition::ExecutorKind::Local;
}

int games_at_once(const competition::CompetitionRequest& request) {
  const int jobs = request.jobs.value_or(static_cast<int>(std::max(1U, std::thread::hardware_concurrency())));
  const auto wanted = 2 * static_cast<std::size_t>(jobs);
  const auto uids = arbiter::player_uids_available(request.settings.sandbox, wanted);
  if (!uids || *uids >= wanted) return jobs;
  const std::string range = arbiter::uid_range_text(*request.settings.sandbox.uids);
  if (*uids < 2) {
    throw UsageError(fmt::format(
        "--sandbox-uids {} has {} UID{} free of passwd, group and subuid entries; a game needs 2 (one per player)",
        range, *uids, *uids == 1 ? "" : "s"));
  }
  const int games = static_cast<int>(*uids / 2);
  spdlog::warn("--sandbox-uids {} has {} usable UIDs, 2 per game: playing {} game{} at once instead of {}", range,
               *uids, games, games == 1 ? "" : "s", jobs);
  return games;
}

void say_notes_and_drawn_seed(const competition::PreparedRun& run, std::string_view command) {
  for (const auto& note : run.notes) spdlog::info("{}", note);
  if (run.seed_drawn) {
    say_drawn_seed(command, run.competition.seed,
                   run.competition.settings.game.on_maze() ? "mazes and starts" : "games");
  }
}

std::string describe_setups(const competition::Competition& competition) {
  if (!competition.settings.game.on_maze()) {
    return fmt::format("game {} from each game's seed", competition.settings.game.name());
  }
  if (competition.mazes.directory) return "mazes " + competition.mazes.directory->string();
  return fmt::format("mazes generated {}x{}", competition.mazes.size, competition.mazes.size);
}

std::function<void(const competition::MatchRow&)> replay_writer(const std::filesystem::path& out) {
  return [out](const competition::MatchRow& row) {
    if (row.log.empty()) return;  // a forfeit: not played
    report::write_replay(out / row.log, report::replay_path_for(out / row.log));
  };
}

void say_how_to_continue_if_interrupted(std::string_view command, bool status_line) {
  // Every game committed so far is kept and the ones in flight are not (run_match never returns
  // them): the same command plays what is missing.
  arbiter::prepare_judge_process();
  arbiter::set_interrupt_note(fmt::format("{}amazes {}: interrupted: run the same command again to continue",
                                          status_line ? "\r\033[K" : "", command));
}

void say_game_not_played(std::string_view command, const competition::FailedMatch& failed) {
  std::cerr << fmt::format("amazes {}: {}: not played: {}", command, failed.id, failed.what) << std::endl;
}

void say_games_not_played(std::string_view command, std::size_t count) {
  std::cerr << fmt::format(
                   "amazes {}: {} game{} not played, {} referee failed (said above): the same command "
                   "plays {} again",
                   command, count, count == 1 ? " was" : "s were", count == 1 ? "its" : "their",
                   count == 1 ? "it" : "them")
            << std::endl;
}

void log_games_played(int played, double seconds, const std::filesystem::path& out) {
  if (played == 0) return;
  spdlog::info("{} games played in {} ({:.2f} games/s); results in {}", played, report::format_duration(seconds),
               played / std::max(seconds, 1e-9), out.string());
}

}  // namespace amazes::cli
