// Never reads its stdin; writes the move line "F\n" over and over, one write per line, as
// fast as it can. It cannot know when its turn is, so (RULES.md §4.3) its output is either
// waiting before the judge writes a turn's input — `unsolicited` — or, had it stopped
// writing, missing — `timeout`. Writing without pause, it gets `unsolicited` at the latest
// on its second turn: the judge takes one line per turn and the rest is left waiting.
// The judge's writes to its stdin never block: the input of a whole game is a few KiB,
// far less than a pipe holds, and the judge's end is non-blocking anyway.
#include "bot_protocol.hpp"

int main() {
  for (;;) bot::write_all(1, "F\n");
}
