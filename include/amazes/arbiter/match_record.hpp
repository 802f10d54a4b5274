#pragma once
// Everything about one played match: what the match log (docs/formats.md "Match log") holds.
// The arbiter fills it in; the log writer, `amazes log show`, the results store and the
// reports read it.
//
// A record is what every game has (MatchRecord: the players, the settings, the outcome, the
// sandbox) and the game's own part (GameRecord): the built-in Amazes game's turns (AmazesRecord),
// or a referee game's lines (RefereeRecord). Which one follows settings.game.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "amazes/arbiter/game_setup.hpp"
#include "amazes/arbiter/match_settings.hpp"
#include "amazes/arbiter/sandbox_settings.hpp"
#include "amazes/game.hpp"
#include "amazes/maze.hpp"

namespace amazes::arbiter {

struct PlayerSpec {
  std::string name;
  std::string command;
};

// A name a referee may report a value under (`NAME=V1,V2`, docs/referees.md), and a contest rank
// by (`value:NAME`): lowercase letters, digits and `_`, at least one.
bool is_value_name(std::string_view name);

struct PlayerOutcome {
  int points = 0;
  int score = 0;
  // In a referee game: the fault the judge saw and the player's listen at which it came, or else
  // the fault the referee reported and the player's move it named (perhaps none).
  std::optional<FaultKind> fault;
  std::optional<int> fault_turn;
  double time_ms = 0.0;     // total time charged
  std::string stderr_text;  // the first stderr_limit bytes
  std::uint64_t stderr_dropped = 0;
  std::string exit;  // how the process ended, e.g. "exit 0", "signal 9", "killed after grace"
  // The kernel killed a process of the player for going beyond its memory limit (a memory cgroup).
  bool out_of_memory = false;
  // A referee game: the values its report gave the player beside the score, by name
  // (docs/referees.md §6), such as a tie-break a contest ranks by.
  std::map<std::string, std::int64_t> values;
  // A referee game: why the referee refused the line of the fault it reported, as its log said it
  // (`fault N KIND: REASON`, docs/referees.md), cut short; empty when it said nothing. The
  // referee's words quote the player's line: untrusted bytes, escaped wherever shown.
  std::string fault_reason;
};

// The time limit that ended a turn (docs/rules.md §10): the budget left of the game, the wall guard
// around it (cpu clock), or the limit per move when that was the smaller.
enum class LimitHit : std::uint8_t { Budget, WallGuard, Move };
std::string_view limit_hit_name(LimitHit limit);  // "budget", "wall_guard", "move"
std::optional<LimitHit> limit_hit_from_name(std::string_view name);

// What went between the judge and a player in one turn, the same for every game (an Amazes turn,
// a referee game's listen): what came of the player's output, and the clock's account of the turn.
struct TurnExchange {
  // An Amazes turn: the line read (without '\n', a '\r' kept), or on a fault what came of one.
  // A listen: only what came that was no line (the line itself is what the referee got).
  // Nothing when none came.
  std::optional<std::string> output;
  double time_ms = 0.0;  // time charged for the turn
  // What the turn was allowed (time_control.hpp): the player's budget left before it, and the
  // most it could be charged (the budget left, or the limit per move when smaller).
  double budget_ms = 0.0;
  double limit_ms = 0.0;
  // The limit that ended the turn, when one did; nothing in a log written before it was recorded.
  std::optional<LimitHit> limit_hit;
};

// A `turns` entry of the match log (docs/formats.md): what the rules made of the turn, and what
// went over the pipes and the clock, which only the arbiter knows.
struct LoggedTurn : TurnResult, TurnExchange {
  LoggedTurn() = default;
  explicit LoggedTurn(TurnResult result) : TurnResult(std::move(result)) {}

  std::vector<std::string> input;  // lines written, without '\n'; empty when nothing was written
  // On an `unsolicited` fault: what was waiting when the turn started (no line was read then,
  // so `output` is empty). The arbiter cuts it short.
  std::optional<std::string> unsolicited_output;
  // On an `illegal` or `too_long` fault: what the player wrote on stdout after the line that
  // faulted, before it was killed (a runtime's error spans lines). The arbiter cuts it short.
  std::optional<std::string> more_output;
};

// Who sent a line of a referee game, and to whom (docs/referees.md, "The judge as caiaio").
enum class RefereeRoute : std::uint8_t {
  RefereeToJudge,    // an `I …` line: what the referee asks of caiaio
  JudgeToReferee,    // caiaio's answer to it: `lock_ok`, `time MS MS`
  RefereeToPlayer,   // an `N TEXT` line, as the player gets it: TEXT
  PlayerToReferee,   // a listen's answer: the player's line, or caiaio's marker in its place
  RefereeToManager,  // an `M TEXT` line: TEXT
};

// A line of a referee game. PlayerToReferee: a listen, whose exchange (TurnExchange) is a turn's;
// the other routes use only its `output` (RefereeToPlayer: output out of turn).
struct RefereeLine : TurnExchange {
  RefereeRoute route = RefereeRoute::RefereeToJudge;
  int player = 0;  // 1 or 2 on the player's routes
  std::string text;
  // RefereeToPlayer: not written, the player having faulted before (or at this line, `unsolicited`).
  bool dropped = false;
  // PlayerToReferee: the player's listen (1, 2, …) and whether `text` is a marker instead of the
  // player's line.
  int listen = 0;
  bool marker = false;
  // The fault the judge saw here (a listen's, or `unsolicited` at a line to the player); `output`
  // is then what the player had written that was no line: a line cut short, one too long, output
  // out of turn.
  std::optional<FaultKind> fault;
  // A fault that no output shows, in the judge's words: a per-move player's folder that could
  // not take its input.
  std::optional<std::string> why;
};

inline RefereeLine referee_line(RefereeRoute route, int player, std::string text) {
  RefereeLine line;
  line.route = route;
  line.player = player;
  line.text = std::move(text);
  return line;
}

// The built-in Amazes game's part of a record (settings.game.built_in()): the maze and starts of
// its setup, and every turn in the order played.
struct AmazesRecord {
  AmazesBoard board;
  std::vector<LoggedTurn> turns;
};

// A referee game's part of a record: the referee, and every line in the order it went.
struct RefereeRecord {
  // As run: placeholders replaced, the log file last (the judge's temporary file, kept below).
  std::vector<std::string> command;
  // A game on a maze (settings.game.on_maze()): the {maze} file's maze and starts, what the
  // referee played; nothing for a game on no maze.
  std::optional<AmazesBoard> board;
  std::vector<RefereeLine> transcript;
  std::string report;  // the first `M report …` line, without the `M `
  std::string stderr_text;
  std::uint64_t stderr_dropped = 0;
  std::string exit;  // how the referee's process ended
  // Its own log (caiaio's argument, a file of the judge's for the game): its first bytes, up to a
  // bound, and how many more it wrote. Empty in a log written before it was kept.
  std::string log_text;
  std::uint64_t log_dropped = 0;
};

// The game's own part of a record: visit it whole (overloaded.hpp), or ask for one kind below.
using GameRecord = std::variant<AmazesRecord, RefereeRecord>;

struct MatchRecord {
  std::string id;
  std::optional<std::uint64_t> seed;  // nothing when the maze and starts were given
  std::array<PlayerSpec, 2> players;  // red, blue
  MatchSettings settings;
  GameEnd end = GameEnd::Normal;
  std::array<PlayerOutcome, 2> outcome;  // red, blue; a referee game's scores are the referee's
  // Which isolation and accounting were used, e.g. "bwrap + cgroup v2 (freeze, kill, cpu.stat)
  // + rlimits (data 1024 MiB, nproc 256, nofile 64, fsize 0, core 0) + uids 60600 (red), 60601 (blue)".
  std::string sandbox = "none";
  SandboxUsed sandbox_used;
  // The kind settings.game says: AmazesRecord for the built-in game, else RefereeRecord. Whoever
  // makes a record keeps the two in agreement (record_of_spec() in match.hpp does).
  GameRecord game;

  // The game's part of one kind, or nullptr when the record is of the other.
  const AmazesRecord* amazes() const { return std::get_if<AmazesRecord>(&game); }
  AmazesRecord* amazes() { return std::get_if<AmazesRecord>(&game); }
  const RefereeRecord* referee() const { return std::get_if<RefereeRecord>(&game); }
  RefereeRecord* referee() { return std::get_if<RefereeRecord>(&game); }
  // The maze and starts the game was played on, whichever its kind; nullptr for a game on no maze.
  const AmazesBoard* board() const {
    if (const AmazesRecord* own = amazes()) return &own->board;
    const std::optional<AmazesBoard>& given = referee()->board;
    return given ? &*given : nullptr;
  }
};

}  // namespace amazes::arbiter
