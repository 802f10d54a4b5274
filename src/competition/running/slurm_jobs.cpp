// The slurm executor's talk with Slurm: sbatch and squeue, run through Boost.Process.
#include "running/slurm_jobs.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <boost/process.hpp>

#include "amazes/files/text_file.hpp"

namespace amazes::competition {

namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;

// How often the queue and the finished games are looked at. Slurm itself schedules every few
// seconds at best; a second keeps the progress line live without loading slurmctld.
constexpr std::chrono::seconds kPollEvery{1};
constexpr int kSubmissions = 3;

struct ToolResult {
  int exit = 0;
  std::string out;  // stdout
  std::string err;  // stderr's first line
};

// Runs a Slurm client command (trusted, unlike players: Boost.Process, no sandbox).
ToolResult run_tool(const std::string& name, const std::vector<std::string>& args) {
  const boost::filesystem::path program = bp::search_path(name);
  if (program.empty()) throw SlurmError(name + ": not found in PATH (is Slurm installed here?)");
  bp::ipstream out;
  bp::ipstream err;
  bp::child child(program.string(), bp::args(args), bp::std_out > out, bp::std_err > err, bp::std_in < bp::null);
  ToolResult result;
  std::string line;
  while (std::getline(out, line)) result.out += line + "\n";
  std::getline(err, result.err);
  child.wait();
  result.exit = child.exit_code();
  return result;
}

std::string shell_quoted(const std::string& word) {
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// "0-4" for consecutive chunks, else "1,3,7"; one chunk: "3".
std::string array_spec(const std::vector<int>& chunks) {
  if (chunks.size() == 1) return std::to_string(chunks.front());
  if (chunks.back() - chunks.front() + 1 == static_cast<int>(chunks.size())) {
    return fmt::format("{}-{}", chunks.front(), chunks.back());
  }
  return fmt::format("{}", fmt::join(chunks, ","));
}

std::string submit(const fs::path& dir, const std::vector<int>& chunks, const SlurmSettings& o) {
  const fs::path self = fs::read_symlink("/proc/self/exe");
  std::vector<std::string> args = {
      "--parsable",
      "--job-name=amazes-" + dir.filename().string(),
      "--array=" + array_spec(chunks) + (o.max_running > 0 ? "%" + std::to_string(o.max_running) : std::string()),
      "--chdir=" + fs::current_path().string(),
      "--output=" + (dir / "slurm" / "%A_%a.out").string(),
      "--cpus-per-task=" + std::to_string(o.cpus_per_task)};
  if (!o.partition.empty()) args.push_back("--partition=" + o.partition);
  if (!o.account.empty()) args.push_back("--account=" + o.account);
  if (!o.time_limit.empty()) args.push_back("--time=" + o.time_limit);
  args.insert(args.end(), o.options.begin(), o.options.end());
  args.push_back("--wrap=exec " + shell_quoted(self.string()) + " work " + shell_quoted(dir.string()) +
                 " --chunk \"$SLURM_ARRAY_TASK_ID\"");
  const ToolResult r = run_tool("sbatch", args);
  if (r.exit != 0)
    throw SlurmError("sbatch refused the job array: " + (r.err.empty() ? "exit " + std::to_string(r.exit) : r.err));
  // --parsable: "JOBID" or "JOBID;CLUSTER".
  std::string job = r.out.substr(0, r.out.find_first_of(";\n"));
  files::write_file_atomically(dir / "slurm" / "job", job + "\n");
  spdlog::info("submitted job array {} ({} task{}: chunks {})", job, chunks.size(), chunks.size() == 1 ? "" : "s",
               array_spec(chunks));
  return job;
}

// The job's tasks still in the queue: running, and pending (or anything else not yet running).
std::pair<int, int> queued_tasks(const std::string& job) {
  // -r: one line per array task, also for the pending ones Slurm would fold into one line.
  const ToolResult r = run_tool("squeue", {"-h", "-r", "-j", job, "-o", "%t"});
  if (r.exit != 0) {
    // A job that left the queue long ago is unknown to squeue ("Invalid job id"): none queued.
    if (r.err.find("Invalid job id") != std::string::npos) return {0, 0};
    throw SlurmError("squeue: " + (r.err.empty() ? "exit " + std::to_string(r.exit) : r.err));
  }
  int running = 0;
  int pending = 0;
  std::istringstream lines(r.out);
  for (std::string state; std::getline(lines, state);) (state == "R" || state == "CG" ? running : pending)++;
  return {running, pending};
}

// What the last task of `chunk` in `job` said last (its last non-empty output line), or why there
// is nothing to say: a task that could not even write its output file ran where DIR is not seen.
std::string last_words(const fs::path& dir, const std::string& job, int chunk) {
  const fs::path out = dir / "slurm" / fmt::format("{}_{}.out", job, chunk);
  std::ifstream in(out);
  if (!in) {
    return fmt::format("no output in {}: is {} on a file system every node sees and may write?", out.string(),
                       dir.string());
  }
  std::string last;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) last = line;
  }
  return fmt::format("{}: {}", out.string(), last.empty() ? "(empty)" : last);
}

std::string earlier_job(const fs::path& dir) {
  std::ifstream in(dir / "slurm" / "job");
  std::string job;
  std::getline(in, job);
  return job;
}

}  // namespace

bool slurm_job_in_queue(const fs::path& dir) {
  const std::string job = earlier_job(dir);
  return !job.empty() && queued_tasks(job) != std::pair{0, 0};
}

void play_plan_on_slurm(const fs::path& dir, const GamePlan& plan, ResultsStore& store, const SlurmSettings& settings,
                        const std::function<void(const SlurmProgress&)>& progress) {
  fs::create_directories(dir / "slurm");
  const int total = static_cast<int>(plan.games.size());
  std::set<std::string> planned;
  for (const auto& game : plan.games) planned.insert(game.spec.id);
  const auto stored_of_plan = [&] {
    const auto ids = store.match_ids();
    return static_cast<int>(
        std::count_if(ids.begin(), ids.end(), [&](const std::string& id) { return planned.count(id) != 0U; }));
  };
  std::string job = earlier_job(dir);
  if (!job.empty() && queued_tasks(job) == std::pair{0, 0}) job.clear();
  const bool followed_earlier = !job.empty();
  if (followed_earlier) spdlog::info("following job array {}, still in the queue from an earlier run", job);
  std::string last_job;
  for (int submission = 0;;) {
    if (job.empty()) {
      const std::vector<int> chunks = unfinished_chunks(dir, plan);
      if (chunks.empty()) break;
      if (submission == kSubmissions) {
        throw SlurmError(fmt::format("chunk{} {} did not finish after {} submissions; the last task of chunk {}: {}",
                                     chunks.size() == 1 ? "" : "s", array_spec(chunks), kSubmissions, chunks.front(),
                                     last_words(dir, last_job, chunks.front())));
      }
      if (submission > 0 || followed_earlier) {
        spdlog::warn(
            "{} chunk{} did not finish (a failed, cancelled or timed-out task): submitting {} again for "
            "{} missing games",
            chunks.size(), chunks.size() == 1 ? "" : "s", chunks.size() == 1 ? "it" : "them", total - stored_of_plan());
      }
      job = submit(dir, chunks, settings);
      last_job = job;
      ++submission;
    }
    for (;;) {
      const auto [running, pending] = queued_tasks(job);
      store_finished_games(dir, store);
      progress({stored_of_plan(), total, running, pending});
      if (running + pending == 0) break;
      std::this_thread::sleep_for(kPollEvery);
    }
    job.clear();
  }
  store_finished_games(dir, store);
}

}  // namespace amazes::competition
