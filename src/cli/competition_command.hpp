#pragma once
// What `amazes tournament` and `amazes versus` do alike before and after their games: check
// every player before the first game, describe the run, write replays as games are stored, and
// sum it up.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/competition/competition.hpp"
#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/match_pool.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/competition/prepared_run.hpp"
#include "amazes/competition/results_store.hpp"

namespace amazes::cli {

// Every player's command must start (and the script its interpreter is given must be there), no
// player may see a secret (the mazes, the config, the output), and, when `trial`, each must
// answer its first turn (player_trial.hpp, `jobs` at once), before a single game is played: any
// of them is a usage error (UsageError, exit 2). `first_game` is any game of the run (its
// settings are the run's).
void check_players_and_layout(const arbiter::MatchSpec& first_game, const std::vector<competition::PlayerSpec>& players,
                              const std::vector<arbiter::Secret>& secrets, bool trial, int jobs);

// Whether a run plays the one-turn trial: asked (not --no-trial) and its games played here.
bool trial_wanted(const competition::CompetitionRequest& request);

// Games at once: -j, by default one per CPU, but never more than the sandbox has UIDs for (two
// per game, as root): then as many as it has, said in one line. Throws UsageError when the UID
// range cannot seat even one game.
int games_at_once(const competition::CompetitionRequest& request);

// What preparing the run found worth telling (players kept from the store, …), and its seed
// when that was drawn at random (said whatever -q asks: command.hpp, say_drawn_seed).
void say_notes_and_drawn_seed(const competition::PreparedRun& run, std::string_view command);

// What the games are played on: "mazes mazes/", "mazes generated 25x25", or for a game played on
// no maze "game more from each game's seed".
std::string describe_setups(const competition::Competition& competition);

// --replays: the before_commit hook that writes a game's replay beside its log, so that a
// stored game always has its replay.
std::function<void(const competition::MatchRow&)> replay_writer(const std::filesystem::path& out);

// From here on, an interrupted judge (Ctrl-C, SIGTERM) says once its players are dead:
// "amazes COMMAND: interrupted: run the same command again to continue". `status_line`: a live
// status line is on the terminal, which the note first clears.
void say_how_to_continue_if_interrupted(std::string_view command, bool status_line);

// A game its referee failed, as it happens: "amazes COMMAND: ID: not played: WHAT".
void say_game_not_played(std::string_view command, const competition::FailedMatch& failed);
// At the end of a run with such games: how many, and that the same command plays them again.
void say_games_not_played(std::string_view command, std::size_t count);

// "N games played in T (G games/s); results in OUT", at info level; nothing when none was.
void log_games_played(int played, double seconds, const std::filesystem::path& out);

}  // namespace amazes::cli
