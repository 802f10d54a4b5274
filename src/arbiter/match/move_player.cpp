#include "match/move_player.hpp"

#include <unistd.h>

#include <algorithm>
#include <tuple>
#include <utility>

#include "amazes/arbiter/match.hpp"
#include "sandbox/machine_probes.hpp"

namespace amazes::arbiter {

namespace {

using std::chrono::nanoseconds;
using Clock = std::chrono::steady_clock;

// What is read of the program's stdout, which no one reads: long lines are passed over in pieces.
constexpr std::size_t kStdoutPiece = 1 << 16;
// A program whose stdout has closed has this long, within its limits, to exit.
constexpr nanoseconds kExitWait = std::chrono::milliseconds(200);

std::string input_text(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + '\n';
  return text;
}

// The answer in the output file: its first line, as a pipe player's line is read.
std::pair<TurnOutcome::Kind, std::string> answer_from(const std::optional<std::string>& file, std::size_t max_line) {
  if (!file) return {TurnOutcome::Kind::NoOutput, {}};
  const std::string& text = *file;
  const std::size_t end = text.find('\n');
  std::string line = text.substr(0, end);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.size() <= max_line) return {TurnOutcome::Kind::Line, std::move(line)};
  line.resize(max_line + 1);
  return {TurnOutcome::Kind::TooLong, std::move(line)};
}

SandboxSettings in_folder(SandboxSettings sandbox, const std::filesystem::path& folder) {
  sandbox.move_folder = folder.string();
  return sandbox;
}

}  // namespace

MovePlayer::MovePlayer(const MatchSettings& settings, LaunchSpec launch, std::filesystem::path folder,
                       PlayerClock clock, TurnRules rules, PlayerOptions options)
    : settings_(settings),
      launch_(std::move(launch)),
      clock_(std::move(clock)),
      rules_(rules),
      options_(std::move(options)) {
  settings_.sandbox = in_folder(settings.sandbox, folder);
  uid_t owner = ::geteuid();
  if (owner == 0) {
    if (!settings.sandbox.uids) throw SandboxError("a per-move player needs a UID of its own as root (--sandbox-uids)");
    UidLeaseResult leased = lease_uid(*settings.sandbox.uids);
    if (!leased.lease) throw SandboxError("no UID for the player: " + leased.error);
    uid_.emplace(std::move(*leased.lease));
    owner = uid_->uid();
  }
  folder_.emplace(std::move(folder), owner, settings.move_files.input);
  if (!folder_->bounded()) {
    machine().note_once(
        "per-move players: their folders are not a tmpfs of their own here (that needs root and a mount namespace "
        "of the judge's own): what a player writes is bounded per file, not in total");
  }
  player_ = fresh_player();
}

MovePlayer::~MovePlayer() {
  player_.reset();  // every process gone before its folder and its UID
  folder_.reset();
}

std::unique_ptr<SandboxedPlayer> MovePlayer::fresh_player() const {
  if (uid_) return std::make_unique<SandboxedPlayer>(settings_.sandbox, launch_, *uid_);
  return std::make_unique<SandboxedPlayer>(settings_.sandbox, launch_);
}

void MovePlayer::gather_stderr(PlayerProcess& process) {
  const StderrCapture& move = process.stderr_capture();
  const std::size_t room = settings_.stderr_limit - std::min(settings_.stderr_limit, stderr_.kept.size());
  stderr_.kept += move.kept.substr(0, room);
  stderr_.dropped += move.dropped + (move.kept.size() - std::min(room, move.kept.size()));
}

// Runs the started program to its end, within the limits; what it writes on stdout is passed over.
MovePlayer::MoveAnswer MovePlayer::run(PlayerProcess& process, const ReadLimits& limits) {
  const auto began = Clock::now();
  process.close_input();
  process.resume();
  MoveAnswer answer;
  bool timed_out = false;
  while (true) {
    ReadLimits left;
    left.max_line = kStdoutPiece;
    left.wall = std::max(nanoseconds(1), limits.wall - (Clock::now() - began));
    if (limits.cpu) left.cpu = std::max(nanoseconds(1), *limits.cpu - answer.cpu);
    const ReadResult read = process.read_line(left);
    answer.cpu += read.cpu;
    if (read.kind == ReadKind::Timeout) {
      timed_out = true;
      break;
    }
    if (read.kind == ReadKind::Closed) break;
  }
  if (timed_out) {
    process.kill();
  } else {
    // Its stdout closed: it has ended or is about to; a program that closed it and runs on has
    // what is left of its time.
    const nanoseconds wall_left = limits.wall - (Clock::now() - began);
    process.finish(std::max(std::min(wall_left, kExitWait), nanoseconds(0)));
  }
  answer.wall = Clock::now() - began;
  answer.cpu = std::max(answer.cpu, process.cpu_time());
  if (timed_out || (limits.cpu && answer.cpu > *limits.cpu) || answer.wall > limits.wall) {
    answer.kind = TurnOutcome::Kind::TimedOut;
  }
  return answer;
}

MovePlayer::MoveAnswer MovePlayer::play(const ReadLimits& limits) {
  const MoveFiles& files = settings_.move_files;
  while (true) {
    // As the jury did: the last answer removed, the new input put in its place. What the player
    // left that stops it is its own fault, as a missing answer is (NIO's BESTAND).
    if (auto why = folder_->prepare_move(input_text(pending_), files.output)) {
      MoveAnswer kept_out{TurnOutcome::Kind::NoOutput, {}, std::move(*why), {}, {}};
      return kept_out;
    }
    player_ = fresh_player();
    if (auto judge_side = player_->start(options_))
      throw JudgeFailure("could not start a per-move player: " + *judge_side);
    PlayerProcess* process = player_->process();
    if (process == nullptr) return MoveAnswer{TurnOutcome::Kind::NoOutput, {}, {}, {}, {}};  // it could not start
    MoveAnswer ran = run(*process, limits);
    gather_stderr(*process);
    if (ran.kind == TurnOutcome::Kind::TimedOut) return ran;
    std::tie(ran.kind, ran.text) = answer_from(folder_->read_start(files.output, limits.max_line + 2), limits.max_line);
    // An untested sandbox of the judge's own that failed it silently: played again elsewhere.
    if (ran.kind == TurnOutcome::Kind::NoOutput && player_->sandbox_to_blame_for_first_turn()) continue;
    return ran;
  }
}

Delivery MovePlayer::write(std::span<const std::string> lines) {
  pending_.insert(pending_.end(), lines.begin(), lines.end());
  return {};
}

TurnOutcome MovePlayer::take_turn(std::span<const std::string> input, const std::function<void()>& on_input) {
  pending_.insert(pending_.end(), input.begin(), input.end());
  if (on_input) on_input();
  MoveAnswer answer = play(clock_.read_limits(rules_.max_line));
  pending_.clear();
  TurnOutcome outcome;
  outcome.kind = answer.kind;
  outcome.text = answer.kind == TurnOutcome::Kind::Line ? std::move(answer.text) : answer.text.substr(0, kOutputKept);
  outcome.why = std::move(answer.why);
  outcome.input_written = true;
  outcome.charge = clock_.charge(answer.cpu, answer.wall, answer.kind == TurnOutcome::Kind::TimedOut);
  return outcome;
}

}  // namespace amazes::arbiter
