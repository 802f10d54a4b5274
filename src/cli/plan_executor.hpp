#pragma once
// --executor plan and slurm, the same for tournaments and versus runs: the games still to play
// as a plan (competition/game_plan.hpp), written with what to run next, or played through Slurm
// (slurm_executor.hpp) with a live progress line.
#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/match_pool.hpp"
#include "amazes/competition/results_store.hpp"
#include "logging.hpp"

namespace amazes::cli {

// The games as a plan with the request's chunk size and log format.
competition::GamePlan game_plan_of(std::vector<competition::PoolMatch> games,
                                   const competition::CompetitionRequest& request);

// Writes the plan to OUT/plan.json and prints how to play it and collect it; `collect_does`
// ends the last line ("write the standings").
void write_plan_and_say_what_next(const std::filesystem::path& out, const competition::GamePlan& plan,
                                  std::string_view collect_does);

// The plan of a killed coordinator's job array that is still in the queue: it must be followed
// (its tasks play that plan), not planned again. Nothing when no job of OUT is queued.
std::optional<competition::GamePlan> plan_of_queued_job(const std::filesystem::path& out);

// Plays the plan's chunks through Slurm into `store` (written to OUT first) with a progress line:
// live on a terminal, else a line per change at info level. `stored` is called after each poll
// that stored games (the standings as rounds complete).
void play_plan_on_slurm_with_progress(const std::filesystem::path& out, const competition::GamePlan& plan,
                                      competition::ResultsStore& store, const competition::SlurmSettings& slurm,
                                      Verbosity verbosity, const std::function<void()>& stored = {});

}  // namespace amazes::cli
