// `amazes tournament --executor slurm` on a real single-node Slurm brought up for the test: munged,
// slurmctld and slurmd (Debian's slurm-wlm and munge) with a generated minimal slurm.conf in a
// temporary folder, on free ports, stopped by their PIDs at the end. The standings and every
// game equal the local executor's with the same seed; a task cancelled in the queue is
// submitted again for its missing games only; a coordinator killed mid-run is continued by the
// same command. A versus run with a sequential test plays in waves of pairs and stops a decided
// opponent, killed and continued too. Tasks that cannot write the folder end the run with the
// reason. Needs root (slurmd runs the tasks as the submitting user, munged's key): skipped
// otherwise, with a message (ctest reports it as skipped, not passed).
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <set>
#include <thread>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/pairing.hpp"
#include "amazes/competition/prepared_run.hpp"
#include "amazes/competition/results_store.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/output_folders.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support
using Clock = std::chrono::steady_clock;

std::string quoted(const std::filesystem::path& path) { return shell_quote(path.string()); }

// A TCP port nobody listens on now (the kernel's pick for port 0).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t size = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  ::close(fd);
  return ntohs(address.sin_port);
}

// Polls `done` until it holds or `seconds` pass; whether it held.
template <class F>
bool eventually(F&& done, int seconds) {
  const auto deadline = Clock::now() + std::chrono::seconds(seconds);
  while (Clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

// The three daemons, made and stopped by the test, nothing else of the machine touched.
class SingleNodeSlurm {
 public:
  explicit SingleNodeSlurm(const std::filesystem::path& dir) : dir_(dir) {
    std::filesystem::create_directories(dir / "state");
    std::filesystem::create_directories(dir / "spool");
    const std::string host = run_command("hostname -s").output.substr(0, run_command("hostname -s").output.find('\n'));
    long memory_mb = 0;
    std::ifstream meminfo("/proc/meminfo");
    for (std::string key; meminfo >> key;) {
      if (key == "MemTotal:") {
        meminfo >> memory_mb;
        memory_mb /= 1024;
        break;
      }
    }
    const std::string d = dir.string();
    write_file(dir / "slurm.conf",
               "ClusterName=amazestest\nSlurmctldHost=" + host + "\nAuthType=auth/munge\nCredType=cred/munge\n" +
                   "AuthInfo=socket=" + d + "/munge.sock\nSlurmUser=root\nSlurmdUser=root\n" +
                   "SlurmctldPort=" + std::to_string(free_port()) + "\nSlurmdPort=" + std::to_string(free_port()) +
                   "\nStateSaveLocation=" + d + "/state\nSlurmdSpoolDir=" + d + "/spool\n" + "SlurmctldPidFile=" + d +
                   "/slurmctld.pid\nSlurmdPidFile=" + d + "/slurmd.pid\n" + "SlurmctldLogFile=" + d +
                   "/slurmctld.log\nSlurmdLogFile=" + d + "/slurmd.log\n" +
                   "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nSelectType=select/cons_tres\n" +
                   "SelectTypeParameters=CR_CPU\nSchedulerParameters=batch_sched_delay=0\n" +
                   "JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n" +
                   "JobCompType=jobcomp/none\nMpiDefault=none\nReturnToService=2\n" + "NodeName=" + host +
                   " CPUs=" + std::to_string(std::thread::hardware_concurrency()) +
                   " RealMemory=" + std::to_string(memory_mb / 2) + " State=UNKNOWN\n" +
                   "PartitionName=amazes Nodes=" + host + " Default=YES MaxTime=INFINITE State=UP\n");
    env_ = "SLURM_CONF=" + shell_quote(d + "/slurm.conf") + " ";
    started_ =
        run_command("mungekey -c -k " + shell_quote(d + "/munge.key") + " 2>&1 && chmod 600 " +
                    shell_quote(d + "/munge.key") + " && munged --force --key-file=" + shell_quote(d + "/munge.key") +
                    " --socket=" + shell_quote(d + "/munge.sock") + " --pid-file=" + shell_quote(d + "/munged.pid") +
                    " --log-file=" + shell_quote(d + "/munged.log") + " --seed-file=" + shell_quote(d + "/munge.seed") +
                    " 2>&1 && " + env_ + "slurmctld 2>&1 && " + env_ + "slurmd 2>&1")
            .exit_code == 0;
    ready_ = started_ &&
             eventually([&] { return run_command(env_ + "sinfo -h -o %t 2>/dev/null").output.find("idle") == 0; }, 60);
  }
  ~SingleNodeSlurm() {
    for (const char* daemon : {"slurmd", "slurmctld", "munged"}) stop(daemon);
  }
  bool ready() const { return ready_; }
  const std::string& env() const { return env_; }
  std::string logs() const {
    return read_file(dir_ / "slurmctld.log") + read_file(dir_ / "slurmd.log") + read_file(dir_ / "munged.log");
  }

 private:
  // Only the daemon this test started: by the PID in its own PID file.
  void stop(const char* daemon) {
    std::ifstream in(dir_ / (std::string(daemon) + ".pid"));
    pid_t pid = 0;
    if (!(in >> pid) || pid <= 1) return;
    ::kill(pid, SIGTERM);
    if (!eventually([&] { return ::kill(pid, 0) != 0; }, 20)) ::kill(pid, SIGKILL);
  }

  std::filesystem::path dir_;
  std::string env_;
  bool started_ = false;
  bool ready_ = false;
};

std::string tournament(const std::filesystem::path& out, const std::string& options) {
  // `sleep_forever 1` waits at its first turn: each of its games lasts its wall guard
  // (2 x 300 ms + 1 s), so tasks stay queued long enough to be cancelled and the coordinator
  // long enough to be killed.
  return amazes_exe() + " tournament -q --rounds 2 --turns 20 --size 9 --time-ms 300 --seed 11 --out " + quoted(out) +
         " " + options + " a=" + shell_quote(player_path("explorer")) + " b=" + shell_quote(player_path("random")) +
         " c=" + shell_quote(bot_path("sleep_forever") + " 1");
}

// The job arrays whose tasks wrote output in OUT/slurm (JOB_TASK.out files).
std::set<std::string> job_arrays(const std::filesystem::path& out) {
  std::set<std::string> jobs;
  for (const auto& entry : std::filesystem::directory_iterator(out / "slurm")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".out") jobs.insert(name.substr(0, name.find('_')));
  }
  return jobs;
}

TEST(SlurmExecutor, PlaysTheLocalTournamentThroughAJobArrayDespiteACancelledTaskAndAKilledCoordinator) {
  if (::geteuid() != 0) GTEST_SKIP() << "the single-node Slurm of this test needs root (munged's key, slurmd)";
  ScratchDir dir("slurm");
  SingleNodeSlurm slurm(dir.path() / "cluster");
  ASSERT_TRUE(slurm.ready()) << slurm.logs();

  const auto local = dir.path() / "local";
  // No trial: `sleep_forever` would be refused by it (the Slurm run has none: its games run elsewhere).
  ASSERT_EQ(run_command(tournament(local, "-j 2 --no-trial") + " 2>&1").exit_code, 0);

  // One task at a time, one game per task: 12 chunks, the first ones slow.
  const auto out = dir.path() / "on-slurm";
  const std::string command = slurm.env() + tournament(out, "--executor slurm --chunk-size 1 --slurm-max-running 1");
  const auto coordinator_log = dir.path() / "coordinator.txt";
  const auto started = run_command("(" + command + " >" + quoted(coordinator_log) + " 2>&1 & echo $!)");
  const pid_t coordinator = std::stoi(started.output);
  ASSERT_TRUE(eventually([&] { return std::filesystem::exists(out / "slurm" / "job"); }, 60))
      << read_file(coordinator_log);
  const std::string job = read_file(out / "slurm" / "job").substr(0, read_file(out / "slurm" / "job").find('\n'));
  // Task 5 is still waiting behind the running one: cancelled, it never plays.
  ASSERT_EQ(run_command(slurm.env() + "scancel " + job + "_5 2>&1").exit_code, 0);
  // Killed once a game is stored: the job goes on without it.
  ASSERT_TRUE(eventually([&] { return std::filesystem::exists(out / "finished"); }, 60)) << read_file(coordinator_log);
  ::kill(coordinator, SIGKILL);

  // The same command again follows the job still queued, then submits chunk 5 again.
  const auto again = run_command(command + " 2>&1");
  ASSERT_EQ(again.exit_code, 0) << again.output << slurm.logs();
  // Chunk 5 ran in a second job array: its task's output file is named after that job.
  const std::set<std::string> jobs = job_arrays(out);
  EXPECT_EQ(jobs.size(), 2U) << again.output;
  EXPECT_TRUE(std::filesystem::exists(out / "slurm" / (job + "_4.out")));
  EXPECT_FALSE(std::filesystem::exists(out / "slurm" / (job + "_5.out"))) << "cancelled while it waited";

  // Every game once, the same games and standings as locally.
  const auto rows = rows_of(out);
  ASSERT_EQ(rows.size(), 12U);
  const auto here = rows_of(local);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].id, here[i].id);
    EXPECT_EQ(rows[i].side[0].score, here[i].side[0].score) << rows[i].id;
    EXPECT_EQ(rows[i].side[1].score, here[i].side[1].score) << rows[i].id;
    EXPECT_EQ(rows[i].side[0].fault, here[i].side[0].fault) << rows[i].id;
    // The log: the same turns, line for line.
    const auto remote_log = arbiter::read_match_log(out / rows[i].log);
    const auto local_log = arbiter::read_match_log(local / here[i].log);
    ASSERT_EQ(remote_log.amazes()->turns.size(), local_log.amazes()->turns.size()) << rows[i].id;
    for (std::size_t t = 0; t < remote_log.amazes()->turns.size(); ++t) {
      EXPECT_EQ(remote_log.amazes()->turns[t].output, local_log.amazes()->turns[t].output)
          << rows[i].id << " turn index " << t;
    }
  }
  for (const char* file : {"standings.txt", "standings.csv", "round-01/standings.txt", "round-02/standings.txt"}) {
    EXPECT_EQ(read_file(out / file), read_file(local / file)) << file;
  }
}

// A tournament of the five sample players with its `stages` options, into `out`.
std::string sample_tournament(const std::string& stages, const std::filesystem::path& out, const std::string& options) {
  std::string command = amazes_exe() + " tournament -q --format swiss " + stages +
                        " --turns 20 --size 9 --seed 12 --out " + quoted(out) + " " + options;
  for (const char* bot : {"explorer", "hunter", "wallfollower", "random"}) {
    command += " " + std::string(bot) + "=" + shell_quote(player_path(bot));
  }
  return command + " r2=" + shell_quote(player_path("random") + " --seed 2");
}

// The same games, by id, with the same scores.
void expect_the_same_games(const std::filesystem::path& out, const std::filesystem::path& local) {
  const auto rows = rows_of(out);
  const auto here = rows_of(local);
  ASSERT_EQ(rows.size(), here.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].id, here[i].id);
    EXPECT_EQ(rows[i].side[0].score, here[i].side[0].score) << rows[i].id;
    EXPECT_EQ(rows[i].side[1].score, here[i].side[1].score) << rows[i].id;
  }
}

// A Swiss stage and its final on Slurm: a job array per round, each round decided once the
// one before is stored; the same pairings, games and standings as played here.
TEST(SlurmExecutor, ASwissStageAndItsFinalPlayAJobArrayPerRound) {
  if (::geteuid() != 0) GTEST_SKIP() << "the single-node Slurm of this test needs root (munged's key, slurmd)";
  ScratchDir dir("slurm-swiss");
  SingleNodeSlurm slurm(dir.path() / "cluster");
  ASSERT_TRUE(slurm.ready()) << slurm.logs();
  const auto swiss = [](const std::filesystem::path& out, const std::string& options) {
    return sample_tournament("--rounds 3 --final-top 2 --tie-breaks buchholz", out, options);
  };
  const auto local = dir.path() / "local";
  ASSERT_EQ(run_command(swiss(local, "-j 2") + " 2>&1").exit_code, 0);
  const auto out = dir.path() / "on-slurm";
  const auto played = run_command(slurm.env() + swiss(out, "--executor slurm --chunk-size 2") + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output << slurm.logs();
  EXPECT_EQ(job_arrays(out).size(), 4U) << "three Swiss rounds and the final, one array each";
  expect_the_same_games(out, local);
  for (const char* file :
       {"standings.csv", "round-02/pairings.csv", "round-03/standings.txt", "final-round-01/standings.csv"}) {
    EXPECT_EQ(read_file(out / file), read_file(local / file)) << file;
  }
}

// An adaptive final on Slurm: its rounds are known only as each is decided, a job array each;
// the same pairings, games, end and standings as played here.
TEST(SlurmExecutor, AnAdaptiveFinalPlaysTheSameRoundsAsHere) {
  if (::geteuid() != 0) GTEST_SKIP() << "the single-node Slurm of this test needs root (munged's key, slurmd)";
  ScratchDir dir("slurm-adaptive");
  SingleNodeSlurm slurm(dir.path() / "cluster");
  ASSERT_TRUE(slurm.ready()) << slurm.logs();
  const auto adaptive = [](const std::filesystem::path& out, const std::string& options) {
    return sample_tournament("--rounds 2 --decide-top 2 --max-games 28", out, options);
  };
  const auto local = dir.path() / "local";
  ASSERT_EQ(run_command(adaptive(local, "-j 2") + " 2>&1").exit_code, 0);
  const auto out = dir.path() / "on-slurm";
  const auto played = run_command(slurm.env() + adaptive(out, "--executor slurm --chunk-size 2") + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output << slurm.logs();
  const auto store = [](const std::filesystem::path& folder) {
    return competition::ResultsStore::open(competition::store_path(folder),
                                           competition::ResultsStore::Access::ReadOnly);
  };
  EXPECT_EQ(store(out).pairings(), store(local).pairings());
  EXPECT_EQ(store(out).meta(competition::kFinalEndKey), store(local).meta(competition::kFinalEndKey));
  expect_the_same_games(out, local);
  EXPECT_EQ(read_file(out / "standings.csv"), read_file(local / "standings.csv"));
  EXPECT_EQ(read_file(out / "standings.txt"), read_file(local / "standings.txt"));
}

TEST(SlurmExecutor, AVersusRunWithASequentialTestPlaysInWavesAndStopsADecidedOpponent) {
  if (::geteuid() != 0) GTEST_SKIP() << "the single-node Slurm of this test needs root (munged's key, slurmd)";
  ScratchDir dir("slurm-versus");
  SingleNodeSlurm slurm(dir.path() / "cluster");
  ASSERT_TRUE(slurm.ready()) << slurm.logs();
  const auto versus = [&](const std::filesystem::path& out, const std::string& options) {
    return amazes_exe() + " versus -q --games 40 --sprt -5 0 --turns 20 --size 9 --seed 5 --out " + quoted(out) + " " +
           options + " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("random")) + " " +
           shell_quote(player_path("hunter"));
  };
  const auto local = dir.path() / "local";
  const auto here = run_command(versus(local, "-j 2") + " 2>&1");
  // Killed once its first games are stored, the coordinator is run again: it follows the array
  // still queued, then plays the waves that are left.
  const auto out = dir.path() / "on-slurm";
  const std::string command = slurm.env() + versus(out, "--executor slurm --chunk-size 10");
  const auto coordinator_log = dir.path() / "coordinator.txt";
  const pid_t coordinator =
      std::stoi(run_command("(" + command + " >" + quoted(coordinator_log) + " 2>&1 & echo $!)").output);
  ASSERT_TRUE(eventually([&] { return std::filesystem::exists(out / "finished"); }, 60)) << read_file(coordinator_log);
  ::kill(coordinator, SIGKILL);
  const auto there = run_command(command + " 2>&1");
  EXPECT_EQ(there.exit_code, here.exit_code) << there.output << slurm.logs();
  // The same tests decided at the same pairs, the same verdict.
  const std::string report = versus_report_of(local);
  EXPECT_EQ(versus_report_of(out), report);
  // With these bots and seed random is decided at pair 21 and hunter not by pair 40. Waves of
  // pairs 1..16, 1..32, 1..40: random gets no game beyond the wave of its decision (pair 32),
  // hunter plays all 40 pairs, in three job arrays.
  ASSERT_NE(report.find("random: SPRT H0: mean <= -5 vs H1: mean >= 0, alpha 0.05, beta 0.05: H1 accepted after 21 "
                        "pairs"),
            std::string::npos)
      << report;
  int random_games = 0;
  int hunter_games = 0;
  for (const auto& row : rows_of(out)) {
    const bool random = row.side[0].player == "random" || row.side[1].player == "random";
    (random ? random_games : hunter_games)++;
  }
  EXPECT_EQ(random_games, 64) << there.output;
  EXPECT_EQ(hunter_games, 80) << there.output;
  const std::set<std::string> jobs = job_arrays(out);
  EXPECT_EQ(jobs.size(), 3U) << there.output;
}

TEST(SlurmExecutor, TasksThatCannotWriteTheOutputFolderEndTheRunWithTheReason) {
  if (::geteuid() != 0) GTEST_SKIP() << "the single-node Slurm of this test needs root (munged's key, slurmd)";
  ScratchDir dir("slurm-unwritable");
  SingleNodeSlurm slurm(dir.path() / "cluster");
  ASSERT_TRUE(slurm.ready()) << slurm.logs();
  // The tasks run as nobody, who may not write the folder (as on nodes that do not mount it).
  const auto out = dir.path() / "out";
  const auto result = run_command(
      slurm.env() + tournament(out, "--executor slurm --slurm-options '--uid=65534 --gid=65534'") + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  // The last line says it all: the chunk, the submissions, what its task left, what to check.
  const std::string last = result.output.substr(result.output.rfind('\n', result.output.size() - 2) + 1);
  EXPECT_EQ(last.rfind("amazes tournament: chunk 0 did not finish after 3 submissions; the last task of chunk 0: ", 0),
            0U)
      << result.output;
  EXPECT_NE(last.find("on a file system every node sees and may write?"), std::string::npos) << result.output;
  EXPECT_TRUE(rows_of(out).empty());
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
