#pragma once
// Hand-drawn 3×3 mazes shared by the tests.

namespace amazes::testing {

// A ring of eight squares round the centre, which hangs off the top middle square:
// one loop, one dead end (the centre).
inline constexpr const char* kRing =
    "+-+-+-+\n"
    "|     |\n"
    "+ + + +\n"
    "| | | |\n"
    "+ +-+ +\n"
    "|     |\n"
    "+-+-+-+\n";

// The ring with the centre walled in: disconnected, and no start can stand there.
inline constexpr const char* kRingWithoutCentre =
    "+-+-+-+\n"
    "|     |\n"
    "+ +-+ +\n"
    "| | | |\n"
    "+ +-+ +\n"
    "|     |\n"
    "+-+-+-+\n";

// The top row a corridor open to the right at its end, the rest a spiral.
inline constexpr const char* kCorridorAndSpiral =
    "+-+-+-+\n"
    "|     |\n"
    "+-+-+ +\n"
    "|   | |\n"
    "+ + + +\n"
    "|     |\n"
    "+-+-+-+\n";

}  // namespace amazes::testing
