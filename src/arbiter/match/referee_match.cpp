// A referee game's driver (MatchSettings::referee): the referee's lines read one at a time and
// done as caiaio does them (mainloop.cc), the players' side in referee_players.cpp.
#include "match/game_driver.hpp"

#include <fmt/format.h>

#include <chrono>
#include <memory>

#include "amazes/arbiter/match_observer.hpp"
#include "amazes/printable.hpp"
#include "match/referee_command.hpp"
#include "match/referee_kept_log.hpp"
#include "match/referee_lines.hpp"
#include "match/referee_players.hpp"
#include "match/time_control.hpp"

namespace amazes::arbiter {

namespace {

using Clock = std::chrono::steady_clock;

// Longer referee lines are its failure: none of caiaio's is near it, and the judge reads at most
// 8 KiB ahead of a line.
constexpr std::size_t kRefereeMaxLine = 8000;
// How long a referee whose output ended may take to exit, for the exit its failure names.
constexpr std::chrono::milliseconds kRefereeExitWait{500};
// A referee that writes on and on (a loop of `I lock`, say) fills the judge's memory with its
// transcript: far beyond any game, it is the referee's failure.
constexpr std::size_t kMaxTranscriptLines = 1'000'000;
// A bit of the referee's stderr in a failure's one line: its last words.
constexpr std::size_t kStderrQuoted = 200;

// What the report says of player i+1: its score (also its points: a referee reports no other), its
// values, and the fault the referee judged, unless the judge saw one of its own: the judge's is
// what happened to the process first, and a referee never sees more than its marker. The reason
// its log gave goes with the fault it reported, and with no other.
void take_report(const RefereeReport& report, const std::string& reason, std::size_t i, PlayerOutcome& outcome) {
  outcome.points = report.scores[i];
  outcome.score = report.scores[i];
  for (const auto& [name, values] : report.values) outcome.values[name] = values[i];
  if (outcome.fault || !report.faults[i]) return;
  outcome.fault = report.faults[i]->kind;
  outcome.fault_turn = report.faults[i]->move;
  outcome.fault_reason = reason;
}

// The folder of the per-move players' folders for one game, which their UIDs may pass through.
std::unique_ptr<PrivateFolder> make_move_folders(const MatchSpec& spec) {
  if (!spec.settings.move_files.per_move()) return nullptr;
  auto folder = std::make_unique<PrivateFolder>();
  std::error_code ec;
  std::filesystem::permissions(folder->path(), std::filesystem::perms(0711), ec);
  if (ec)
    throw JudgeFailure("cannot open the per-move players' folder " + folder->path().string() + ": " + ec.message());
  return folder;
}

class RefereeGame : public GameDriver {
 public:
  RefereeGame(const MatchSpec& spec, MatchObserver* observer)
      : spec_(spec),
        observer_(observer),
        move_folders_(make_move_folders(spec)),
        players_(spec, observer, move_folders_ ? move_folders_->path() : std::filesystem::path()),
        launch_(make_referee_launch(spec)) {}

  MatchRecord play() override;

 private:
  [[noreturn]] void fail(const std::string& what);
  void start_referee();
  std::optional<std::string> next_line();
  void serve(const std::string& line);
  void take_manager_line(std::string text);
  void note(RefereeLine line);
  void answer(const std::string& text);

  const MatchSpec& spec_;
  MatchObserver* observer_;
  std::unique_ptr<PrivateFolder> move_folders_;  // the per-move players' folders: gone after them
  RefereePlayers players_;
  RefereeLaunch launch_;  // after the players: its folder goes before them
  std::unique_ptr<PlayerProcess> referee_;
  RefereeRecord record_;
  std::optional<RefereeReport> report_;
  std::optional<Clock::time_point> deadline_;  // once it reported: by when it should have ended
};

void RefereeGame::fail(const std::string& what) {
  std::string text = fmt::format("referee '{}' {}", printable(spec_.settings.game.referee()), what);
  if (referee_) {
    std::string_view err = referee_->stderr_capture().kept;
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.remove_suffix(1);
    const auto last = err.rfind('\n');
    if (last != std::string_view::npos) err.remove_prefix(last + 1);
    if (!err.empty()) text += "; its stderr ends: " + printable(err.substr(0, kStderrQuoted));
  }
  throw RefereeFailure(text);
}

void RefereeGame::start_referee() {
  record_.command = launch_.spec.argv;
  PlayerOptions options{spec_.settings.stderr_limit, {}};
  if (observer_ != nullptr) {
    options.stderr_sink = [this](std::string_view bytes) { observer_->on_referee_stderr(bytes); };
  }
  // Its own session and process group (never the judge's), its rlimits; not the players' sandbox.
  StartResult started = PlayerProcess::start(launch_.spec, std::move(options));
  if (!started.ok()) fail("could not be started: " + started.error);
  referee_ = std::move(started.process);
}

// The referee's next line; nothing once it has ended (or gone quiet) after its report.
std::optional<std::string> RefereeGame::next_line() {
  ReadLimits limits;
  limits.max_line = kRefereeMaxLine;
  limits.wall = deadline_ ? std::max(Clock::duration::zero(), *deadline_ - Clock::now())
                          : from_ms(spec_.settings.referee_timeout_ms);
  referee_->restart_turn_clock();
  const ReadResult read = referee_->read_line(limits);
  switch (read.kind) {
    case ReadKind::Line: return read.text;
    case ReadKind::TooLong:
      fail(fmt::format("wrote a line longer than {} bytes: \"{}...\"", kRefereeMaxLine,
                       printable(std::string_view(read.text).substr(0, 60))));
    case ReadKind::Closed:
      if (report_) return std::nullopt;
      referee_->finish(kRefereeExitWait);
      fail(fmt::format("ended ({}) before its result", referee_->exit_description()));
    case ReadKind::Timeout:
      if (report_) return std::nullopt;
      fail(fmt::format("wrote nothing for {:g} s (--referee-timeout-ms)", spec_.settings.referee_timeout_ms / 1000));
  }
  return std::nullopt;
}

void RefereeGame::note(RefereeLine line) {
  if (record_.transcript.size() >= kMaxTranscriptLines)
    fail(fmt::format("wrote more than {} lines", kMaxTranscriptLines));
  if (observer_ != nullptr) observer_->on_referee_line(line);
  record_.transcript.push_back(std::move(line));
}

void RefereeGame::answer(const std::string& text) {
  const std::array<std::string, 1> lines = {text};
  referee_->send(lines);
}

// `M TEXT`: the first report is the result; every line is kept.
void RefereeGame::take_manager_line(std::string text) {
  if (!report_) {
    if (auto parsed = parse_report(text, spec_.settings.scores)) {
      if (const auto* problem = std::get_if<std::string>(&*parsed)) fail(*problem);
      report_ = std::get<RefereeReport>(*parsed);
      record_.report = text;
      deadline_ = Clock::now() + from_ms(spec_.settings.grace_ms);
    }
  }
  note(referee_line(RefereeRoute::RefereeToManager, 0, std::move(text)));
}

void RefereeGame::serve(const std::string& line) {
  auto parsed = parse_referee_line(line, 2);
  if (const auto* problem = std::get_if<std::string>(&parsed)) fail(*problem);
  RefereeRequest& request = std::get<RefereeRequest>(parsed);
  using Kind = RefereeRequest::Kind;
  if (request.kind == Kind::ToPlayer) return note(players_.write(request.player, std::move(request.text)));
  if (request.kind == Kind::ToManager) return take_manager_line(std::move(request.text));
  if (request.kind == Kind::Listen) {
    // One entry for the request and its answer: the answer says which listen it was.
    RefereeLine answered = players_.listen(request.player);
    answer(answered.text);
    return note(std::move(answered));
  }
  note(referee_line(RefereeRoute::RefereeToJudge, 0, line));
  std::string reply;
  if (request.kind == Kind::RequestTime) {
    // caiaio's second number is the first divided by the manager's CPU speed factor: 1 here.
    const long long ms = players_.time_ms(request.player);
    reply = fmt::format("time {} {}", ms, ms);
  } else if (request.kind == Kind::Lock) {
    reply = "lock_ok";  // there is no manager to keep out
  } else {
    return;  // unlock: no answer
  }
  answer(reply);
  note(referee_line(RefereeRoute::JudgeToReferee, 0, reply));
}

MatchRecord RefereeGame::play() {
  start_referee();
  while (const std::optional<std::string> line = next_line()) serve(*line);
  if (observer_ != nullptr) observer_->on_game_over();
  std::vector<PlayerProcess*> running = players_.running();
  running.insert(running.begin(), referee_.get());
  PlayerProcess::finish_all(running, from_ms(spec_.settings.grace_ms));

  // The referee has ended: its log is whole (the file goes with launch_'s folder).
  KeptRefereeLog kept = keep_referee_log(launch_.log_file);
  record_.log_text = std::move(kept.text);
  record_.log_dropped = kept.dropped;

  MatchRecord record = record_of_spec(spec_);
  players_.fill_record(record);
  for (std::size_t i = 0; i < 2; ++i) take_report(*report_, kept.reasons[i], i, record.outcome[i]);
  const StderrCapture& captured = referee_->stderr_capture();
  record_.stderr_text = captured.kept;
  record_.stderr_dropped = captured.dropped;
  record_.exit = referee_->exit_description();
  // The board is the setup's, read once (record_of_spec); all else of the part is this game's.
  record_.board = std::move(record.referee()->board);
  record.game = std::move(record_);
  return record;
}

}  // namespace

std::unique_ptr<GameDriver> referee_game(const MatchSpec& spec, MatchObserver* observer) {
  return std::make_unique<RefereeGame>(spec, observer);
}

}  // namespace amazes::arbiter
