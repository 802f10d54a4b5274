// Referee games (docs/referees.md, "The judge as caiaio"): a Caia referee plays the game and the
// judge plays caiaio's part, with real programs: the More referee and its sample bots, the Amazes
// referee against the built-in game, test referees that break the protocol, and players that
// misbehave, whose faults reach the referee as caiaio's markers.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/report/fault_reason.hpp"
#include "amazes/report/referee_log_view.hpp"
#include "arbiter/process/cgroup_hierarchy.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support
using arbiter::RefereeLine;
using arbiter::RefereeRoute;

std::string referee_script(const std::string& name) { return (source_dir() / "tests" / "referees" / name).string(); }
std::string more_bot(const std::string& name) { return (binary_dir() / "more-players" / name).string(); }

// The temporary folder of the judge in this process (TMPDIR), to see that a game leaves none.
class Tmpdir {
 public:
  explicit Tmpdir(const std::string& name) : dir_(name) {
    const char* old = std::getenv("TMPDIR");
    if (old != nullptr) old_ = old;
    ::setenv("TMPDIR", dir_.path().c_str(), 1);
  }
  ~Tmpdir() {
    if (old_) {
      ::setenv("TMPDIR", old_->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
  }
  bool empty() const { return std::filesystem::is_empty(dir_.path()); }

 private:
  ScratchDir dir_;
  std::optional<std::string> old_;
};

// The players' cgroups left under the judge's cgroup directory (as the attack suite looks).
std::vector<std::filesystem::path> player_cgroups_left() {
  std::vector<std::filesystem::path> left;
  const auto& judge = arbiter::cgroup::judge_cgroup();
  if (!judge.cgroup) return left;
  for (const auto& entry : std::filesystem::directory_iterator(judge.cgroup->dir)) {
    if (entry.is_directory() && entry.path().filename().string().rfind('p', 0) == 0) left.push_back(entry.path());
  }
  return left;
}

arbiter::MatchSpec referee_spec(const std::string& referee, const std::string& player1,
                                const std::string& player2 = bot_path("polite")) {
  arbiter::MatchSpec spec = match_spec(player1, player2);
  spec.settings.game = arbiter::GameChoice(referee);
  spec.settings.time_ms = 500;
  spec.settings.scores = {0, 20};
  return spec;
}

// The report's message of two_turns.sh: what its two listens answered, and the time.
std::string two_turns(const std::string& player1, const arbiter::MatchRecord& record) {
  EXPECT_TRUE(record.referee() != nullptr) << player1;
  const std::string& report = record.referee()->report;
  EXPECT_EQ(report.rfind("report 0 0 ", 0), 0U) << report;
  return report.substr(std::string("report 0 0 ").size());
}

std::vector<std::string> answers_of(const std::string& message) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t bar = message.find('|'); bar != std::string::npos; bar = message.find('|', start)) {
    parts.push_back(message.substr(start, bar - start));
    start = bar + 1;
  }
  parts.push_back(message.substr(start));
  return parts;
}

struct MarkerCase {
  std::string bot;
  std::string first;   // what the referee's first listen got
  std::string second;  // and its second
  std::optional<FaultKind> fault;
  int fault_listen = 0;
};

TEST(RefereeMatch, MisbehavingPlayersReachTheRefereeAsCaiasMarkers) {
  const std::string killed = "<caiaio:_player_crashed:_Killed>";
  const std::string timeout = "<caiaio:_player_timeout>";
  const std::vector<MarkerCase> cases = {
      {bot_path("polite"), "T", "T", std::nullopt, 0},
      {bot_path("crash") + " 1 segv", "<caiaio:_player_crashed:_Segmentation_fault>",
       "<caiaio:_player_crashed:_Segmentation_fault>", FaultKind::Crash, 1},
      {bot_path("crash") + " 2 kill", "T", killed, FaultKind::Crash, 2},
      {bot_path("exit_early") + " 1", "<caiaio:_player_stopped>", "<caiaio:_player_stopped>", FaultKind::Crash, 1},
      {bot_path("sleep_forever") + " 1", timeout, timeout, FaultKind::Timeout, 1},
      {bot_path("busy_loop") + " 2", "T", timeout, FaultKind::Timeout, 2},
      {bot_path("too_long") + " 1 5000", killed, killed, FaultKind::TooLong, 1},
      {bot_path("too_long") + " 1 100", timeout, timeout, FaultKind::Timeout, 1},  // no line end: it never answers
      {bot_path("empty_line") + " 1", "<caiaio:_player_sends_'\\n'>", "T", std::nullopt, 0},
      {bot_path("two_lines") + " 1", "F", killed, FaultKind::Unsolicited, 2},
  };
  for (const MarkerCase& c : cases) {
    arbiter::MatchSpec spec = referee_spec(referee_script("two_turns.sh"), c.bot);
    spec.settings.wall_guard_extra_ms = 200;
    const auto record = arbiter::run_match(spec);
    const std::vector<std::string> answers = answers_of(two_turns(c.bot, record));
    ASSERT_EQ(answers.size(), 3U) << c.bot;
    EXPECT_EQ(answers[0], c.first) << c.bot;
    EXPECT_EQ(answers[1], c.second) << c.bot;
    EXPECT_EQ(answers[2].rfind("time ", 0), 0U) << c.bot;
    EXPECT_EQ(record.outcome[0].fault, c.fault) << c.bot;
    if (c.fault) {
      EXPECT_EQ(record.outcome[0].fault_turn, c.fault_listen) << c.bot;
    }
    EXPECT_EQ(record.outcome[1].exit, "not started: the game ended before its first turn") << c.bot;
    // Each fault has its why, as under an Amazes game's result.
    EXPECT_EQ(report::fault_why(record, Color::Red).empty(), !c.fault.has_value()) << c.bot;
    EXPECT_TRUE(no_child_left()) << c.bot;
  }
}

// A line out of turn is not written to the player: the record says so, and what was waiting.
TEST(RefereeMatch, OutputOutOfTurnIsKeptAndTheLineNotWritten) {
  const auto record = arbiter::run_match(referee_spec(referee_script("two_turns.sh"), bot_path("two_lines") + " 1"));
  const auto& transcript = record.referee()->transcript;
  const auto out_of_turn = std::find_if(transcript.begin(), transcript.end(),
                                        [](const RefereeLine& line) { return line.fault.has_value(); });
  ASSERT_NE(out_of_turn, transcript.end());
  EXPECT_EQ(out_of_turn->route, RefereeRoute::RefereeToPlayer);
  EXPECT_TRUE(out_of_turn->dropped);
  EXPECT_EQ(report::fault_why(record, Color::Red),
            "wrote out of turn, before the referee's next line reached it: \"F\\x0a\"");
  EXPECT_EQ(out_of_turn->output, "F\n");
  EXPECT_EQ(out_of_turn->text, "W");
}

struct BadReferee {
  std::string how;
  std::string message;
};

TEST(RefereeMatch, ARefereeThatBreaksTheProtocolIsTheJudgesFailureAndLeavesNothing) {
  const std::vector<BadReferee> cases = {
      {"hang", "wrote nothing for 0.5 s (--referee-timeout-ms)"},
      {"segv", "ended (signal 11 (SIGSEGV)) before its result"},
      {"noreport", "ended (exit 3) before its result"},
      {"malformed", "wrote a malformed line: \"I listen one\" (caiaio takes `I listen N`)"},
      {"unknown", "wrote a line caiaio does not know: \"X hello\""},
      {"player3", "names player 3, but the game has 2: \"3 Quit\""},
      {"listen3", "names player 3, but the game has 2: \"I listen 3\""},
      {"score", "reported score 25 for player 1, outside 0..20"},
      {"nan", "reported \"x\" for player 2, not a whole number: \"report 20 x not_a_number\""},
      {"value",
       "reported \"move_points=163\", not NAME=V1,V2 (player 1's and player 2's, whole numbers): "
       "\"report 20 0 won move_points=163\""},
  };
  for (const BadReferee& c : cases) {
    const Tmpdir tmp("referee-bad-" + c.how);
    const std::string command = referee_script("misbehave.sh") + " " + c.how + " {maze}";
    arbiter::MatchSpec spec = referee_spec(command, bot_path("polite"));
    spec.settings.referee_timeout_ms = 500;
    const auto started = std::chrono::steady_clock::now();
    try {
      arbiter::run_match(spec);
      ADD_FAILURE() << c.how << ": no failure";
    } catch (const arbiter::JudgeFailure& e) {
      EXPECT_EQ(std::string(e.what()), "referee '" + command + "' " + c.message) << c.how;
    }
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5)) << c.how;
    EXPECT_TRUE(no_child_left()) << c.how;  // the referee, the players, whatever they started
    EXPECT_TRUE(player_cgroups_left().empty()) << c.how;
    EXPECT_TRUE(tmp.empty()) << c.how;  // the {maze} folder
  }
}

// After its report a referee that does not exit is ended after the grace period: its result counts.
TEST(RefereeMatch, ARefereeThatLingersAfterItsReportIsEnded) {
  arbiter::MatchSpec spec = referee_spec(referee_script("misbehave.sh") + " lateexit", bot_path("polite"));
  const auto record = arbiter::run_match(spec);
  EXPECT_EQ(record.outcome[0].score, 20);
  EXPECT_EQ(record.outcome[0].points, 20);
  EXPECT_EQ(record.outcome[1].score, 0);
  EXPECT_EQ(record.referee()->exit, "killed by judge after grace");
  EXPECT_TRUE(no_child_left());
}

TEST(RefereeMatch, AGameWithoutASeedIsRefusedForARefereeThatWantsOne) {
  arbiter::MatchSpec spec = referee_spec(judge_program() + " referee more --seed {seed}", more_bot("random_more"));
  spec.setup.seed.reset();
  EXPECT_THROW(arbiter::check_player_commands(spec), arbiter::PlayerCommandError);
  try {
    arbiter::run_match(spec);
    ADD_FAILURE() << "played";
  } catch (const arbiter::PlayerCommandError& e) {
    EXPECT_NE(std::string(e.what()).find("it asks for {seed}, but the game has none"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(no_child_left());
}

// The log of a referee game reads back as it was written, plain or compressed.
TEST(RefereeMatch, TheLogRoundTrips) {
  const auto record =
      arbiter::run_match(referee_spec(referee_script("two_turns.sh") + " {maze}", bot_path("two_lines") + " 1"));
  ScratchDir dir("referee-log");
  for (const std::string name : {"game.json", "game.json.zst"}) {
    const auto path = dir.path() / name;
    arbiter::write_match_log(path, record);
    const auto read = arbiter::read_match_log(path);
    ASSERT_TRUE(read.referee() != nullptr);
    EXPECT_EQ(read.referee()->command, record.referee()->command);
    EXPECT_TRUE(read.settings.game.on_maze());
    EXPECT_EQ(read.board()->maze, record.board()->maze);
    EXPECT_EQ(read.board()->starts, record.board()->starts);
    EXPECT_EQ(read.referee()->report, record.referee()->report);
    ASSERT_EQ(read.referee()->transcript.size(), record.referee()->transcript.size());
    for (std::size_t i = 0; i < read.referee()->transcript.size(); ++i) {
      const RefereeLine& a = read.referee()->transcript[i];
      const RefereeLine& b = record.referee()->transcript[i];
      EXPECT_EQ(a.route, b.route) << i;
      EXPECT_EQ(a.player, b.player) << i;
      EXPECT_EQ(a.text, b.text) << i;
      EXPECT_EQ(a.listen, b.listen) << i;
      EXPECT_EQ(a.marker, b.marker) << i;
      EXPECT_EQ(a.dropped, b.dropped) << i;
      EXPECT_EQ(a.fault, b.fault) << i;
      EXPECT_EQ(a.output, b.output) << i;
    }
    EXPECT_EQ(read.outcome[0].fault, FaultKind::Unsolicited);
    EXPECT_EQ(read.outcome[0].fault_turn, 2);
    EXPECT_EQ(read.settings.game.referee(), record.settings.game.referee());
    EXPECT_EQ(read.settings.scores, record.settings.scores);
  }
  EXPECT_EQ(arbiter::match_log_json(record).at("format"), "amazes-referee-match/1");
}

// The report's extension (docs/referees.md §6): each player's values, and the referee's fault for a
// player the judge saw none of, into the record, its log and the results store's row.
TEST(RefereeMatch, TheReportsValuesAndFaultReachTheRecord) {
  const auto record = arbiter::run_match(referee_spec(
      referee_script("report_extension.sh") + " move_points=163,37 fault=-,illegal@4", bot_path("polite")));
  EXPECT_EQ(record.referee()->report, "report 2 0 won move_points=163,37 fault=-,illegal@4");
  EXPECT_EQ(record.outcome[0].score, 2);
  EXPECT_EQ(record.outcome[0].values, (std::map<std::string, std::int64_t>{{"move_points", 163}}));
  EXPECT_EQ(record.outcome[1].values, (std::map<std::string, std::int64_t>{{"move_points", 37}}));
  EXPECT_EQ(record.outcome[0].fault, std::nullopt);
  EXPECT_EQ(record.outcome[1].fault, FaultKind::Illegal);
  EXPECT_EQ(record.outcome[1].fault_turn, 4);
  EXPECT_EQ(report::referee_fault_text(record, Color::Blue), "illegal at move 4 (the referee's)");
  EXPECT_EQ(report::fault_why(record, Color::Blue), "the referee judged it: its report says \"fault=-,illegal@4\"");

  ScratchDir dir("referee-extension");
  const auto path = dir.path() / "game.json";
  arbiter::write_match_log(path, record);
  const auto read = arbiter::read_match_log(path);
  EXPECT_EQ(read.outcome[0].values, record.outcome[0].values);
  EXPECT_EQ(read.outcome[1].values, record.outcome[1].values);
  EXPECT_EQ(read.outcome[1].fault, FaultKind::Illegal);
  EXPECT_EQ(read.outcome[1].fault_turn, 4);
  EXPECT_NE(read_file(path).find("\"values\":{\"move_points\":163}"), std::string::npos) << read_file(path);

  const competition::MatchRow row = competition::match_row(record, 1, "maze", 0.0, "now");
  EXPECT_EQ(row.side[0].values, record.outcome[0].values);
  EXPECT_EQ(row.side[1].values, record.outcome[1].values);
  EXPECT_EQ(row.side[1].fault, FaultKind::Illegal);
}

// What the judge saw happen to a player's process comes first: the referee only heard the marker.
TEST(RefereeMatch, AFaultTheJudgeSawWinsOverTheReferees) {
  const auto record = arbiter::run_match(
      referee_spec(referee_script("report_extension.sh") + " fault=illegal@2,-", bot_path("crash") + " 1 segv"));
  EXPECT_EQ(record.outcome[0].fault, FaultKind::Crash);
  EXPECT_EQ(record.outcome[0].fault_turn, 1);
  EXPECT_EQ(record.outcome[1].fault, std::nullopt);
  EXPECT_EQ(report::referee_fault_text(record, Color::Red), "crash at listen 1");
}

// A More bot that plays nothing but illegal moves: the More referee judges it, and its report's
// `fault=` word makes it the player's fault in the record, as standings count faults.
TEST(RefereeMatch, AnIllegalMoreBotHasTheIllegalFault) {
  ScratchDir dir("referee-more-illegal");
  const auto log = dir.path() / "game.json";
  const std::string command = amazes_exe() + " match --scores 0-20 --referee " +
                              shell_quote(judge_program() + " referee more --seed 5") + " --log " +
                              shell_quote(log.string()) + " " + shell_quote(more_bot("more_runner")) + " " +
                              shell_quote(bot_path("more_illegal"));
  const auto result = run_command(command + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("black more_illegal         points     0  score    0  fault illegal at move 1 (the "
                               "referee's)\n"),
            std::string::npos)
      << result.output;
  EXPECT_NE(result.output.find("why: the referee judged it: illegal: \"a1a1\": a1 is taken"), std::string::npos)
      << result.output;
  const auto record = arbiter::read_match_log(log);
  EXPECT_EQ(record.outcome[0].fault, std::nullopt);
  EXPECT_EQ(record.outcome[1].fault, FaultKind::Illegal);
  EXPECT_EQ(record.outcome[1].fault_turn, 1);
  EXPECT_EQ(record.outcome[1].exit, "exit 0");  // it ended at the end of its input, as asked
  const std::string& report = record.referee()->report;
  EXPECT_NE(report.find("(illegal_at_move_1) fault=-,illegal@1"), std::string::npos) << report;
  const auto shown = run_command(amazes_exe() + " log show " + shell_quote(log.string()) + " 2>&1");
  EXPECT_NE(shown.output.find("fault illegal at move 1 (the referee's)"), std::string::npos) << shown.output;
}

// A game played on no maze (its referee has no {maze}) is set up by its seed alone: `amazes match`
// draws one when none is given and says which, and refuses the options of a maze.
TEST(RefereeMatch, AGameOnNoMazeTakesItsSeedAndNoMaze) {
  const std::string command = amazes_exe() + " match --scores 0-20 --referee " +
                              shell_quote(judge_program() + " referee more --seed {seed}") + " " +
                              shell_quote(more_bot("more_runner")) + " " + shell_quote(more_bot("random_more"));
  const auto drawn = run_command(command + " 2>&1");
  ASSERT_EQ(drawn.exit_code, 0) << drawn.output;
  EXPECT_NE(drawn.output.find("to play the same game again)"), std::string::npos) << drawn.output;
  const auto maze =
      run_command(command + " --maze " + shell_quote((source_dir() / "mazes" / "maze-0001.maze").string()) + " 2>&1");
  EXPECT_EQ(maze.exit_code, 2) << maze.output;
  EXPECT_NE(maze.output.find("--maze: the game 'more' is played on no maze"), std::string::npos) << maze.output;
  const auto start = run_command(command + " --red-start 1,1,N --blue-start 3,3,N 2>&1");
  EXPECT_EQ(start.exit_code, 2) << start.output;
}

// `amazes match --referee`: the More referee and the sample More bots, seed 5 (docs/referees.md §2:
// the runner goes home, the random bot is cut off after 80 moves).
TEST(RefereeMatch, TheMoreRefereePlaysTheSampleBots) {
  ScratchDir dir("referee-more");
  const auto log = dir.path() / "game.json";
  const auto referee_log = dir.path() / "referee.log";
  const std::string command = amazes_exe() + " match --scores 0-20 --referee " +
                              shell_quote(judge_program() + " referee more --seed 5") + " --referee-log " +
                              shell_quote(referee_log.string()) + " --log " + shell_quote(log.string()) + " " +
                              shell_quote(more_bot("more_runner")) + " " + shell_quote(more_bot("random_more"));
  const auto result = run_command(command + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("white more_runner          points    20  score   20  fault -"), std::string::npos)
      << result.output;
  EXPECT_NE(result.output.find("black random_more          points     0  score    0  fault -"), std::string::npos)
      << result.output;
  const auto record = arbiter::read_match_log(log);
  ASSERT_TRUE(record.referee() != nullptr);
  EXPECT_EQ(record.referee()->report.rfind("report 20 0 cut_off;white:", 0), 0U) << record.referee()->report;
  // The referee wrote into a file of the judge's, kept in the record and copied where asked.
  EXPECT_EQ(std::filesystem::path(record.referee()->command.back()).filename(), "referee.log");
  EXPECT_EQ(read_file(referee_log).rfind("board ", 0), 0U);
  EXPECT_EQ(read_file(referee_log), record.referee()->log_text);
  // Every move of the game went through the judge: the random bot's 80, the runner's, each relayed.
  int listens[2] = {0, 0};
  for (const RefereeLine& line : record.referee()->transcript) {
    if (line.route == RefereeRoute::PlayerToReferee) ++listens[line.player - 1];
  }
  EXPECT_EQ(listens[1], 80);
  EXPECT_GT(listens[0], 10);
  EXPECT_EQ(record.referee()->transcript.front().text.size(), 60U);  // the board line, to player 1

  const auto shown = run_command(amazes_exe() + " log show " + shell_quote(log.string()) + " 2>&1");
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("referee → 1: Start"), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find("referee → 2: Quit"), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find("result: report 20 0 cut_off;"), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find(" ms)\n"), std::string::npos) << shown.output;
}

// The Amazes referee through `amazes match --referee` plays the game the built-in one plays: the
// same maze and starts (its {maze} file), the same scores, points and faults.
TEST(RefereeMatch, TheAmazesRefereeAgreesWithTheBuiltInGame) {
  ScratchDir dir("referee-amazes");
  const auto builtin_log = dir.path() / "builtin.json";
  const auto referee_log = dir.path() / "referee.json.zst";
  const std::string explorer = player_path("explorer");
  const std::string hunter = player_path("hunter");
  const std::string players = " " + shell_quote(explorer) + " " + shell_quote(hunter);
  const auto builtin = run_command(amazes_exe() + " match --seed 11 --turns 40 --log " +
                                   shell_quote(builtin_log.string()) + players + " 2>&1");
  ASSERT_EQ(builtin.exit_code, 0) << builtin.output;
  const std::string referee = judge_program() + " referee amazes --turns 40 --maze {maze}";
  const auto refereed = run_command(amazes_exe() + " match --seed 11 --turns 40 --referee " + shell_quote(referee) +
                                    " --log " + shell_quote(referee_log.string()) + players + " 2>&1");
  ASSERT_EQ(refereed.exit_code, 0) << refereed.output;
  const auto a = arbiter::read_match_log(builtin_log);
  const auto b = arbiter::read_match_log(referee_log);
  ASSERT_TRUE(b.referee() != nullptr);
  EXPECT_EQ(b.board()->maze, a.board()->maze);
  EXPECT_EQ(b.board()->starts, a.board()->starts);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(b.outcome[i].score, a.outcome[i].score) << i;
    EXPECT_EQ(b.outcome[i].fault, a.outcome[i].fault) << i;
  }
  // The referee's points are in its report's message.
  EXPECT_EQ(b.referee()->report,
            "report " + std::to_string(a.outcome[0].score) + " " + std::to_string(a.outcome[1].score) + " normal;red:" +
                std::to_string(a.outcome[0].points) + "points;blue:" + std::to_string(a.outcome[1].points) + "points");
}

// With the wall clock, a listen is charged from the listen on, as caiaio charges it: a referee that
// thinks between writing a player its lines and listening costs the player nothing.
TEST(RefereeMatch, TheWallClockRunsFromTheListen) {
  arbiter::MatchSpec spec = referee_spec(referee_script("slow_listen.sh"), bot_path("polite"));
  spec.settings.clock = arbiter::ClockKind::Wall;
  spec.settings.time_ms = 500;
  const auto record = arbiter::run_match(spec);
  const std::vector<std::string> answers = answers_of(two_turns("polite", record));
  ASSERT_EQ(answers.size(), 2U);
  EXPECT_EQ(answers[0], "T");
  EXPECT_EQ(record.outcome[0].fault, std::nullopt);
  EXPECT_LT(record.outcome[0].time_ms, 500);
  EXPECT_EQ(answers[1], "time " + std::to_string(static_cast<long long>(record.outcome[0].time_ms)) + " " +
                            std::to_string(static_cast<long long>(record.outcome[0].time_ms)));
}

// `--debug` prints each routed line as `log show` does, as the game runs.
TEST(RefereeMatch, DebugPrintsTheRoutedLines) {
  const auto result = run_command(
      amazes_exe() + " match --seed 3 --debug --referee " + shell_quote(referee_script("two_turns.sh")) + " " +
      shell_quote(bot_path("empty_line")) + " " + shell_quote(bot_path("polite")) + " 2>&1 >/dev/null");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("referee → 1: Start\n"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("1: <caiaio:_player_sends_'\\n'> (an empty line, "), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("1 → referee: T ("), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("referee → judge: I request_time 1\n"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("referee → manager: report 0 0 "), std::string::npos) << result.output;
  // A player's stderr is shown under its number, caiaio's, not a colour.
  const auto chatty =
      run_command(amazes_exe() + " match --seed 3 --debug --referee " + shell_quote(referee_script("two_turns.sh")) +
                  " " + shell_quote(bot_path("chatty")) + " " + shell_quote(bot_path("polite")) + " 2>&1 >/dev/null");
  EXPECT_EQ(chatty.exit_code, 0) << chatty.output;
  EXPECT_NE(chatty.output.find("1       - ! chatty turn 1"), std::string::npos) << chatty.output;
  EXPECT_EQ(chatty.output.find("red "), std::string::npos) << chatty.output;
}

// A referee that breaks the protocol: one line on stderr naming it, and the judge's failure code.
TEST(RefereeMatch, TheCommandLineSaysARefereesFailureInOneLine) {
  const std::string referee = referee_script("misbehave.sh") + " player3";
  const auto result = run_command(amazes_exe() + " match --seed 3 --referee " + shell_quote(referee) + " " +
                                  shell_quote(bot_path("polite")) + " " + shell_quote(bot_path("polite")) + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_EQ(result.output, "amazes match: referee '" + referee + "' names player 3, but the game has 2: \"3 Quit\"\n");
  const auto missing = run_command(amazes_exe() + " match --seed 3 --referee /no/such/referee " +
                                   shell_quote(bot_path("polite")) + " " + shell_quote(bot_path("polite")) + " 2>&1");
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
  EXPECT_NE(missing.output.find("referee '/no/such/referee': "), std::string::npos) << missing.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
