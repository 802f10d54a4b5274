// The plan and slurm executors' part that tournaments and versus runs share.
#include "plan_executor.hpp"

#include <unistd.h>

#include <iostream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "slurm_executor.hpp"

namespace amazes::cli {

competition::GamePlan game_plan_of(std::vector<competition::PoolMatch> games,
                                   const competition::CompetitionRequest& request) {
  competition::GamePlan plan;
  plan.chunk_size = request.chunk_size;
  plan.log_format = request.log_format;
  for (auto& game : games) plan.games.push_back({std::move(game.spec), game.round, std::move(game.maze_name)});
  return plan;
}

void write_plan_and_say_what_next(const std::filesystem::path& out, const competition::GamePlan& plan,
                                  std::string_view collect_does) {
  competition::write_game_plan(out, plan);
  const std::string dir = out.string();
  const int chunks = plan.chunks();
  std::cout << fmt::format("{}: {} games to play in {} chunk{} of up to {} games\n",
                           competition::plan_path(out).string(), plan.games.size(), chunks, chunks == 1 ? "" : "s",
                           plan.chunk_size);
  if (chunks > 0) {
    std::cout << fmt::format("play each chunk I from 0 to {} (on any machines that see {}): amazes work {} --chunk I\n",
                             chunks - 1, dir, dir);
  }
  std::cout << fmt::format("then store the finished games and {}: amazes collect {}\n", collect_does, dir);
}

std::optional<competition::GamePlan> plan_of_queued_job(const std::filesystem::path& out) {
  if (!slurm_job_in_queue(out)) return std::nullopt;
  return competition::read_game_plan(out);
}

void play_plan_on_slurm_with_progress(const std::filesystem::path& out, const competition::GamePlan& plan,
                                      competition::ResultsStore& store, const competition::SlurmSettings& slurm,
                                      Verbosity verbosity, const std::function<void()>& stored) {
  competition::write_game_plan(out, plan);  // a queued job's plan is written again unchanged
  const bool live = verbosity != Verbosity::Quiet && ::isatty(STDERR_FILENO) != 0;
  int shown = -1;
  play_plan_on_slurm(out, plan, store, slurm, [&](int done, int total, int running, int pending) {
    const std::string line = fmt::format("slurm: {}/{} games stored, {} task{} running, {} pending", done, total,
                                         running, running == 1 ? "" : "s", pending);
    if (live) {
      std::cerr << "\r\x1b[K" << line << std::flush;
    } else if (done != shown && verbosity != Verbosity::Quiet) {
      spdlog::info("{}", line);
    }
    if (done != shown && stored) stored();
    shown = done;
  });
  if (live) std::cerr << "\r\x1b[K" << std::flush;
}

}  // namespace amazes::cli
