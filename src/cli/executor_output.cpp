#include "executor_output.hpp"

#include <unistd.h>

#include <iostream>
#include <string>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/match.hpp"

namespace amazes::cli {
namespace {

void say_what_next(const std::filesystem::path& out, const competition::GamePlan& plan, std::string_view collect_does) {
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

// "slurm: 34/120 games stored, 2 tasks running, 4 pending", cleared from the terminal once the
// plan's tasks have left the queue.
std::function<void(const competition::SlurmProgress&)> slurm_progress_line(Verbosity verbosity) {
  const bool live = verbosity != Verbosity::Quiet && ::isatty(STDERR_FILENO) != 0;
  return [live, verbosity, shown = -1](const competition::SlurmProgress& progress) mutable {
    const std::string line =
        fmt::format("slurm: {}/{} games stored, {} task{} running, {} pending", progress.stored, progress.total,
                    progress.running, progress.running == 1 ? "" : "s", progress.pending);
    if (live) {
      std::cerr << "\r\x1b[K" << (progress.running + progress.pending > 0 ? line : "") << std::flush;
    } else if (progress.stored != shown && verbosity != Verbosity::Quiet) {
      spdlog::info("{}", line);
    }
    shown = progress.stored;
  };
}

}  // namespace

std::unique_ptr<competition::Executor> executor_for(const competition::CompetitionRequest& request, int jobs,
                                                    Verbosity verbosity, std::string_view collect_does,
                                                    competition::ExecutorEvents events) {
  events.plan_written = [collect = std::string(collect_does)](const std::filesystem::path& out,
                                                              const competition::GamePlan& plan) {
    say_what_next(out, plan, collect);
  };
  events.polled = slurm_progress_line(verbosity);
  return competition::make_executor(request, arbiter::run_match, jobs, std::move(events));
}

}  // namespace amazes::cli
