// Whole versus runs with a fake match: the schedule of pairs, stopping on the sequential test,
// -j 1 and -j N alike, resuming, growing, and refusing what does not belong to the store.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/schedule.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/competition/versus.hpp"
#include "amazes/competition/versus_question.hpp"
#include "amazes/competition/versus_setup.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"
#include "support/fake_match.hpp"
#include "support/files.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes::testing {
namespace AMAZES_FILE_NAMESPACE {

using competition::CompetitionMismatch;
using competition::OpponentReport;
using competition::VersusVerdict;

// Points = the player's strength + noise from the match id, in -100..100: deterministic, so a
// game played twice (or in another order) gives the same result.
class VersusFake {
 public:
  explicit VersusFake(std::map<std::string, int> strength) : strength_(std::move(strength)) {}

  arbiter::MatchRecord operator()(const arbiter::MatchSpec& spec) const {
    const int call = ++calls_;
    if (fail_at_ > 0 && call >= fail_at_) throw std::runtime_error("the judge was stopped");
    arbiter::MatchRecord record = arbiter::record_of_spec(spec);
    for (int c = 0; c < 2; ++c) {
      auto& outcome = record.outcome[static_cast<std::size_t>(c)];
      const std::string& name = spec.players[static_cast<std::size_t>(c)].name;
      const auto noise = static_cast<int>(mix64(text_hash(spec.id) + static_cast<std::uint64_t>(c)) % 201) - 100;
      outcome.points = strength_.at(name) + noise;
      outcome.score = std::clamp(outcome.points, 0, 1000);
      outcome.exit = "exit 0";
    }
    return record;
  }

  int calls() const { return calls_.load(); }
  void fail_from_call(int n) { fail_at_ = n; }

 private:
  std::map<std::string, int> strength_;
  int fail_at_ = 0;
  mutable std::atomic<int> calls_{0};
};

competition::PlayMatch play_with(const VersusFake& fake) {
  return [&fake](const arbiter::MatchSpec& spec) { return fake(spec); };
}

competition::VersusRequest request(const std::filesystem::path& out, const std::vector<std::string>& opponents,
                                   int pairs, std::optional<competition::stats::SprtSettings> sprt = std::nullopt) {
  competition::VersusRequest r;
  r.new_player = {"new", "./bots/new"};
  for (const auto& name : opponents) r.opponents.push_back({name, "./bots/" + name});
  r.pairs = pairs;
  r.rule.sprt = sprt;
  r.seed = 7;
  r.size = 9;
  give_setting(r, "turns", "30");
  r.out = out;
  return r;
}

competition::VersusOutcome run(const competition::VersusRequest& r, const VersusFake& fake, int jobs) {
  auto versus = competition::prepare_versus(r);
  return competition::run_versus(versus, competition::LocalExecutor(play_with(fake), jobs));
}

// What must agree between two runs that should be the same.
void expect_same_reports(const std::vector<OpponentReport>& a, const std::vector<OpponentReport>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].pairs, b[i].pairs) << a[i].name;
    EXPECT_DOUBLE_EQ(a[i].new_mean, b[i].new_mean) << a[i].name;
    EXPECT_DOUBLE_EQ(a[i].diff.mean, b[i].diff.mean) << a[i].name;
    EXPECT_EQ(a[i].diff.ci, b[i].diff.ci) << a[i].name;
    EXPECT_EQ(a[i].wins, b[i].wins);
    EXPECT_EQ(a[i].verdict, b[i].verdict) << a[i].name;
    EXPECT_EQ(a[i].sprt.has_value(), b[i].sprt.has_value());
    if (a[i].sprt && b[i].sprt) {
      EXPECT_DOUBLE_EQ(a[i].sprt->llr, b[i].sprt->llr);
      EXPECT_EQ(a[i].sprt->verdict, b[i].sprt->verdict);
    }
  }
}

const competition::stats::SprtSettings kTest{0, 20, 0.05, 0.05};

TEST(Versus, PairsShareMazeAndStartsWithColoursSwappedAcrossOpponents) {
  ScratchDir dir("versus-pairs");
  VersusFake fake({{"new", 300}, {"a", 300}, {"b", 300}});
  const auto outcome = run(request(dir.path(), {"a", "b"}, 3), fake, 2);
  EXPECT_EQ(fake.calls(), 12);
  const auto rows = stable_rows(dir.path());
  ASSERT_EQ(rows.size(), 12U);
  std::map<int, std::vector<competition::MatchRow>> by_pair;
  for (const auto& row : rows) by_pair[row.round].push_back(row);
  for (const auto& [pair, games] : by_pair) {
    ASSERT_EQ(games.size(), 4U);
    // Pair p is generated from s_p = maze_seed(seed, p), exactly what `amazes match --seed s_p` plays.
    const std::uint64_t seed = competition::maze_seed(7, pair);
    const auto starts = draw_starts_for_seed(generate_maze(seed, {9, -1}), seed);
    ASSERT_TRUE(starts.has_value());
    std::set<std::string> pairings;
    for (const auto& game : games) {
      EXPECT_EQ(game.maze, "generated-" + std::to_string(seed));
      EXPECT_EQ(game.seed, seed);
      EXPECT_EQ(game.side[0].start, starts->red);  // the starts stay with the colours
      EXPECT_EQ(game.side[1].start, starts->blue);
      pairings.insert(game.side[0].player + "-" + game.side[1].player);
      EXPECT_EQ(game.id, competition::versus_match_id(pair, game.side[0].player, game.side[1].player));
      EXPECT_TRUE(std::filesystem::exists(dir.path() / game.log));
    }
    EXPECT_EQ(pairings, (std::set<std::string>{"new-a", "a-new", "new-b", "b-new"}));
  }
  ASSERT_EQ(outcome.opponents.size(), 2U);
  EXPECT_EQ(outcome.opponents[0].name, "a");
  EXPECT_EQ(outcome.opponents[0].pairs, 3);
  // The mazes of the pairs are in the store beside the games.
  const auto store =
      competition::ResultsStore::open(competition::store_path(dir.path()), competition::ResultsStore::Access::ReadOnly);
  EXPECT_EQ(store.rounds().size(), 3U);
  EXPECT_EQ(store.competition().kind, competition::CompetitionKind::Versus);
  EXPECT_EQ(store.players().front().name, "new");
}

TEST(Versus, TheSequentialTestStopsEarlyAndTheSameWayForOneAndFourJobs) {
  ScratchDir one("versus-j1");
  ScratchDir four("versus-j4");
  // "weak" is 200 points per game below NEW, "equal" is as strong: the first is decided at the
  // minimum of 8 pairs (H1), the second goes on.
  const std::map<std::string, int> strength = {{"new", 400}, {"weak", 200}, {"equal", 400}};
  VersusFake fake1(strength);
  VersusFake fake4(strength);
  const auto a = run(request(one.path(), {"weak", "equal"}, 60, kTest), fake1, 1);
  const auto b = run(request(four.path(), {"weak", "equal"}, 60, kTest), fake4, 4);
  expect_same_reports(a.opponents, b.opponents);
  ASSERT_TRUE(a.opponents[0].sprt.has_value());
  EXPECT_EQ(a.opponents[0].sprt->verdict, competition::stats::SprtVerdict::H1);
  EXPECT_EQ(a.opponents[0].pairs, competition::stats::kSprtMinPairs);
  EXPECT_EQ(a.opponents[0].verdict, VersusVerdict::NotWorse);
  EXPECT_GT(a.opponents[0].diff.mean, 300);
  // -j 1 plays exactly the decided prefix of "weak"; -j 4 at most a few games more in flight.
  const auto games_of = [](const std::filesystem::path& out, const std::string& name) {
    int n = 0;
    for (const auto& row : stable_rows(out)) n += row.side[0].player == name || row.side[1].player == name ? 1 : 0;
    return n;
  };
  EXPECT_EQ(games_of(one.path(), "weak"), 2 * competition::stats::kSprtMinPairs);
  EXPECT_LE(games_of(four.path(), "weak"), 2 * competition::stats::kSprtMinPairs + 3);
  // Against the equal opponent the true mean is D0 = 0: NEW is not better by 20. The test must not
  // accept H1; accepting H0 (probability 1 - alpha) with D0 = 0 is "not better", which is no
  // evidence of being worse: undecided. So the run is undecided, never "worse".
  EXPECT_EQ(a.opponents[1].verdict, VersusVerdict::Undecided);
  EXPECT_GT(a.opponents[1].pairs, competition::stats::kSprtMinPairs);
  EXPECT_EQ(a.verdict, VersusVerdict::Undecided);
}

TEST(Versus, AWorseNewIsFoundWorse) {
  ScratchDir dir("versus-worse");
  VersusFake fake({{"new", 100}, {"old", 400}});
  // The regression question, "not worse by more than 20?": H0 with D0 = -20 < 0 is "worse".
  const auto outcome =
      run(request(dir.path(), {"old"}, 40, competition::stats::SprtSettings{-20, 0, 0.05, 0.05}), fake, 2);
  EXPECT_EQ(outcome.opponents[0].sprt->verdict, competition::stats::SprtVerdict::H0);
  EXPECT_EQ(outcome.opponents[0].pairs, competition::stats::kSprtMinPairs);
  EXPECT_EQ(outcome.verdict, VersusVerdict::Worse);
  // The progress question, "better by 20?", answers only that: H0, not better; not "worse".
  ScratchDir progress("versus-worse-progress");
  VersusFake same({{"new", 100}, {"old", 400}});
  const auto better = run(request(progress.path(), {"old"}, 40, kTest), same, 2);
  EXPECT_EQ(better.opponents[0].sprt->verdict, competition::stats::SprtVerdict::H0);
  EXPECT_EQ(better.verdict, VersusVerdict::Undecided);
  // Without the test: the interval lies far below 0.
  ScratchDir plain("versus-worse-ci");
  VersusFake again({{"new", 100}, {"old", 400}});
  const auto ci = run(request(plain.path(), {"old"}, 10), again, 2);
  EXPECT_EQ(ci.opponents[0].verdict, VersusVerdict::Worse);
  EXPECT_LT(ci.opponents[0].diff.ci->second, 0);
}

TEST(Versus, AnInterruptedRunResumesToTheSameResultWithoutPlayingAGameTwice) {
  ScratchDir dir("versus-resume");
  ScratchDir whole("versus-resume-whole");
  const std::map<std::string, int> strength = {{"new", 400}, {"a", 380}, {"b", 390}};
  {
    VersusFake failing(strength);
    failing.fail_from_call(23);
    auto versus = competition::prepare_versus(request(dir.path(), {"a", "b"}, 15, kTest));
    EXPECT_THROW(competition::run_versus(versus, competition::LocalExecutor(play_with(failing), 3)),
                 std::runtime_error);
  }
  const auto stored = stable_rows(dir.path()).size();
  EXPECT_GE(stored, 20U);
  EXPECT_LE(stored, 24U);
  VersusFake rest(strength);
  const auto resumed = run(request(dir.path(), {"a", "b"}, 15, kTest), rest, 3);
  EXPECT_EQ(resumed.already_played, static_cast<int>(stored));
  VersusFake once(strength);
  const auto uninterrupted = run(request(whole.path(), {"a", "b"}, 15, kTest), once, 1);
  expect_same_reports(resumed.opponents, uninterrupted.opponents);
  // Every game at most once: the ids are unique, and nothing played twice across the runs.
  const auto rows = stable_rows(dir.path());
  std::set<std::string> ids;
  for (const auto& row : rows) EXPECT_TRUE(ids.insert(row.id).second) << row.id;
  EXPECT_EQ(static_cast<std::size_t>(rest.calls()), rows.size() - stored);

  // Once everything is decided or played, the same command plays nothing and says the same.
  VersusFake idle(strength);
  const auto again = run(request(dir.path(), {"a", "b"}, 15, kTest), idle, 3);
  EXPECT_EQ(idle.calls(), 0);
  EXPECT_EQ(again.played, 0);
  expect_same_reports(again.opponents, uninterrupted.opponents);
}

TEST(Versus, MorePairsPlayOnlyTheNewOnesFewerPairsReportAPrefix) {
  ScratchDir dir("versus-grow");
  ScratchDir fresh("versus-grow-fresh");
  const std::map<std::string, int> strength = {{"new", 400}, {"old", 380}};
  VersusFake first(strength);
  run(request(dir.path(), {"old"}, 5), first, 2);
  EXPECT_EQ(first.calls(), 10);
  VersusFake more(strength);
  const auto grown = run(request(dir.path(), {"old"}, 12), more, 2);
  EXPECT_EQ(more.calls(), 14);
  VersusFake all(strength);
  expect_same_reports(grown.opponents, run(request(fresh.path(), {"old"}, 12), all, 2).opponents);

  VersusFake none(strength);
  const auto fewer = run(request(dir.path(), {"old"}, 3), none, 2);
  EXPECT_EQ(none.calls(), 0);
  EXPECT_EQ(fewer.opponents[0].pairs, 3);
  // Adding an opponent plays only its games; opponents left out of a run are not reported.
  VersusFake added({{"new", 400}, {"old", 380}, {"third", 10}});
  const auto third = run(request(dir.path(), {"third"}, 4), added, 2);
  EXPECT_EQ(added.calls(), 8);
  ASSERT_EQ(third.opponents.size(), 1U);
  EXPECT_EQ(third.opponents[0].name, "third");
}

TEST(Versus, RefusesWhatDoesNotBelongToTheStore) {
  ScratchDir dir("versus-refuse");
  VersusFake fake({{"new", 400}, {"old", 380}});
  run(request(dir.path(), {"old"}, 3), fake, 2);
  const auto rows = stable_rows(dir.path());
  const auto expect_mismatch = [&](competition::VersusRequest r, const std::string& says) {
    try {
      competition::prepare_versus(r);
      FAIL() << "accepted: " << says;
    } catch (const CompetitionMismatch& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
  };
  auto seed = request(dir.path(), {"old"}, 3);
  seed.seed = 8;
  expect_mismatch(seed, "seed");
  auto turns = request(dir.path(), {"old"}, 3);
  give_setting(turns, "turns", "31");
  expect_mismatch(turns, "turns");
  auto other_new = request(dir.path(), {"old"}, 3);
  other_new.new_player = {"newer", "./bots/newer"};
  expect_mismatch(other_new, "compares new");
  auto command = request(dir.path(), {"old"}, 3);
  command.opponents[0].command = "./bots/old-v2";
  expect_mismatch(command, "player old");
  auto size = request(dir.path(), {"old"}, 3);
  size.size = 10;
  expect_mismatch(size, "pair 1");
  EXPECT_EQ(stable_rows(dir.path()), rows);

  // A tournament's store is not a versus store, and the other way round.
  EXPECT_THROW(competition::prepare_tournament(fake_request(dir.path(), {"new", "old"})), CompetitionMismatch);
  ScratchDir tournament("versus-refuse-tournament");
  FakeMatch tournament_fake;
  run_fake_tournament(fake_request(tournament.path(), {"new", "old"}), tournament_fake, 2);
  expect_mismatch(request(tournament.path(), {"old"}, 3), "tournament");

  // NEW among the opponents, or no opponent at all.
  auto twice = request(dir.path(), {"new"}, 3);
  EXPECT_THROW(competition::prepare_versus(twice), competition::PlayerListError);
  auto alone = request(dir.path(), {}, 3);
  EXPECT_THROW(competition::prepare_versus(alone), competition::PlayerListError);
}

TEST(Versus, ARebuiltProgramIsNotCreditedWithTheOldBuildsGames) {
  ScratchDir dir("versus-fingerprint");
  ScratchDir bots("versus-fingerprint-bots");
  write_file(bots.path() / "new", "build 1");
  write_file(bots.path() / "old", "old build");
  auto r = request(dir.path(), {"old"}, 2);
  r.new_player.command = (bots.path() / "new").string();
  r.opponents[0].command = (bots.path() / "old").string();
  VersusFake fake({{"new", 400}, {"old", 380}});
  run(r, fake, 2);
  VersusFake same({{"new", 400}, {"old", 380}});
  run(r, same, 2);  // unchanged programs: continues (nothing to play)
  EXPECT_EQ(same.calls(), 0);
  write_file(bots.path() / "new", "build 2");
  try {
    competition::prepare_versus(r);
    FAIL() << "a rebuilt NEW was accepted";
  } catch (const CompetitionMismatch& e) {
    EXPECT_NE(std::string(e.what()).find("program of new"), std::string::npos) << e.what();
  }
}

// `versus --report`: the last run's question answered from the store is that run's answer, a
// sequential test decided at the same pair; a damaged question is refused.
TEST(Versus, TheStoredQuestionGivesTheRunsReportAgain) {
  ScratchDir dir("versus-question");
  const competition::stats::SprtSettings sprt{-20.5, 0, 0.05, 0.1};
  VersusFake fake({{"new", 450}, {"weak", 200}, {"equal", 450}});
  const auto outcome = run(request(dir.path(), {"weak", "equal"}, 30, sprt), fake, 2);
  auto store = competition::ResultsStore::open(competition::store_path(dir.path()),
                                               competition::ResultsStore::Access::ReadWrite);
  const auto question = competition::stored_versus_question(store);
  EXPECT_EQ(question.new_player, "new");
  EXPECT_EQ(question.opponents, (std::vector<std::string>{"weak", "equal"}));
  EXPECT_EQ(question.pairs, 30);
  ASSERT_TRUE(question.rule.sprt.has_value());
  EXPECT_EQ(*question.rule.sprt, sprt);
  const auto answer = competition::answer_from_store(store, question);
  ASSERT_EQ(answer.size(), 2U);
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(answer[k].name, outcome.opponents[k].name);
    EXPECT_EQ(answer[k].pairs, outcome.opponents[k].pairs);
    EXPECT_EQ(answer[k].diff.mean, outcome.opponents[k].diff.mean);
    EXPECT_EQ(answer[k].verdict, outcome.opponents[k].verdict);
  }
  store.set_meta("versus.rule", "sprt 1 0 0.05 0.05");  // D0 > D1: no question a run could ask
  EXPECT_THROW(competition::stored_versus_question(store), competition::StoreError);
}

TEST(Versus, DefaultOutputDirectoryIsNamedAfterThePlayers) {
  const std::vector<competition::PlayerSpec> two = {{"random", "x"}, {"hunter", "y"}};
  EXPECT_EQ(competition::default_versus_out("explorer", two),
            std::filesystem::path("versus-explorer-vs-random-hunter"));
  std::vector<competition::PlayerSpec> many;
  for (int i = 0; i < 20; ++i) many.push_back({"opponent-number-" + std::to_string(i), "x"});
  EXPECT_EQ(competition::default_versus_out("explorer", many),
            std::filesystem::path("versus-explorer-vs-20-opponents"));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::testing
