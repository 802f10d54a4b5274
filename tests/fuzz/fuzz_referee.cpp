// The built-in Caia referees on any input: what caiaio answers them is, in a game, mostly the
// players' lines verbatim, and a referee may run as the judge's user (docs/security.md "A
// referee"), so its reading of them is an attack surface. The first byte picks the game (its
// value mod 4: More, Amazes, Lamistra, Susan) and the More board or Amazes maze; the rest is
// everything the referee reads. It must
// end the game or stop with CaiaClosed when the input runs out; any other exception, a sanitizer
// report or a hang is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "amazes/generator.hpp"
#include "amazes/more/board_generator.hpp"
#include "amazes/referee/amazes_referee.hpp"
#include "amazes/referee/caia_channel.hpp"
#include "amazes/referee/lamistra_referee.hpp"
#include "amazes/referee/more_referee.hpp"
#include "amazes/referee/susan_referee.hpp"
#include "amazes/starts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace amazes;
  if (size == 0) return 0;
  const std::uint8_t choice = data[0];
  std::istringstream from_caiaio(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  std::ostringstream to_caiaio;
  std::ostringstream log;
  referee::CaiaChannel caia(from_caiaio, to_caiaio);
  try {
    if (choice % 4 == 0) {
      (void)referee::referee_more(more::generate_board(choice / 4U), caia, log);
    } else if (choice % 4 == 1) {
      // A small maze and few turns: the same code as a 25x25 game, more games a second.
      const Maze maze = generate_maze(choice / 4U, GeneratorOptions{.size = 7});
      const auto starts = draw_starts_for_seed(maze, choice / 4U);
      if (!starts) return 0;
      (void)referee::referee_amazes(maze, *starts, GameSettings{.turns = 20}, caia, log);
    } else if (choice % 4 == 2) {
      (void)referee::referee_lamistra(caia, log);
    } else {
      (void)referee::referee_susan(caia, log);
    }
  } catch (const referee::CaiaClosed&) {
  }
  return 0;
}
