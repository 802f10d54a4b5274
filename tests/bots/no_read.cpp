// Never reads its stdin; writes the move line "F\n" over and over, one write per line, as
// fast as it can. It cannot know when its turn is, so (docs/rules.md §4.3) its output is either
// waiting before the judge writes a turn's input — `unsolicited` — or, had it stopped
// writing, missing — `timeout`. Writing without pause, it almost always gets `unsolicited` at
// turn 1 or 2: the judge takes one line per turn and the rest is left waiting. Not always:
// when SIGSTOP lands right after one of its writes, that turn looks like a quick answer, and
// the judge has no way to tell it was not an answer to the input. Depending on where the
// scheduler puts the two processes, that can happen at every turn of a game (seen about 1 game
// in 50 unpinned on the 2-core VM); in matches pinned to one CPU it was caught in all of 600.
// The judge's writes to its stdin never block: the input of a whole game is a few KiB,
// far less than a pipe holds, and the judge's end is non-blocking anyway.
#include "bot_protocol.hpp"

int main() {
  for (;;) bot::write_all(1, "F\n");
}
