// amazes: the judge for the game Amazes. Dispatches to one subcommand per file.
#include <cstdio>
int main() { std::puts("amazes"); return 0; }
