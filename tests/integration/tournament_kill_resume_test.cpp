// The crash-safety property of the results store: a tournament killed with SIGKILL at any
// moment, then resumed (again and again, until it completes), ends with exactly the store
// and files of an uninterrupted run. The tournament runs in a forked child with the fake
// match; the kill points come from a seeded RNG so that a failure can be replayed.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "amazes/random.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes::testing {
namespace AMAZES_FILE_NAMESPACE {

const std::vector<std::string> kPlayers = {"alice", "bob", "carol", "dave"};
constexpr int kRounds = 3;
constexpr int kGames = 4 * 3 * kRounds;

enum class KillPoint { Play, BeforeCommit, AfterCommit, AfterRoundFiles, Count };

// Runs the tournament in a child process. With a kill point, the child kills itself with
// SIGKILL when it reaches the k-th such point. Returns the child's pid.
pid_t start_child(const std::filesystem::path& out, std::optional<std::pair<KillPoint, int>> kill_at, int jobs) {
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  // The child: no gtest assertions here, only an exit status.
  try {
    std::atomic<int> seen{0};
    const auto maybe_die = [&](KillPoint point) {
      if (kill_at && kill_at->first == point && ++seen == kill_at->second) ::raise(SIGKILL);
    };
    FakeMatch fake;
    competition::TournamentHooks hooks;
    hooks.before_commit = [&](const competition::MatchRow&) { maybe_die(KillPoint::BeforeCommit); };
    hooks.committed = [&](const competition::MatchRow&, int, int) { maybe_die(KillPoint::AfterCommit); };
    hooks.round_complete = [&](int, bool) { maybe_die(KillPoint::AfterRoundFiles); };
    auto tournament = competition::prepare_tournament(fake_request(out, kPlayers, kRounds));
    const competition::PlayMatch play = [&](const arbiter::MatchSpec& spec) {
      maybe_die(KillPoint::Play);
      return fake(spec);
    };
    testing::run_with_standings(tournament, play, jobs, hooks);
    ::_exit(0);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "child failed: %s\n", e.what());
    ::_exit(3);
  } catch (...) {
    ::_exit(4);
  }
}

// Waits for the child; true when it completed, false when it was killed. Fails the test on an error.
bool wait_child(pid_t pid) {
  int status = 0;
  EXPECT_EQ(::waitpid(pid, &status, 0), pid);
  if (WIFSIGNALED(status)) {
    EXPECT_EQ(WTERMSIG(status), SIGKILL);
    return false;
  }
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the resumed tournament failed instead of continuing";
  return WEXITSTATUS(status) == 0;
}

struct Reference {
  std::vector<competition::MatchRow> rows;
  std::map<std::string, std::string> files;
  double seconds = 0;
};

const Reference& reference() {
  static const Reference ref = [] {
    static ScratchDir dir("kill-reference");
    Reference r;
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = start_child(dir.path(), std::nullopt, 2);
    EXPECT_TRUE(wait_child(pid));
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.rows = stable_rows(dir.path());
    r.files = output_files(dir.path());
    return r;
  }();
  return ref;
}

void expect_same_as_reference(const std::filesystem::path& out, const std::string& trial) {
  const auto rows = stable_rows(out);
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(kGames)) << trial;
  EXPECT_EQ(rows, reference().rows) << trial;
  EXPECT_EQ(output_files(out), reference().files) << trial;
}

TEST(KillAndResume, ReferenceRunIsComplete) {
  EXPECT_EQ(reference().rows.size(), static_cast<std::size_t>(kGames));
  EXPECT_EQ(reference().files.size(), static_cast<std::size_t>(kGames + 4 * (kRounds + 1)));
}

// Kills at chosen points of the program: while a game is played, after its log is written but
// before its row is committed, right after a commit, and after a round's standings files.
TEST(KillAndResume, KilledAtProgramPointsEndsLikeAnUninterruptedRun) {
  Rng rng(20240501);
  for (int trial = 0; trial < 10; ++trial) {
    ScratchDir dir("kill-points");
    int kills = 0;
    for (int attempt = 0; attempt < 100; ++attempt) {
      const auto point = static_cast<KillPoint>(rng.below(static_cast<int>(KillPoint::Count)));
      const int k = 1 + rng.below(point == KillPoint::AfterRoundFiles ? kRounds : 12);
      const int jobs = 1 + rng.below(3);
      if (wait_child(start_child(dir.path(), std::pair{point, k}, jobs))) break;
      ++kills;
    }
    EXPECT_GT(kills, 0) << "trial " << trial << " was never killed";
    expect_same_as_reference(dir.path(), "trial " + std::to_string(trial));
  }
}

// Kills from outside after a random delay: anywhere, including inside SQLite's commit, the
// creation of the store, and the writing of logs and standings. The delays are drawn below
// the time of a whole run, adapting to the machine's speed of the moment: each kill widens the
// range a little, and a trial that completes before any kill halves it and does not count, so
// every counted trial was killed at least once.
TEST(KillAndResume, KilledAtRandomMomentsEndsLikeAnUninterruptedRun) {
  Rng rng(77);
  double range = std::max(reference().seconds, 0.005) * 0.8;
  int counted = 0;
  int total_kills = 0;
  for (int trial = 0; trial < 60 && counted < 10; ++trial) {
    ScratchDir dir("kill-random");
    bool done = false;
    int kills = 0;
    for (int attempt = 0; attempt < 200 && !done; ++attempt) {
      const pid_t pid = start_child(dir.path(), std::nullopt, 1 + rng.below(3));
      // Not synchronisation: the kill moment itself is what is being sampled.
      std::this_thread::sleep_for(std::chrono::duration<double>(rng.unit() * range));
      ::kill(pid, SIGKILL);
      done = wait_child(pid);
      if (!done) {
        ++kills;
        range *= 1.2;  // the disk may be slower than during the reference run: let runs get further
      }
    }
    if (!done) done = wait_child(start_child(dir.path(), std::nullopt, 2));
    ASSERT_TRUE(done);
    expect_same_as_reference(dir.path(), "random trial " + std::to_string(trial));
    if (kills == 0) {
      range /= 2;
    } else {
      ++counted;
      total_kills += kills;
    }
  }
  EXPECT_EQ(counted, 10);
  std::printf("killed %d times over %d trials\n", total_kills, counted);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::testing
