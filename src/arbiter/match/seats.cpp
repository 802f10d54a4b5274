#include "match/seats.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "amazes/arbiter/match_observer.hpp"
#include "match/move_player.hpp"
#include "match/resident_player.hpp"
#include "process/launch_spec.hpp"
#include "sandbox/page_cache.hpp"

namespace amazes::arbiter {

namespace {

// What a player's process is started with: the game's stderr limit, and its stderr passed on to the
// observer as `color`'s (when there is one).
PlayerOptions player_options(const MatchSpec& spec, Color color, MatchObserver* observer) {
  PlayerOptions options{spec.settings.stderr_limit, {}};
  if (observer != nullptr) {
    options.stderr_sink = [observer, color](std::string_view bytes) { observer->on_stderr(color, bytes); };
  }
  return options;
}

// Starts a player at the beginning of its first turn, not before. A player that is not on turn is
// stopped (docs/rules.md §10), and a stop that lands while bubblewrap creates the first process of
// its sandbox (the init of a new PID namespace) can leave that process stopped for good: a SIGCONT
// from outside the namespace does not wake it (seen on Linux 6.18 with process-group control, and
// with a bare clone(CLONE_NEWPID) loop; a plain fork is not affected). Started at its turn, a
// player is first stopped once it has answered, its sandbox complete; its start-up is its first
// turn's either way. Throws JudgeFailure when the judge, not the player, could not start it.
void start_player(SandboxedPlayer& player, Color color, const MatchSpec& spec, MatchObserver* observer) {
  if (const auto judge_failure = player.start(player_options(spec, color, observer))) {
    // Not the player's crash: a tournament must not score it, and a rerun may well succeed.
    const std::string seat_name =
        spec.settings.game.built_in() ? std::string(color_name(color)) : fmt::format("player {}", index_of(color) + 1);
    throw JudgeFailure(
        fmt::format("could not start {} ({}): {}", seat_name, spec.players[index_of(color)].name, *judge_failure));
  }
}

}  // namespace

std::array<Seat, 2> seat_players(const MatchSpec& spec, const TurnRules& rules, MatchObserver* observer,
                                 const std::filesystem::path& move_folders) {
  // Before anything of this game is read: nothing an earlier game left in the cache is there.
  if (spec.settings.sandbox.drop_caches) {
    if (const std::string problem = drop_page_cache(); !problem.empty()) {
      throw JudgeFailure("cannot drop the page cache before the game (--sandbox-drop-caches): " + problem);
    }
  }
  std::array<Seat, 2> seats;
  for (const Color color : {Color::Red, Color::Blue}) {
    const PlayerSpec& player = spec.players[index_of(color)];
    LaunchSpecResult launch = make_launch_spec(player.name, player.command);
    if (!launch.ok()) throw PlayerCommandError(launch.error);
    Seat& seat = seats[index_of(color)];
    const PlayerClock clock(spec.settings);
    if (spec.settings.move_files.per_move()) {
      const std::string folder = std::to_string(index_of(color) + 1);
      seat.taker = std::make_unique<MovePlayer>(spec.settings, std::move(launch.spec), move_folders / folder, clock,
                                                rules, player_options(spec, color, observer));
    } else {
      seat.taker = std::make_unique<ResidentPlayer>(
          std::make_unique<SandboxedPlayer>(spec.settings.sandbox, std::move(launch.spec)), clock, rules,
          [&spec, color, observer](SandboxedPlayer& player) { start_player(player, color, spec, observer); });
    }
  }
  return seats;
}

// The mechanisms (each player's when they differ), the two UIDs when they have their own, and the
// CPU the match ran on.
std::string sandbox_record(const std::array<Seat, 2>& seats, const SandboxSettings& settings, const CpuPin& pin) {
  const std::string& red = seats[0].player().sandbox().mechanisms();
  const std::string& blue = seats[1].player().sandbox().mechanisms();
  std::string text = red == blue ? red : fmt::format("{} (red) / {} (blue)", red, blue);
  const auto red_uid = seats[0].player().sandbox().uid();
  const auto blue_uid = seats[1].player().sandbox().uid();
  if (red_uid && blue_uid) {
    text += fmt::format(" + uids {} (red), {} (blue)", *red_uid, *blue_uid);
  } else if (settings.mode != SandboxMode::None) {
    text += " + the judge's uid";
  }
  if (pin.cpu()) {
    // Whether a player can leave it: the filter denies sched_setaffinity (cpu_pin.hpp).
    const auto filtered = [&](const Seat& seat) {
      const auto& mechanisms = seat.player().sandbox().used().mechanisms;
      return std::find(mechanisms.begin(), mechanisms.end(), "seccomp") != mechanisms.end();
    };
    text += fmt::format(" + CPU {} ({})", *pin.cpu(),
                        filtered(seats[0]) && filtered(seats[1])
                            ? "sched_setaffinity denied by the filter"
                            : "not held: a player without the filter may change its CPUs");
  }
  if (settings.drop_caches) text += " + page cache dropped";
  return text;
}

// The same as fields: the mechanisms of a player with a UID of its own (blue's when both have),
// each player's own UID, the CPU.
SandboxUsed sandbox_used(const std::array<Seat, 2>& seats, const CpuPin& pin) {
  SandboxUsed used = seats[seats[1].player().sandbox().uid().has_value() ? 1 : 0].player().sandbox().used();
  for (const Color color : {Color::Red, Color::Blue}) {
    if (const auto uid = seats[index_of(color)].player().sandbox().uid()) used.uids[index_of(color)] = *uid;
  }
  if (pin.cpu()) used.cpu = *pin.cpu();
  return used;
}

void fill_process_outcome(Seat& seat, PlayerOutcome& o) {
  o.time_ms = to_ms(seat.clock().charged());
  if (PlayerProcess* process = seat.player().process()) {
    const StderrCapture& captured = seat.taker->stderr_capture();
    o.stderr_text = captured.kept;
    o.stderr_dropped = captured.dropped;
    o.exit = process->exit_description();
    o.out_of_memory = process->control().out_of_memory();
  } else if (!seat.player().started()) {
    o.exit = "not started: the game ended before its first turn";
  } else {
    o.exit = "did not start: " + seat.player().start_error();
  }
}

}  // namespace amazes::arbiter
