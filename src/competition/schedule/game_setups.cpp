// The two kinds of a game's setups (game_setups.hpp).
#include "amazes/competition/game_setups.hpp"

#include <fmt/format.h>

namespace amazes::competition {

namespace {

// A game on a maze: the round's maze from its file or its seed, a pairing's starts on it.
class MazeSetups final : public GameSetups {
 public:
  explicit MazeSetups(const Competition& competition)
      : seed_(competition.seed), size_(competition.mazes.size), files_(parsed_maze_files(competition)) {
    if (competition.mazes.directory && files_.empty()) {
      throw ScheduleError("a competition on maze files was given no maze files");
    }
  }

  RoundSetup round(int round, int place) const override {
    if (!files_.empty()) {
      RoundSetup setup = files_[static_cast<std::size_t>(place - 1) % files_.size()];
      setup.round = round;
      return setup;
    }
    try {
      GameMaze source = maze_from_seed(maze_seed(seed_, round), size_);
      return {round,
              std::string(arbiter::kAmazesGame),
              std::move(source.name),
              std::move(source.maze),
              source.starts,
              source.maze_seed};
    } catch (const MazeSourceError& e) {
      throw ScheduleError(e.what());
    }
  }

  // The starts on the round's maze: the file's, or drawn from the pairing's seed as `amazes match
  // --seed` draws them, so that the log's seed replays the game (`amazes match --maze <the round's
  // maze> --seed <seed>`), and the seed, unless the file's starts leave nothing drawn.
  PairingSetup pairing(const RoundSetup& round, std::string_view name, std::uint64_t seed) const override {
    GameStarts drawn = game_starts(round.maze.value(), round.starts, name, seed);
    return {drawn.starts, drawn.seed};
  }

  arbiter::GameSetup match(const RoundSetup& round, const ScheduledMatch& match) const override {
    return arbiter::amazes_setup(round.maze.value(), match.starts.value(), match.seed);
  }

 private:
  std::uint64_t seed_;  // the competition's
  int size_;            // of generated mazes
  std::vector<RoundSetup> files_;
};

// A game its referee sets up: a round is the game, a pairing its seed.
class RefereeSetups final : public GameSetups {
 public:
  explicit RefereeSetups(std::string game) : game_(std::move(game)) {}

  RoundSetup round(int round, int /*place*/) const override {
    return {round, game_, game_, std::nullopt, std::nullopt, std::nullopt};
  }

  PairingSetup pairing(const RoundSetup& /*round*/, std::string_view /*name*/, std::uint64_t seed) const override {
    return {std::nullopt, seed};
  }

  arbiter::GameSetup match(const RoundSetup& round, const ScheduledMatch& match) const override {
    return arbiter::GameSetup{round.game, match.seed, ""};
  }

 private:
  std::string game_;
};

}  // namespace

std::shared_ptr<const GameSetups> game_setups(const Competition& competition) {
  if (competition.settings.game.on_maze()) return std::make_shared<MazeSetups>(competition);
  if (competition.mazes.directory) {
    throw ScheduleError(
        fmt::format("{}: the game '{}' is played on no maze (its referee draws its setup from the seed)",
                    competition.mazes.directory->string(), competition.settings.game.name()));
  }
  return std::make_shared<RefereeSetups>(competition.settings.game.name());
}

}  // namespace amazes::competition
