// Whole tournaments with the fake match: parallelism, faults, resuming, growing, refusing.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <sqlite3.h>

#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/report/standings_files.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes::testing {
namespace AMAZES_FILE_NAMESPACE {

using competition::CompetitionMismatch;
using competition::StoreError;

const std::vector<std::string> kFour = {"alice", "bob", "carol", "dave"};

TEST(Tournament, PlaysEveryScheduledGameOnceAndWritesEveryFile) {
  ScratchDir dir("tournament-all");
  FakeMatch fake;
  const auto outcome = run_fake_tournament(fake_request(dir.path(), kFour, 3), fake, 2);
  EXPECT_EQ(outcome.summary.scheduled, 36);
  EXPECT_EQ(outcome.summary.played, 36);
  EXPECT_EQ(fake.calls(), 36);
  const auto rows = stable_rows(dir.path());
  ASSERT_EQ(rows.size(), 36U);
  for (const auto& row : rows) {
    EXPECT_TRUE(std::filesystem::exists(dir.path() / row.log)) << row.log;
    EXPECT_EQ(row.log, "matches/" + row.id + ".json");
  }
  for (const std::string dir_name : {"round-01", "round-02", "round-03", "."}) {
    for (const std::string ext : {"txt", "md", "csv", "html"}) {
      EXPECT_TRUE(std::filesystem::exists(dir.path() / dir_name / ("standings." + ext))) << dir_name << ext;
    }
  }
  EXPECT_EQ(outcome.final_standings.title, "Final standings (3 rounds)");
  EXPECT_EQ(outcome.final_standings.standings.games, 36);
  const auto html = read_file(dir.path() / "round-02" / "standings.html");
  EXPECT_NE(html.find("href=\"../matches/r02-alice-bob.json\""), std::string::npos);
  EXPECT_EQ(html.find("r03-"), std::string::npos);  // round 2 shows rounds 1 and 2 only
  EXPECT_NE(read_file(dir.path() / "standings.html").find("href=\"matches/r03-dave-carol.json\""), std::string::npos);
}

TEST(Tournament, OneJobAndFourJobsGiveTheSameStoreAndFiles) {
  ScratchDir one("tournament-j1");
  ScratchDir four("tournament-j4");
  FakeMatch fake1;
  FakeMatch fake4;
  const std::vector<std::string> players = {"alice", "bob", "carol", "dave", "eve"};
  run_fake_tournament(fake_request(one.path(), players, 3), fake1, 1);
  run_fake_tournament(fake_request(four.path(), players, 3), fake4, 4);
  EXPECT_EQ(stable_rows(one.path()), stable_rows(four.path()));
  EXPECT_EQ(output_files(one.path()), output_files(four.path()));
  EXPECT_EQ(output_files(one.path()).size(), 60U + 4U * 4U);
}

// A Swiss stage of 13 and a final of its top 4, played with the fake match: the workers wait
// for each round's last game and go on with the next; one job and three give the same
// pairings, store and files.
TEST(Tournament, ASwissStageAndItsFinalAreTheSameAtOneJobAndAtThree) {
  std::vector<std::string> players;
  for (int k = 1; k <= 13; ++k) players.push_back("p" + std::to_string(k));
  const auto swiss = [&](const std::filesystem::path& out) {
    auto request = fake_request(out, players, 5);
    request.format = competition::Format::Swiss;
    request.final_top = 4;
    request.tie_breaks = "buchholz";
    return request;
  };
  ScratchDir one("tournament-swiss-j1");
  ScratchDir three("tournament-swiss-j3");
  FakeMatch fake1;
  FakeMatch fake3;
  const auto outcome = run_fake_tournament(swiss(one.path()), fake1, 1);
  run_fake_tournament(swiss(three.path()), fake3, 3);
  EXPECT_EQ(outcome.summary.scheduled, 5 * 12 + 4 * 3);
  EXPECT_EQ(outcome.summary.played, 5 * 12 + 4 * 3);
  EXPECT_EQ(stable_rows(one.path()), stable_rows(three.path()));
  EXPECT_EQ(output_files(one.path()), output_files(three.path()));
  const auto store =
      competition::ResultsStore::open(competition::store_path(one.path()), competition::ResultsStore::Access::ReadOnly);
  EXPECT_EQ(store.pairings().size(), 5U * 7U) << "six pairings and a bye a round";
  EXPECT_TRUE(std::filesystem::exists(one.path() / "final-round-01" / "standings.csv"));
  EXPECT_NE(outcome.final_standings.title.find("then a final of the top 4"), std::string::npos)
      << outcome.final_standings.title;
  // Once the final has its players the first stage keeps its rounds; the final may grow.
  auto more_rounds = swiss(one.path());
  more_rounds.rounds = 6;
  EXPECT_THROW(competition::prepare_tournament(more_rounds), CompetitionMismatch);
  auto longer_final = swiss(one.path());
  longer_final.final_rounds = 2;
  FakeMatch fake_more;
  const auto longer = run_fake_tournament(longer_final, fake_more, 2);
  EXPECT_EQ(longer.summary.played, 4 * 3);
  EXPECT_TRUE(std::filesystem::exists(one.path() / "final-round-02" / "standings.csv"));
}

TEST(Tournament, ASwissStageRefusesAnotherFormatOrRankingOnResume) {
  ScratchDir dir("tournament-swiss-changed");
  FakeMatch fake;
  auto request = fake_request(dir.path(), kFour, 2);
  request.format = competition::Format::Swiss;
  run_fake_tournament(request, fake, 2);
  auto round_robin = request;
  round_robin.format = competition::Format::RoundRobin;
  EXPECT_THROW(competition::prepare_tournament(round_robin), CompetitionMismatch);
  auto points = request;
  points.points = "match 2/1/0";
  EXPECT_THROW(competition::prepare_tournament(points), CompetitionMismatch);
  auto final = request;
  final.final_top = 2;
  EXPECT_THROW(competition::prepare_tournament(final), CompetitionMismatch);
}

TEST(Tournament, ABotThatCrashesEveryGameCompletesAndRanksLastWithItsFaults) {
  ScratchDir dir("tournament-crash");
  FakeMatch fake({"crasher"});
  const std::vector<std::string> players = {"alice", "crasher", "bob", "carol"};
  const auto outcome = run_fake_tournament(fake_request(dir.path(), players, 2), fake, 2);
  EXPECT_EQ(outcome.summary.played, 24);
  const auto& table = outcome.final_standings.standings.table;
  ASSERT_EQ(table.size(), 4U);
  const auto& last = table.back();
  EXPECT_EQ(last.player, "crasher");
  EXPECT_EQ(last.rank, 4);
  EXPECT_EQ(last.total, 0);
  EXPECT_EQ(last.games, 12);
  EXPECT_EQ(last.faults[static_cast<std::size_t>(FaultKind::Crash)], 12);
  for (std::size_t i = 0; i + 1 < table.size(); ++i) EXPECT_GT(table[i].total, 0);
  const auto csv = read_file(dir.path() / "standings.csv");
  EXPECT_NE(csv.find("\n4,crasher,0,0,12,0.00,12,0,0,0,0,"), std::string::npos) << csv;
}

TEST(Tournament, RunningAgainPlaysNothingAndChangesNothing) {
  ScratchDir dir("tournament-again");
  FakeMatch fake;
  run_fake_tournament(fake_request(dir.path(), kFour), fake, 2);
  const auto rows = stable_rows(dir.path());
  const auto files = output_files(dir.path());
  FakeMatch again;
  const auto outcome = run_fake_tournament(fake_request(dir.path(), kFour), again, 2);
  EXPECT_EQ(again.calls(), 0);
  EXPECT_EQ(outcome.summary.already_played, 24);
  EXPECT_EQ(stable_rows(dir.path()), rows);
  EXPECT_EQ(output_files(dir.path()), files);
}

TEST(Tournament, AddingAPlayerPlaysOnlyTheNewPairsAndEndsAsIfItHadBeenThere) {
  ScratchDir grown("tournament-grown");
  ScratchDir whole("tournament-whole");
  FakeMatch first;
  run_fake_tournament(fake_request(grown.path(), {"alice", "bob", "carol"}), first, 2);
  EXPECT_EQ(first.calls(), 12);
  FakeMatch second;
  const auto outcome = run_fake_tournament(fake_request(grown.path(), kFour), second, 2);
  EXPECT_EQ(second.calls(), 2 * (12 - 6));
  EXPECT_EQ(outcome.summary.already_played, 12);
  FakeMatch once;
  run_fake_tournament(fake_request(whole.path(), kFour), once, 2);
  EXPECT_EQ(stable_rows(grown.path()), stable_rows(whole.path()));
  EXPECT_EQ(output_files(grown.path()), output_files(whole.path()));
}

TEST(Tournament, AddingRoundsPlaysOnlyTheNewRounds) {
  ScratchDir dir("tournament-rounds");
  FakeMatch first;
  run_fake_tournament(fake_request(dir.path(), kFour, 1), first, 2);
  FakeMatch second;
  run_fake_tournament(fake_request(dir.path(), kFour, 3), second, 2);
  EXPECT_EQ(second.calls(), 24);
  ScratchDir whole("tournament-rounds-whole");
  FakeMatch once;
  run_fake_tournament(fake_request(whole.path(), kFour, 3), once, 2);
  EXPECT_EQ(stable_rows(dir.path()), stable_rows(whole.path()));
}

TEST(Tournament, ResumeAloneContinuesTheStoredCompetition) {
  ScratchDir dir("tournament-resume");
  // The first run stops with an error after 7 games: what was committed stays.
  FakeMatch fake;
  std::atomic<int> calls{0};
  const competition::PlayMatch failing = [&](const arbiter::MatchSpec& spec) {
    if (++calls > 7) throw std::runtime_error("the machine caught fire");
    return fake(spec);
  };
  {
    auto tournament = competition::prepare_tournament(fake_request(dir.path(), kFour, 2));
    EXPECT_THROW(testing::run_with_standings(tournament, failing, 1), std::runtime_error);
    EXPECT_EQ(stable_rows(dir.path()).size(), 7U);
  }

  competition::TournamentRequest resume;
  resume.out = dir.path();
  resume.resume = true;
  FakeMatch rest;
  const auto outcome = run_fake_tournament(resume, rest, 3);
  EXPECT_EQ(rest.calls(), 24 - 7);
  ScratchDir whole("tournament-resume-whole");
  FakeMatch once;
  run_fake_tournament(fake_request(whole.path(), kFour, 2), once, 1);
  EXPECT_EQ(stable_rows(dir.path()), stable_rows(whole.path()));
  EXPECT_EQ(output_files(dir.path()), output_files(whole.path()));
}

TEST(Tournament, ResumeWithoutAStoreIsRefused) {
  ScratchDir dir("tournament-nothing");
  auto request = fake_request(dir.path(), kFour);
  request.resume = true;
  EXPECT_THROW(competition::prepare_tournament(request), StoreError);
  EXPECT_FALSE(std::filesystem::exists(competition::store_path(dir.path())));
}

TEST(Tournament, AChangedCompetitionIsRefusedAndTheStoreLeftAsItWas) {
  ScratchDir dir("tournament-changed");
  FakeMatch fake;
  run_fake_tournament(fake_request(dir.path(), kFour), fake, 2);
  const auto rows = stable_rows(dir.path());

  const auto expect_mismatch = [&](competition::TournamentRequest request, const std::string& says) {
    try {
      competition::prepare_tournament(request);
      FAIL() << "accepted a changed competition: " << says;
    } catch (const CompetitionMismatch& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
  };
  expect_mismatch(fake_request(dir.path(), kFour, 2, 12), "seed");
  auto turns = fake_request(dir.path(), kFour);
  give_setting(turns, "turns", "31");
  expect_mismatch(turns, "turns");
  auto time = fake_request(dir.path(), kFour);
  give_setting(time, "time_ms", "1");
  expect_mismatch(time, "time-ms");
  auto clock = fake_request(dir.path(), kFour);
  give_setting(clock, "clock", "wall");
  expect_mismatch(clock, "clock");
  auto size = fake_request(dir.path(), kFour);
  size.size = 10;
  // Generated mazes of another size keep their names: the message says the sizes.
  expect_mismatch(size, "round 1 was played on maze generated-");
  expect_mismatch(size, "(9x9), this run gives it generated-");
  expect_mismatch(size, "(10x10) (a different maze)");
  auto command = fake_request(dir.path(), kFour);
  command.players[1].command = "./bots/bob-v2";
  expect_mismatch(command, "player bob");
  EXPECT_EQ(stable_rows(dir.path()), rows);
}

TEST(Tournament, AChangedMazeFileIsRefused) {
  ScratchDir dir("tournament-mazefile");
  ScratchDir mazes("tournament-mazes");
  for (int i = 1; i <= 2; ++i) {
    write_file(mazes.path() / ("m" + std::to_string(i) + ".txt"), format_maze(generate_maze(100 + i, {9, -1})));
  }
  auto request = fake_request(dir.path(), {"alice", "bob", "carol"});
  request.rounds.reset();  // one round per maze file
  request.mazes = mazes.path();
  FakeMatch fake;
  const auto outcome = run_fake_tournament(request, fake, 2);
  EXPECT_EQ(outcome.summary.scheduled, 12);
  // Same files elsewhere: fine. A changed file: refused.
  FakeMatch again;
  run_fake_tournament(request, again, 2);
  EXPECT_EQ(again.calls(), 0);
  write_file(mazes.path() / "m1.txt", format_maze(generate_maze(999, {9, -1})));
  EXPECT_THROW(competition::prepare_tournament(request), CompetitionMismatch);
}

TEST(Tournament, AForeignDatabaseInTheOutputDirectoryIsRefusedUntouched) {
  ScratchDir dir("tournament-foreign");
  const auto path = competition::store_path(dir.path());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE t (x); INSERT INTO t VALUES (1);", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  const auto before = read_file(path);
  EXPECT_THROW(competition::prepare_tournament(fake_request(dir.path(), kFour)), StoreError);
  EXPECT_EQ(read_file(path), before);
  write_file(path, "garbage that is not a database at all, long enough to look like something");
  EXPECT_THROW(competition::prepare_tournament(fake_request(dir.path(), kFour)), StoreError);
}

TEST(Tournament, StandingsRebuiltFromTheStoreAreIdentical) {
  ScratchDir dir("tournament-rebuild");
  FakeMatch fake({"dave"});
  run_fake_tournament(fake_request(dir.path(), kFour, 3), fake, 2);
  const auto files = output_files(dir.path());
  for (const auto& [relative, text] : files) {
    if (relative.find("standings.") != std::string::npos) std::filesystem::remove(dir.path() / relative);
  }
  const auto report = report::rebuild_standings(dir.path());
  EXPECT_EQ(output_files(dir.path()), files);
  EXPECT_EQ(report.standings.games, 36);
}

TEST(Tournament, OneTournamentPerOutputDirectoryAtATime) {
  ScratchDir dir("tournament-busy");
  auto running = competition::prepare_tournament(fake_request(dir.path(), kFour));
  EXPECT_THROW(competition::prepare_tournament(fake_request(dir.path(), kFour)), competition::OutputBusy);
}

TEST(Tournament, RemovesTemporaryFilesOfAKilledRun) {
  ScratchDir dir("tournament-temporaries");
  FakeMatch fake;
  run_fake_tournament(fake_request(dir.path(), kFour), fake, 2);
  write_file(dir.path() / "matches" / ".r01-alice-bob.json.tmp-a1B2c3", "{");
  write_file(dir.path() / "round-01" / ".standings.csv.tmp-zzzzzz", "rank");
  write_file(dir.path() / "matches" / "notes.txt", "mine");
  FakeMatch again;
  run_fake_tournament(fake_request(dir.path(), kFour), again, 2);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "matches" / ".r01-alice-bob.json.tmp-a1B2c3"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "round-01" / ".standings.csv.tmp-zzzzzz"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "matches" / "notes.txt"));
}

// A worker elsewhere (a Slurm task) may be writing its game into matches/ while the run's
// coordinator starts again: its temporary file is locked while it is written, and stays.
TEST(Tournament, KeepsTheTemporaryFileOfALiveWriter) {
  ScratchDir dir("tournament-live-temporary");
  FakeMatch fake;
  run_fake_tournament(fake_request(dir.path(), kFour), fake, 2);
  const auto live = dir.path() / "matches" / ".p0001-alice-bob.json.zst.tmp-Live01";
  const auto dead = dir.path() / "matches" / ".p0001-bob-alice.json.zst.tmp-Dead01";
  write_file(live, "half a log");
  write_file(dead, "half a log");
  const int writer = ::open(live.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(writer, 0);
  ASSERT_EQ(::flock(writer, LOCK_EX), 0);  // as files::write_file_atomically holds it
  FakeMatch again;
  run_fake_tournament(fake_request(dir.path(), kFour), again, 2);
  EXPECT_TRUE(std::filesystem::exists(live)) << "the file of a live writer was taken";
  EXPECT_FALSE(std::filesystem::exists(dead));
  ::close(writer);
}

TEST(Tournament, NeedsTwoPlayers) {
  ScratchDir dir("tournament-alone");
  EXPECT_THROW(competition::prepare_tournament(fake_request(dir.path() / "new", {"alice"})),
               competition::PlayerListError);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "new"));
}

TEST(Tournament, RoundsAreReportedInOrderOnceCompleteAndEarlierOnesFirst) {
  ScratchDir dir("tournament-order");
  std::vector<std::pair<int, bool>> reported;
  competition::TournamentHooks hooks;
  hooks.round_complete = [&](int round, bool now) { reported.emplace_back(round, now); };
  FakeMatch fake;
  run_fake_tournament(fake_request(dir.path(), kFour, 2), fake, 4, hooks);
  EXPECT_EQ(reported, (std::vector<std::pair<int, bool>>{{1, true}, {2, true}}));
  reported.clear();
  run_fake_tournament(fake_request(dir.path(), kFour, 3), fake, 4, hooks);
  EXPECT_EQ(reported, (std::vector<std::pair<int, bool>>{{1, false}, {2, false}, {3, true}}));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::testing
